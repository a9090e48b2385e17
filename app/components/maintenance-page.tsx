/** What shoppers see while the store is closed for maintenance (a 503 from the request policy). */
export function MaintenancePage({ siteTitle }: { siteTitle: string }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-stone-50 px-4 text-center">
      <title>{`${siteTitle} · Back soon`}</title>
      <p className="text-6xl" aria-hidden="true">
        🚜
      </p>
      <h1 className="mt-4 text-3xl font-bold text-stone-900">We are tending the fields</h1>
      <p className="mt-2 max-w-md text-stone-600">
        {siteTitle} is closed for a short maintenance. Please come back in a little while — your cart is saved on this device.
      </p>
    </main>
  );
}

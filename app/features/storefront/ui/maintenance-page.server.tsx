import { m } from "~/platform/i18n/i18n.server";
import { staticMarkup } from "~/platform/render/static-markup.server";

/**
 * What shoppers see while the store is closed for maintenance (a 503 from the request policy), as
 * HTML made on the server and carried by the 503 itself: root.tsx's ErrorBoundary shows it (with
 * the page title), so no page's script carries it. In the page's language (the request's).
 */
export function maintenanceMarkup(siteTitle: string): string {
  return staticMarkup(<MaintenancePage siteTitle={siteTitle} />);
}

/** The browser tab's title for that page, in the page's language. */
export const maintenanceTitle = (siteTitle: string) => m.legal_maintenance_tab_title({ siteTitle });

function MaintenancePage({ siteTitle }: { siteTitle: string }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-stone-50 px-4 text-center">
      <p className="text-6xl" aria-hidden="true">
        🚜
      </p>
      <h1 className="mt-4 text-3xl font-bold text-stone-900">{m.legal_maintenance_title()}</h1>
      <p className="mt-2 max-w-md text-stone-600">{m.legal_maintenance_detail({ siteTitle })}</p>
    </main>
  );
}

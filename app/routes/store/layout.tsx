import { useEffect } from "react";
import { data, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { getSessionUser } from "~/auth/session.server";
import { getGeneralSettings } from "~/services/settings/get-general-settings.server";
import { LazyAuthDialog } from "~/components/lazy-auth-dialog";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useRootData } from "~/lib/root-data";

/** Maintenance mode: shoppers get a maintenance page (503); admins keep using the store. */
export async function loader({ request }: Route.LoaderArgs) {
  const settings = await getGeneralSettings();
  if (settings.maintenanceMode) {
    const user = await getSessionUser(request);
    if (user?.role !== "admin")
      throw data({ maintenance: true, siteTitle: settings.siteTitle }, { status: 503, headers: { "Retry-After": "600" } });
  }
  return null;
}

// A thrown response keeps its headers (Retry-After on the maintenance page) only through this.
export const headers: Route.HeadersFunction = ({ errorHeaders, loaderHeaders }) => errorHeaders ?? loaderHeaders;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const maintenance = (error as { data?: { maintenance?: boolean; siteTitle?: string } })?.data;
  if (!maintenance?.maintenance) throw error;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-stone-50 px-4 text-center">
      <title>{`${maintenance.siteTitle ?? "Angle"} · Back soon`}</title>
      <p className="text-6xl" aria-hidden="true">
        🚜
      </p>
      <h1 className="mt-4 text-3xl font-bold text-stone-900">We are tending the fields</h1>
      <p className="mt-2 max-w-md text-stone-600">
        {maintenance.siteTitle ?? "Angle"} is closed for a short maintenance. Please come back in a little while — your cart is saved on
        this device.
      </p>
    </main>
  );
}

/** Storefront pages: header and footer. Admin and vendor-login routes live outside this layout (spec §2). */
export default function StoreLayout() {
  const { store, user } = useRootData();

  // Spec §3: the signed-in user is mirrored in local storage (non-secret fields); the session decides.
  useEffect(() => {
    try {
      if (user)
        window.localStorage.setItem(
          "angle-user",
          JSON.stringify({ id: user.id, name: user.name, email: user.email, type: user.role, phone: user.phone, address: user.address }),
        );
      else window.localStorage.removeItem("angle-user");
    } catch {
      // storage blocked
    }
  }, [user]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader store={store} user={user} />
      <main id="main" className="flex-1 [overflow-wrap:anywhere]">
        <Outlet />
      </main>
      <SiteFooter store={store} />
      <LazyAuthDialog />
    </div>
  );
}

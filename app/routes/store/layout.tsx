import { useEffect } from "react";
import { Outlet } from "react-router";
import { LazyAuthDialog } from "~/components/lazy-auth-dialog";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useRootData } from "~/lib/root-data";

/**
 * Storefront pages: header and footer. Admin and vendor-login routes live outside this layout (spec §2).
 * Maintenance mode is the request policy's (app/lib/request-policy.server.ts), for every route alike.
 */
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

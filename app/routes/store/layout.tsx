import { useEffect } from "react";
import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { LazyAuthDialog } from "~/components/lazy-auth-dialog";
import { footerMarkup } from "~/components/site-footer.server";
import { SiteHeader } from "~/components/site-header";
import { brandMarkup } from "~/components/site-header.server";
import { StaticHtml } from "~/components/static-html";
import { useRootData } from "~/lib/root-data";
import { storeDetails } from "~/lib/store-details.server";

/** The header's logo and the footer, as HTML made here (docs/decisions/007-first-load-budget.md). */
export async function loader({ context }: Route.LoaderArgs) {
  const details = await storeDetails(context);
  return { brand: brandMarkup(details), footer: footerMarkup(details) };
}

/**
 * The logo and footer change only when an admin edits the store's details: they are not fetched again on
 * each navigation within the store (a shopper sees an edit on their next page load).
 */
export const shouldRevalidate = () => false;

/**
 * Storefront pages: header and footer. Admin and vendor-login routes live outside this layout (spec §2).
 * Maintenance mode is the request policy's (app/lib/request-policy.server.ts), for every route alike.
 */
export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  const { user } = useRootData();

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
      <SiteHeader brand={loaderData.brand} user={user} />
      <main id="main" className="flex-1 [overflow-wrap:anywhere]">
        <Outlet />
      </main>
      <StaticHtml html={loaderData.footer} />
      <LazyAuthDialog />
    </div>
  );
}

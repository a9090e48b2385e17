import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { LazyAuthDialog } from "~/features/accounts/ui/lazy-auth-dialog";
import { footerMarkup } from "~/features/storefront/ui/site-footer.server";
import { languageSwitchMarkup } from "~/features/storefront/ui/language-switch.server";
import { SiteHeader } from "~/features/storefront/ui/site-header";
import { brandMarkup } from "~/features/storefront/ui/site-header.server";
import { StaticHtml } from "~/ui/static-html";
import { useRootData } from "~/platform/render/root-data";
import { storeDetails } from "~/features/settings/server/store-details.server";
import { currentLocale, NOT_ON_THE_STOREFRONT, uiMessages } from "~/platform/i18n/i18n.server";
import { useT } from "~/platform/i18n/i18n";

/**
 * The header's logo and the footer, as HTML made here (docs/decisions/007-first-load-budget.md), in the
 * page's language; switching language loads the page afresh, so they need not be fetched again.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const details = await storeDetails(context);
  const locale = currentLocale();
  // The browser's strings in this page's language only (docs/decisions/026-hindi.md).
  return {
    brand: brandMarkup(details),
    footer: footerMarkup(details),
    languageSwitch: { header: languageSwitchMarkup(locale), footer: languageSwitchMarkup(locale, true) },
    locale,
    ui: uiMessages(locale, NOT_ON_THE_STOREFRONT),
  };
}

/**
 * The logo and footer change only when an admin edits the store's details: they are not fetched again on
 * each navigation within the store (a shopper sees an edit on their next page load).
 */
export const shouldRevalidate = () => false;

/**
 * Storefront pages: header and footer. Admin and vendor-login routes live outside this layout (spec §2).
 * Maintenance mode is the request policy's (app/platform/request-policy.server.ts), for every route alike.
 */
export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  const { user } = useRootData();
  const t = useT();

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("ui_skip_to_content")}
      </a>
      <SiteHeader brand={loaderData.brand} languageSwitch={loaderData.languageSwitch.header} user={user} />
      <main id="main" className="flex-1 [overflow-wrap:anywhere]">
        <Outlet />
      </main>
      <footer className="mt-16 bg-stone-900 text-stone-300">
        <StaticHtml html={loaderData.footer.links} />
        <div className="flex flex-col items-center gap-3 border-t border-stone-800 px-4 py-5 text-xs text-stone-400 sm:flex-row sm:justify-center sm:gap-6">
          <StaticHtml html={loaderData.languageSwitch.footer} />
          <p className="text-center">{loaderData.footer.copyright}</p>
        </div>
      </footer>
      <LazyAuthDialog />
    </div>
  );
}

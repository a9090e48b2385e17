import { data, Form, Link, NavLink, Outlet } from "react-router";
import Leaf from "lucide-react/icons/leaf";
import LogOut from "lucide-react/icons/log-out";
import type { Route } from "./+types/layout";
import { getSessionUser } from "~/platform/auth/session.server";
import { VerifyEmailBanner } from "~/features/accounts/ui/verify-email-banner";
import { getVendorProfile } from "~/features/vendor-shops/server/vendor-profile.server";
import { log } from "~/platform/log.server";
import { currentLocale, m, uiMessages } from "~/platform/i18n/i18n.server";
import { useT } from "~/platform/i18n/i18n";
import type { UiKey } from "~/platform/i18n/i18n";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.ui.ui_vendor_meta_title ?? "Sell on Angle · Vendor" }];

/** /vendor-login and below: the seller's own area, without the storefront header and footer (spec §2). */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = currentLocale();
  // The browser's strings in this page's language only (docs/decisions/026-hindi.md).
  const i18n = { locale, ui: uiMessages(locale) };
  const user = await getSessionUser(request);
  if (user?.role !== "vendor") return { vendor: null, verified: false, error: null, ...i18n };
  try {
    const vendor = await getVendorProfile(user.id);
    if (!vendor) return data({ vendor: null, verified: false, error: m.vendor_profile_load_failed(), ...i18n }, { status: 500 });
    return { vendor, verified: user.verified, error: null, ...i18n };
  } catch (error) {
    log.error({ err: error }, "vendor profile failed");
    return data({ vendor: null, verified: false, error: m.vendor_profile_load_failed(), ...i18n }, { status: 500 });
  }
}

const links: { to: string; label: UiKey; end?: boolean }[] = [
  { to: "/vendor-login", label: "ui_vendor_nav_dashboard", end: true },
  { to: "/vendor-login/products", label: "ui_vendor_nav_products" },
  { to: "/vendor-login/orders", label: "ui_vendor_nav_orders" },
  { to: "/vendor-login/analytics", label: "ui_vendor_nav_analytics" },
  { to: "/vendor-login/stock-alerts", label: "ui_vendor_nav_stock_alerts" },
  { to: "/vendor-login/offers", label: "ui_vendor_nav_offers" },
  { to: "/vendor-login/gst", label: "ui_vendor_nav_gst" },
  { to: "/vendor-login/lots", label: "ui_vendor_recall_nav" },
  { to: "/vendor-login/profile", label: "ui_vendor_nav_profile" },
];

export default function VendorLayout({ loaderData }: Route.ComponentProps) {
  const { vendor } = loaderData;
  const t = useT();
  return (
    <div className="min-h-screen bg-stone-100">
      <header className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 font-bold">
            <Leaf className="h-5 w-5" aria-hidden="true" /> Angle{" "}
            <span className="font-normal text-green-100">{t("ui_vendor_for_sellers")}</span>
          </Link>
          {vendor ? (
            <Form method="post" action="/logout">
              <input type="hidden" name="redirectTo" value="/vendor-login" />
              <button type="submit" className="flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold hover:bg-white/10">
                <LogOut className="h-4 w-4" aria-hidden="true" /> {t("ui_vendor_logout")}
              </button>
            </Form>
          ) : (
            <Link to="/" className="text-sm font-semibold underline">
              {t("ui_vendor_back_to_store")}
            </Link>
          )}
        </div>
        {vendor ? (
          <nav aria-label={t("ui_vendor_nav_label")} className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-3 pb-2">
            {links.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                end={l.end}
                className={({ isActive }) =>
                  `shrink-0 rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? "bg-white text-brand-800" : "text-green-50 hover:bg-white/10"}`
                }
              >
                {t(l.label)}
              </NavLink>
            ))}
          </nav>
        ) : null}
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 [overflow-wrap:anywhere]">
        {loaderData.error ? (
          <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 font-medium text-red-800">
            {loaderData.error}
          </p>
        ) : null}
        {vendor && !loaderData.verified ? (
          <div className="mb-4">
            <VerifyEmailBanner email={vendor.email} reason={t("ui_vendor_verify_reason")} />
          </div>
        ) : null}
        <Outlet />
      </main>
    </div>
  );
}

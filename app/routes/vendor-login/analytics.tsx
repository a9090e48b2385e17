import type { Route } from "./+types/analytics";
import { requireVendorPage } from "~/platform/auth/guards.server";
import { formatPaise } from "~/platform/core/money";
import { vendorSalesByMonth } from "~/features/vendor-shops/server/vendor-orders.server";
import { vendorTitle } from "~/features/vendor-shops/ui/vendor-words";
import { vendorOfferCost } from "~/features/offers/server/admin-offers.server";
import { htmlLang } from "~/platform/i18n/locale";
import type { Locale } from "~/platform/i18n/locale";
import { useLocale, useT } from "~/platform/i18n/i18n";

export const meta: Route.MetaFunction = ({ matches }) => vendorTitle(matches, "ui_vendor_title_analytics");

export async function loader({ request }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  // What the vendor's own offers cost them (issue 31): the discounts they fund, on orders not cancelled.
  const [months, offerCost] = await Promise.all([vendorSalesByMonth(vendor.id), vendorOfferCost(vendor.id)]);
  return { months, offerCost };
}

const monthLabel = (ym: string, locale: Locale) =>
  new Date(`${ym}-01T00:00:00Z`).toLocaleDateString(htmlLang(locale), { month: "short", year: "numeric", timeZone: "UTC" });

export default function VendorAnalytics({ loaderData }: Route.ComponentProps) {
  const { months, offerCost } = loaderData;
  const max = Math.max(1, ...months.map((m) => m.revenue));
  const revenue = months.reduce((s, m) => s + m.revenue, 0);
  const units = months.reduce((s, m) => s + m.units, 0);
  const t = useT();
  const locale = useLocale();
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">{t("ui_vendor_nav_analytics")}</h1>
      <p className="mt-1 text-sm text-stone-600">{t("ui_vendor_analytics_intro")}</p>
      <div className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-3">
        <div className="rounded-xl bg-white p-5 ring-1 ring-stone-200">
          <p className="text-sm text-stone-600">{t("ui_vendor_revenue")}</p>
          <p className="text-2xl font-bold" data-testid="vendor-revenue">
            {formatPaise(revenue)}
          </p>
        </div>
        <div className="rounded-xl bg-white p-5 ring-1 ring-stone-200">
          <p className="text-sm text-stone-600">{t("ui_vendor_units_sold")}</p>
          <p className="text-2xl font-bold" data-testid="vendor-units">
            {units}
          </p>
        </div>
        <div className="rounded-xl bg-white p-5 ring-1 ring-stone-200">
          <p className="text-sm text-stone-600">{t("ui_vendor_offers_cost")}</p>
          <p className="text-2xl font-bold" data-testid="vendor-offer-cost">
            {formatPaise(offerCost.paise)}
          </p>
          <p className="text-xs text-stone-600">{t("ui_vendor_offers_cost_orders", { count: offerCost.orders })}</p>
        </div>
      </div>
      <section className="mt-6 rounded-xl bg-white p-5 ring-1 ring-stone-200" aria-labelledby="chart-title">
        <h2 id="chart-title" className="font-bold">
          {t("ui_vendor_revenue_by_month")}
        </h2>
        {months.length === 0 ? (
          <p className="mt-3 text-stone-600">{t("ui_vendor_no_sales")}</p>
        ) : (
          <table className="mt-4 w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th>{t("ui_vendor_month")}</th>
                <th>{t("ui_vendor_revenue")}</th>
                <th>{t("ui_vendor_units")}</th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month}>
                  <th scope="row" className="w-24 py-1.5 pr-3 text-left font-medium text-stone-700">
                    {monthLabel(m.month, locale)}
                  </th>
                  <td className="py-1.5">
                    <div className="flex items-center gap-2">
                      <div
                        className="h-6 rounded bg-brand-600"
                        style={{ width: `${Math.max(2, (m.revenue / max) * 100)}%` }}
                        aria-hidden="true"
                      />
                      <span className="shrink-0 font-semibold">{formatPaise(m.revenue)}</span>
                    </div>
                  </td>
                  <td className="w-20 py-1.5 text-right text-stone-600">{t("ui_vendor_units_count", { count: m.units })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

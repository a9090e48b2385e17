import { Link } from "react-router";
import type { StockAlerts } from "~/features/lots/domain/stock-alerts";
import { formatDate } from "~/platform/core/dates";
import { useLocale, useT } from "~/platform/i18n/i18n";

/**
 * The stock alerts as a page shows them: low stock, then lots expiring soon, each a list that reads
 * on a phone without scrolling sideways. `productPath` links each to its product's form; `showSeller`
 * (the admin's page) names whose product it is.
 */
export function StockAlertsView({
  alerts,
  productPath,
  showSeller,
}: {
  alerts: StockAlerts;
  productPath: (productId: string) => string;
  showSeller: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const seller = (name: string | null) => (showSeller ? ` · ${name ?? t("ui_vendor_alerts_store")}` : "");
  return (
    <div className="mt-4 grid gap-4">
      <section className="rounded-xl bg-white p-4 ring-1 ring-stone-200" aria-labelledby="low-stock-title" data-testid="low-stock">
        <h2 id="low-stock-title" className="font-bold text-stone-900">
          {t("ui_vendor_alerts_low_title")}
        </h2>
        {alerts.lowStock.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{t("ui_vendor_alerts_low_none")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100">
            {alerts.lowStock.map((a) => (
              <li key={`${a.productId}-${a.sku}`} className="py-2 text-sm">
                <Link to={productPath(a.productId)} className="font-semibold text-brand-800 hover:underline">
                  {a.productName} ({a.label})
                </Link>
                <span className="block text-stone-600">
                  SKU {a.sku}
                  {seller(a.seller)} · {t("ui_vendor_alerts_on_hand", { stock: a.stock, level: a.reorderLevel })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="rounded-xl bg-white p-4 ring-1 ring-stone-200" aria-labelledby="expiring-title" data-testid="expiring-lots">
        <h2 id="expiring-title" className="font-bold text-stone-900">
          {t("ui_vendor_alerts_expiring_title", { days: alerts.withinDays })}
        </h2>
        {alerts.expiring.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{t("ui_vendor_alerts_expiring_none")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100">
            {alerts.expiring.map((a) => (
              <li key={`${a.productId}-${a.label}-${a.lotNumber}`} className="py-2 text-sm">
                <Link to={productPath(a.productId)} className="font-semibold text-brand-800 hover:underline">
                  {a.productName} ({a.label})
                </Link>
                <span className="block text-stone-600">
                  {t("ui_vendor_alerts_lot", {
                    number: a.lotNumber,
                    date: formatDate(`${a.expiresOn}T12:00:00+05:30`, locale),
                    quantity: a.quantity,
                  })}
                  {seller(a.seller)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

import type { Route } from "./+types/stock-alerts";
import { requireVendorPage } from "~/platform/auth/guards.server";
import { listStockAlerts } from "~/features/lots/server/stock-alerts.server";
import { StockAlertsView } from "~/features/lots/ui/stock-alerts";
import { vendorTitle } from "~/features/vendor-shops/ui/vendor-words";
import { useT } from "~/platform/i18n/i18n";

export const meta: Route.MetaFunction = ({ matches }) => vendorTitle(matches, "ui_vendor_title_stock_alerts");

export async function loader({ request }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  return { alerts: await listStockAlerts({ vendorId: vendor.id }) };
}

export default function VendorStockAlerts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">{t("ui_vendor_alerts_title")}</h1>
      <p className="mt-1 text-sm text-stone-600">{t("ui_vendor_alerts_intro")}</p>
      <StockAlertsView alerts={loaderData.alerts} productPath={(id) => `/vendor-login/products/${id}`} showSeller={false} />
    </div>
  );
}

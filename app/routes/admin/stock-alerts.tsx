import type { Route } from "./+types/stock-alerts";
import { requireAdminPage } from "~/platform/auth/guards.server";
import { listStockAlerts } from "~/features/lots/server/stock-alerts.server";
import { StockAlertsView } from "~/features/lots/ui/stock-alerts";

export const meta: Route.MetaFunction = () => [{ title: "Stock alerts · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { alerts: await listStockAlerts("all") };
}

export default function AdminStockAlerts({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Stock alerts</h1>
      <p className="mt-1 text-sm text-stone-600">
        Every seller's pack sizes at or below their reorder level, and lots on hand that expire within the days set in General Settings. The
        admin email gets this list each morning when it is not empty; each vendor gets their own.
      </p>
      <StockAlertsView alerts={loaderData.alerts} productPath={(id) => `/admin/products/${id}`} showSeller />
    </div>
  );
}

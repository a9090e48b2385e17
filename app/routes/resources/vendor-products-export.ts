import type { Route } from "./+types/vendor-products-export";
import { requireVendorAction } from "~/platform/auth/guards.server";
import { istToday } from "~/features/orders/domain/order-export";
import { catalogCsvResponse } from "~/features/catalog/server/catalog-csv-response.server";
import { exportCatalogCsv } from "~/features/catalog/server/export-catalog-csv.server";

/** GET /vendor-login/products/export: the vendor's own listings as a product CSV to edit and import again. Vendors only (403). */
export async function loader({ request }: Route.LoaderArgs) {
  const vendor = await requireVendorAction(request);
  return catalogCsvResponse(exportCatalogCsv({ role: "vendor", userId: vendor.id }), `angle-my-products-${istToday()}.csv`);
}

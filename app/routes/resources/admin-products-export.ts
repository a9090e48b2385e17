import type { Route } from "./+types/admin-products-export";
import { requireAdminAction } from "~/platform/auth/guards.server";
import { isCategoryKey } from "~/features/catalog/domain/categories";
import { istToday } from "~/features/orders/domain/order-export";
import { catalogCsvResponse } from "~/features/catalog/server/catalog-csv-response.server";
import { exportCatalogCsv } from "~/features/catalog/server/export-catalog-csv.server";

/**
 * GET /admin/products/export[?q=&category=]: every product on the store but archived ones (as
 * filtered on Manage Products) as a product CSV to edit and import again. Admins only (403).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdminAction(request);
  const params = new URL(request.url).searchParams;
  const category = params.get("category");
  const filter = { q: (params.get("q") ?? "").trim().slice(0, 100), category: isCategoryKey(category) ? category : ("all" as const) };
  return catalogCsvResponse(exportCatalogCsv({ role: "admin", userId: admin.id }, filter), `angle-products-${istToday()}.csv`);
}

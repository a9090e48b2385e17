import type { Route } from "./+types/products-import";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { CatalogImport } from "~/features/catalog/ui/catalog-import";
import { actorOf, importPageAction, loadImportPage } from "~/features/catalog/web/catalog-import-page.server";

export const meta: Route.MetaFunction = () => [{ title: "Import Products · Angle Admin" }];

const PATHS = { page: "/admin/products/import", products: "/admin/products", exportCsv: "/admin/products/export" };

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request);
  return loadImportPage(request, actorOf(admin, "admin"), PATHS);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  return importPageAction(request, actorOf(admin, "admin"), PATHS);
}

export default function AdminProductsImport({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogImport view={loaderData} error={actionData?.error} />;
}

import type { Route } from "./+types/products-import";
import { requireVendorAction, requireVendorPage } from "~/platform/auth/guards.server";
import { CatalogImport } from "~/features/catalog/ui/catalog-import";
import { actorOf, importPageAction, loadImportPage } from "~/features/catalog/web/catalog-import-page.server";
import { vendorTitle } from "~/features/vendor-shops/ui/vendor-words";

export const meta: Route.MetaFunction = ({ matches }) => vendorTitle(matches, "ui_vendor_title_import");

const PATHS = { page: "/vendor-login/products/import", products: "/vendor-login/products", exportCsv: "/vendor-login/products/export" };

export async function loader({ request }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  return loadImportPage(request, actorOf(vendor, "vendor"), PATHS);
}

export async function action({ request }: Route.ActionArgs) {
  const vendor = await requireVendorAction(request);
  return importPageAction(request, actorOf(vendor, "vendor"), PATHS);
}

export default function VendorProductsImport({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogImport view={loaderData} error={actionData?.error} />;
}

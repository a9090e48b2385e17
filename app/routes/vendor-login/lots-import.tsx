import type { Route } from "./+types/lots-import";
import { requireVendorAction, requireVendorPage } from "~/platform/auth/guards.server";
import { LotsImport } from "~/features/lots/ui/lots-import";
import { lotsImportAction, lotsImportPage } from "~/features/lots/web/lots-import-page.server";
import { vendorTitle } from "~/features/vendor-shops/ui/vendor-words";

export const meta: Route.MetaFunction = ({ matches }) => vendorTitle(matches, "ui_lots_import_title");

export async function loader({ request }: Route.LoaderArgs) {
  await requireVendorPage(request);
  return lotsImportPage();
}

export async function action({ request }: Route.ActionArgs) {
  const vendor = await requireVendorAction(request);
  return lotsImportAction(request, { role: "vendor", userId: vendor.id }, "/vendor-login/lots/import");
}

export default function VendorLotsImport({ loaderData, actionData }: Route.ComponentProps) {
  return <LotsImport columns={loaderData.columns} problems={actionData?.problems} />;
}

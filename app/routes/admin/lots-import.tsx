import type { Route } from "./+types/lots-import";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { LotsImport } from "~/features/lots/ui/lots-import";
import { lotsImportAction, lotsImportPage } from "~/features/lots/web/lots-import-page.server";

export const meta: Route.MetaFunction = () => [{ title: "Receive Lots · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return lotsImportPage();
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  return lotsImportAction(request, { role: "admin", userId: admin.id }, "/admin/lots/import");
}

export default function AdminLotsImport({ loaderData, actionData }: Route.ComponentProps) {
  return <LotsImport columns={loaderData.columns} problems={actionData?.problems} />;
}

import type { Route } from "./+types/lots";
import { requireAdminPage } from "~/platform/auth/guards.server";
import { listLots } from "~/features/lots/server/list-lots.server";
import { LotsList } from "~/features/lots/ui/lots-list";

export const meta: Route.MetaFunction = () => [{ title: "Lots · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return { lots: await listLots({ role: "admin", id: admin.id }, q), q };
}

export default function AdminLots({ loaderData }: Route.ComponentProps) {
  return <LotsList lots={loaderData.lots} q={loaderData.q} base="/admin/lots" />;
}

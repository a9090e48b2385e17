import type { Route } from "./+types/lots";
import { requireVendorPage } from "~/platform/auth/guards.server";
import { vendorTitle } from "~/features/vendor-shops/ui/vendor-words";
import { listLots } from "~/features/lots/server/list-lots.server";
import { LotsList } from "~/features/lots/ui/lots-list";

export const meta: Route.MetaFunction = ({ matches }) => vendorTitle(matches, "ui_vendor_recall_lots_title");

export async function loader({ request }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return { lots: await listLots({ role: "vendor", id: vendor.id }, q), q };
}

export default function VendorLots({ loaderData }: Route.ComponentProps) {
  return <LotsList lots={loaderData.lots} q={loaderData.q} base="/vendor-login/lots" />;
}

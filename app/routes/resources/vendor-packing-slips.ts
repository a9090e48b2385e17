import type { Route } from "./+types/vendor-packing-slips";
import { requireVendorAction } from "~/platform/auth/guards.server";
import { packingSlipsDownload } from "~/features/orders/server/packing-slips-download.server";

/**
 * GET /vendor-login/packing-slips?kind=slip|label&order={id} or &day=YYYY-MM-DD: the vendor's own
 * packing slips or shipping labels (their lines only), one order's or a day's, as one PDF. Vendors
 * only (403); another vendor's order is not found (404).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const vendor = await requireVendorAction(request);
  return packingSlipsDownload({ role: "vendor", id: vendor.id }, new URL(request.url).searchParams);
}

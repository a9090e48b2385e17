import type { Route } from "./+types/admin-packing-slips";
import { requireAdminAction } from "~/platform/auth/guards.server";
import { packingSlipsDownload } from "~/features/orders/server/packing-slips-download.server";

/**
 * GET /admin/packing-slips?kind=slip|label&order={id} or &day=YYYY-MM-DD: packing slips (A4) or
 * shipping labels (4 × 6 in) of one order, or of every order placed that India day, as one PDF.
 * Admins only (403).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdminAction(request);
  return packingSlipsDownload({ role: "admin", id: admin.id }, new URL(request.url).searchParams);
}

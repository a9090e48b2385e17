import type { Route } from "./+types/lot-report-export";
import { requireAdminAction, requireVendorAction } from "~/platform/auth/guards.server";
import { recallReport, recallReportCsv } from "~/features/lots/server/recall-report.server";

/**
 * GET /admin/lots/:lotId/report and /vendor-login/lots/:lotId/report: a lot's recall report as CSV,
 * every order that took its units. Admins any lot, a vendor their own (another's is a 404).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const vendorArea = new URL(request.url).pathname.includes("/vendor-login/");
  const user = vendorArea ? await requireVendorAction(request) : await requireAdminAction(request);
  const report = await recallReport({ role: vendorArea ? "vendor" : "admin", id: user.id }, params.lotId);
  if (!report) return new Response("Lot not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const name = report.lot.number.replace(/[^A-Za-z0-9._-]+/g, "-");
  return new Response(recallReportCsv(report.rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="angle-recall-${name}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

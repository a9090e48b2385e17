import type { Route } from "./+types/admin-gst-export";
import { requireAdminAction } from "~/platform/auth/guards.server";
import { gstReportFileName } from "~/features/tax/domain/gst-sellers";
import { gstCsvRefused, gstCsvResponse, readGstReportQuery } from "~/features/tax/server/gst-report-query.server";
import { gstReportCsv } from "~/features/tax/server/gst-report-csv.server";
import { gstReport } from "~/features/tax/server/gst-report.server";
import { listGstSellers } from "~/features/tax/server/list-gst-sellers.server";

/**
 * GET /admin/gst/export?month=2026-11&seller=store: the GST report as one CSV (gst-report-2026-11-store.csv).
 * Admins only (403 for anyone else); a bad month or seller is a 400 that says what is wrong.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminAction(request);
  const query = readGstReportQuery(new URL(request.url).searchParams, { sellers: await listGstSellers() });
  if (!query.ok) return gstCsvRefused(query.error);
  const report = await gstReport({ month: query.month, seller: query.seller.id });
  return gstCsvResponse(gstReportCsv(report, query.seller), gstReportFileName(query.month, query.seller));
}

import type { Route } from "./+types/admin-gst-export";
import { requireAdminAction } from "~/auth/guards.server";
import { gstReportFileName } from "~/domain/gst-sellers";
import { gstCsvRefused, gstCsvResponse, readGstReportQuery } from "~/lib/gst-report-query.server";
import { gstReportCsv } from "~/services/tax-documents/gst-report-csv.server";
import { gstReport } from "~/services/tax-documents/gst-report.server";
import { listGstSellers } from "~/services/tax-documents/list-gst-sellers.server";

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

import type { Route } from "./+types/vendor-gst-export";
import { requireVendorAction } from "~/auth/guards.server";
import { gstReportFileName, vendorGstSeller } from "~/domain/gst-sellers";
import { gstCsvRefused, gstCsvResponse, readGstReportQuery } from "~/lib/gst-report-query.server";
import { getVendorProfile } from "~/services/sellers/vendor-profile.server";
import { gstReportCsv } from "~/services/tax-documents/gst-report-csv.server";
import { gstReport } from "~/services/tax-documents/gst-report.server";

/**
 * GET /vendor-login/gst/export?month=2026-11: the vendor's own GST report as one CSV. Vendors only
 * (403); a `seller` in the address is ignored: it is always their own documents.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const vendor = await requireVendorAction(request);
  const profile = await getVendorProfile(vendor.id);
  const own = vendorGstSeller(vendor.id, profile?.businessName ?? "vendor");
  const query = readGstReportQuery(new URL(request.url).searchParams, { own });
  if (!query.ok) return gstCsvRefused(query.error);
  const report = await gstReport({ month: query.month, seller: own.id });
  return gstCsvResponse(gstReportCsv(report, own), gstReportFileName(query.month, own));
}

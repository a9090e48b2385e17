import type { Route } from "./+types/vendor-gst-export";
import { requireVendorAction } from "~/platform/auth/guards.server";
import { gstReportFileName, vendorGstSeller } from "~/features/tax/domain/gst-sellers";
import { gstCsvRefused, gstCsvResponse, readGstReportQuery } from "~/features/tax/server/gst-report-query.server";
import { getVendorProfile } from "~/features/vendor-shops/server/vendor-profile.server";
import { gstReportCsv } from "~/features/tax/server/gst-report-csv.server";
import { gstReport } from "~/features/tax/server/gst-report.server";

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

import { data } from "react-router";
import type { Route } from "./+types/gst";
import { requireVendorPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { GstReportForm } from "~/features/tax/ui/gst-report-form";
import { GstReportTables } from "~/features/tax/ui/gst-report-tables";
import { vendorGstSeller } from "~/features/tax/domain/gst-sellers";
import { gstReportForPage, readGstReportQuery } from "~/features/tax/server/gst-report-query.server";
import { gstReport } from "~/features/tax/server/gst-report.server";
import { getVendorProfile } from "~/features/vendor-shops/server/vendor-profile.server";
import { m } from "~/platform/i18n/i18n.server";
import { vendorTitle } from "~/features/vendor-shops/ui/vendor-words";
import { useT } from "~/platform/i18n/i18n";

export const meta: Route.MetaFunction = ({ matches }) => vendorTitle(matches, "ui_vendor_title_gst");

/** /vendor-login/gst?month=2026-11: the vendor's own GSTR-1 tables for a month in India; never another seller's. */
export async function loader({ request }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  const profile = await getVendorProfile(vendor.id);
  const own = vendorGstSeller(vendor.id, profile?.businessName ?? m.vendor_your_business());
  const query = readGstReportQuery(new URL(request.url).searchParams, { own });
  if (!query.ok) return data({ month: query.month, error: query.error, report: null, sellerName: own.name }, { status: 400 });
  const report = gstReportForPage(await gstReport({ month: query.month, seller: own.id }));
  return { month: query.month, error: null, report, sellerName: own.name };
}

export default function VendorGstReport({ loaderData }: Route.ComponentProps) {
  const { month, error, report, sellerName } = loaderData;
  const t = useT();
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">{t("ui_vendor_nav_gst")}</h1>
      <p className="mt-1 text-sm text-stone-600">{t("ui_vendor_gst_intro")}</p>
      <GstReportForm action="/vendor-login/gst" exportPath="/vendor-login/gst/export" month={month} sellerId="" canExport={!error} />
      <FormError message={error} />
      {report ? <GstReportTables report={report} sellerName={sellerName} /> : null}
    </div>
  );
}

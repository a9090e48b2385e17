import { data } from "react-router";
import type { Route } from "./+types/gst";
import { requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { GstReportForm } from "~/features/tax/ui/gst-report-form";
import { GstReportTables } from "~/features/tax/ui/gst-report-tables";
import { gstReportForPage, readGstReportQuery } from "~/features/tax/server/gst-report-query.server";
import { gstReport } from "~/features/tax/server/gst-report.server";
import { listGstSellers } from "~/features/tax/server/list-gst-sellers.server";

export const meta: Route.MetaFunction = () => [{ title: "GST Report · Angle Admin" }];

/** /admin/gst?month=2026-11&seller=store: one seller's GSTR-1 tables for a month in India (the store's by default). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const sellers = await listGstSellers();
  const choices = sellers.map(({ id, name }) => ({ id, name }));
  const query = readGstReportQuery(new URL(request.url).searchParams, { sellers });
  if (!query.ok) {
    return data(
      { sellers: choices, month: query.month, sellerId: query.sellerId, error: query.error, report: null, sellerName: "" },
      { status: 400 },
    );
  }
  const report = gstReportForPage(await gstReport({ month: query.month, seller: query.seller.id }));
  return { sellers: choices, month: query.month, sellerId: query.seller.id, error: null, report, sellerName: query.seller.name };
}

export default function AdminGstReport({ loaderData }: Route.ComponentProps) {
  const { sellers, month, sellerId, error, report, sellerName } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">GST Report</h1>
      <p className="mt-1 text-sm text-stone-600">
        What one GSTIN files in GSTR-1 for a month (India time): the store's own invoices and credit notes, or a vendor's.
      </p>
      <GstReportForm
        action="/admin/gst"
        exportPath="/admin/gst/export"
        month={month}
        sellers={sellers}
        sellerId={sellerId}
        canExport={!error}
      />
      <FormError message={error} />
      {report ? <GstReportTables report={report} sellerName={sellerName} orderHref={(id) => `/admin/orders/${id}`} /> : null}
    </div>
  );
}

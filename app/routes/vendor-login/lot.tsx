import { data, useNavigation } from "react-router";
import type { Route } from "./+types/lot";
import { requireVendorAction, requireVendorPage } from "~/platform/auth/guards.server";
import { readFields } from "~/platform/http/read-form.server";
import { vendorTitle } from "~/features/vendor-shops/ui/vendor-words";
import { recallReport, REPORT_SHOWN } from "~/features/lots/server/recall-report.server";
import { recallLotAction } from "~/features/lots/server/recall-actions.server";
import { LotRecall } from "~/features/lots/ui/lot-recall";

export const meta: Route.MetaFunction = ({ matches }) => vendorTitle(matches, "ui_vendor_recall_lots_title");

/** A vendor's own lot (another's is a 404): its recall and the report of the orders that took it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  const report = await recallReport({ role: "vendor", id: vendor.id }, params.lotId, REPORT_SHOWN);
  if (!report) throw data("Lot not found", { status: 404 });
  return { report };
}

export async function action({ request, params }: Route.ActionArgs) {
  const vendor = await requireVendorAction(request);
  const fields = await readFields(request);
  return recallLotAction({ role: "vendor", id: vendor.id }, params.lotId, fields, `/vendor-login/lots/${params.lotId}`);
}

export default function VendorLot({ loaderData, actionData }: Route.ComponentProps) {
  const { lot, rows } = loaderData.report;
  return (
    <LotRecall
      lot={lot}
      rows={rows}
      base="/vendor-login/lots"
      csv={`/vendor-login/lots/${lot.id}/report`}
      error={actionData?.error}
      reason={actionData?.reason}
      busy={useNavigation().state === "submitting"}
    />
  );
}

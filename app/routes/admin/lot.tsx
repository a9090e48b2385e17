import { data, useNavigation } from "react-router";
import type { Route } from "./+types/lot";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { readFields } from "~/platform/http/read-form.server";
import { recallReport, REPORT_SHOWN } from "~/features/lots/server/recall-report.server";
import { recallLotAction } from "~/features/lots/server/recall-actions.server";
import { LotRecall } from "~/features/lots/ui/lot-recall";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Lot ${loaderData?.report.lot.number ?? ""} · Angle Admin` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request);
  const report = await recallReport({ role: "admin", id: admin.id }, params.lotId, REPORT_SHOWN);
  if (!report) throw data("Lot not found", { status: 404 });
  return { report };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const fields = await readFields(request);
  return recallLotAction({ role: "admin", id: admin.id }, params.lotId, fields, `/admin/lots/${params.lotId}`);
}

export default function AdminLot({ loaderData, actionData }: Route.ComponentProps) {
  const { lot, rows } = loaderData.report;
  return (
    <LotRecall
      lot={lot}
      rows={rows}
      base="/admin/lots"
      csv={`/admin/lots/${lot.id}/report`}
      orderLink={(id) => `/admin/orders/${id}`}
      error={actionData?.error}
      reason={actionData?.reason}
      busy={useNavigation().state === "submitting"}
    />
  );
}

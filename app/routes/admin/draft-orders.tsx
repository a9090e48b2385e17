import { data, Link } from "react-router";
import type { Route } from "./+types/draft-orders";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { type Column, DataTable } from "~/ui/data-table";
import { FormError } from "~/ui/form-error";
import { formatDateTime } from "~/platform/core/dates";
import { formatPaise } from "~/platform/core/money";
import { refusal } from "~/platform/core/refusal";
import { staffRoleOf } from "~/platform/core/staff-policy";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { formatMobile } from "~/features/accounts/domain/mobile";
import { parseCartCookie } from "~/features/cart/domain/cart-cookie";
import { getFarmer } from "~/features/orders/server/assisted-orders.server";
import { listOpenDrafts, saveDraft } from "~/features/orders/server/draft-orders.server";

export const meta: Route.MetaFunction = () => [{ title: "Draft Orders · Angle Admin" }];

/** The open drafts (docs/decisions/064-draft-orders.md), each priced now. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const drafts = await listOpenDrafts();
  return {
    drafts: drafts.map((d) => ({
      id: d.id,
      farmer: d.farmer ? { name: d.farmer.name, mobile: formatMobile(d.farmer.mobile) } : null,
      lineCount: d.lines.length,
      totalPaise: d.totalPaise,
      discountPaise: d.discountPaise,
      createdBy: d.createdBy,
      updatedAt: d.updatedAt,
    })),
  };
}

/** The phone desk's "Save as draft": the farmer and the cart as the desk has them. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdminAction(request);
  const fields = await readFields(request);
  if (fields.intent !== "save") return data({ error: renderRefusal(refusal("common.unknown_intent")) }, { status: 400 });
  const farmer = await getFarmer(fields.farmer);
  if (!farmer) return data({ error: renderRefusal(refusal("orders.assisted_no_farmer")) }, { status: 400 });
  const lines = parseCartCookie(fields.lines ?? "") ?? [];
  if (lines.length === 0 || lines.some((l) => !l.variantId)) {
    return data({ error: renderRefusal(refusal("checkout.cart_empty")) }, { status: 400 });
  }
  const id = await saveDraft({ id: user.id, role: staffRoleOf(user.staffRole) }, farmer.id, lines);
  return redirectWithToast(`/admin/draft-orders/${id}`, { description: `Draft saved for ${farmer.name}.` });
}

type Row = Route.ComponentProps["loaderData"]["drafts"][number];

const columns: Column<Row>[] = [
  {
    header: "Farmer",
    cell: (d) => (
      <Link to={`/admin/draft-orders/${d.id}`} className="font-semibold text-brand-800 hover:underline">
        {d.farmer?.name ?? "A removed account"}
      </Link>
    ),
  },
  { header: "Mobile", nowrap: true, cell: (d) => d.farmer?.mobile ?? "" },
  { header: "Lines", nowrap: true, align: "right", cell: (d) => d.lineCount },
  {
    header: "Total now",
    nowrap: true,
    align: "right",
    cell: (d) => (
      <>
        {d.totalPaise === null ? "—" : formatPaise(d.totalPaise)}
        {d.discountPaise > 0 ? <span className="block text-xs text-green-800">{formatPaise(d.discountPaise)} discount</span> : null}
      </>
    ),
  },
  { header: "Saved by", cell: (d) => d.createdBy },
  { header: "Last changed", nowrap: true, cell: (d) => formatDateTime(d.updatedAt) },
];

export default function DraftOrders({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Draft Orders</h1>
      <p className="mt-1 max-w-3xl text-sm text-stone-600">
        Orders kept for a farmer until they agree. Each is priced again when it is opened or placed: prices, offers, stock and delivery are
        the storefront's. Save one from{" "}
        <Link to="/admin/assisted-orders/new" className="text-brand-800 underline">
          Phone Orders
        </Link>
        .
      </p>
      <FormError message={actionData?.error ?? null} />
      <div className="mt-4">
        <DataTable
          caption="Open drafts"
          columns={columns}
          rows={loaderData.drafts}
          rowKey={(d) => d.id}
          rowTestId="draft-row"
          empty={<p className="p-6 text-center text-stone-600">No open drafts.</p>}
        />
      </div>
    </div>
  );
}

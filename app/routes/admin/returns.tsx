import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/returns";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { Pager } from "~/ui/pager";
import { ReturnDecisions } from "~/features/orders/ui/return-decisions";
import { readPageRequest } from "~/platform/core/pagination";
import {
  isReturnStatus,
  RETURN_STATUS_LABELS,
  RETURN_STATUSES,
  RETURN_WINDOW_DAYS,
  type ReturnStatus,
} from "~/features/orders/domain/returns";
import { decideReturnFromForm } from "~/features/orders/server/return-decision.server";
import { readFields } from "~/platform/http/read-form.server";
import { samePage } from "~/platform/toast/toast.server";
import { listReturnsForAdmin } from "~/features/orders/server/list-returns.server";
import { formatOrderId } from "~/platform/core/order-id";

export const meta: Route.MetaFunction = () => [{ title: "Returns · Angle Admin" }];

/** Requests waiting for a decision by default; approved, rejected or all of them on request. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const params = new URL(request.url).searchParams;
  const s = params.get("status");
  const status: ReturnStatus | "all" = s === "all" ? "all" : isReturnStatus(s) ? s : "requested";
  return { status, page: await listReturnsForAdmin({ status }, readPageRequest(params)) };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  return decideReturnFromForm(await readFields(request), { role: "admin", id: admin.id }, samePage(url));
}

export default function AdminReturns({ loaderData, actionData }: Route.ComponentProps) {
  const { page, status } = loaderData;
  const [params] = useSearchParams();
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Returns</h1>
      <p className="mt-1 text-sm text-stone-600">
        Customers ask to return items within {RETURN_WINDOW_DAYS} days of delivery. First record that the item came back (and how many can
        be sold again), then the refund of its price with GST, which issues a credit note. Vendors receive the returns of their own products
        too; a refund by UPI or bank transfer is sent and recorded here.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="return-status" className="text-sm font-medium text-stone-700">
            Show
          </label>
          <select
            id="return-status"
            name="status"
            defaultValue={params.get("status") ?? status}
            className="mt-1 block h-10 rounded-lg border border-stone-300 bg-white px-2"
          >
            {RETURN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {RETURN_STATUS_LABELS[s]}
              </option>
            ))}
            <option value="all">All</option>
          </select>
        </div>
        <button type="submit" className="h-10 rounded-lg border border-stone-300 bg-white px-4 font-semibold hover:bg-stone-50">
          Filter
        </button>
      </Form>
      <Pager page={page} noun={["return", "returns"]} className="mt-4" />
      {page.rows.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-8 text-center text-stone-600 ring-1 ring-stone-200">
          {status === "requested" ? "No returns are waiting for a decision." : "No returns here."}
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {page.rows.map((r) => (
            <li key={r.id} className="rounded-xl bg-white p-4 ring-1 ring-stone-200" data-testid="admin-return">
              <p className="text-sm text-stone-700">
                <Link to={`/admin/orders/${r.orderId}`} className="font-mono font-semibold text-brand-800 hover:underline">
                  Order #{formatOrderId(r.orderId)}
                </Link>{" "}
                · {r.customerName} · sold by {r.sellerName ?? "the store"}
              </p>
              <ReturnDecisions returns={[r]} error={actionData?.returnError} label={`Return of ${r.quantity} × ${r.name}`} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} noun={["return", "returns"]} className="mt-3" />
    </div>
  );
}

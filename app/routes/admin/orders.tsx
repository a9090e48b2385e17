import { Form, Link } from "react-router";
import type { Route } from "./+types/orders";
import { requireAdminPage } from "~/auth/guards.server";
import { formatDate } from "~/domain/dates";
import { formatPaise } from "~/domain/money";
import { paymentMethodLabel } from "~/domain/payment-settings";
import { ORDER_STATUSES, STATUS_LABELS, STATUS_STYLES, type OrderStatus } from "~/domain/orders";
import { listOrdersForAdmin } from "~/services/orders/admin-orders.server";
import { getPaymentMethodNames } from "~/services/settings/payment-settings.server";

export const meta: Route.MetaFunction = () => [{ title: "Orders · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const s = new URL(request.url).searchParams.get("status");
  const status: OrderStatus | "all" = (ORDER_STATUSES as readonly string[]).includes(s ?? "") ? (s as OrderStatus) : "all";
  return { status, orders: await listOrdersForAdmin(status), paymentNames: await getPaymentMethodNames() };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { status, orders } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Orders</h1>
      <Form method="get" className="mt-4 flex items-end gap-2">
        <div>
          <label htmlFor="o-status" className="text-sm font-medium text-stone-700">
            Status
          </label>
          <select id="o-status" name="status" defaultValue={status} className="mt-1 h-10 rounded-lg border border-stone-300 bg-white px-2">
            <option value="all">All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="h-10 rounded-lg bg-stone-800 px-4 font-semibold text-white">
          Filter
        </button>
      </Form>
      <div className="relative mt-4 overflow-x-auto rounded-xl bg-white ring-1 ring-stone-200">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <thead className="bg-stone-50 text-stone-600">
            <tr>
              <th className="p-3">Order</th>
              <th className="p-3">Customer</th>
              <th className="p-3">Date</th>
              <th className="p-3">Payment</th>
              <th className="p-3">Status</th>
              <th className="p-3 text-right">Total</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {orders.map((o) => (
              <tr key={o.id} data-testid="admin-order-row">
                <td className="p-3">
                  <Link to={`/admin/orders/${o.id}`} className="font-mono font-semibold text-brand-800 hover:underline">
                    #{o.id}
                  </Link>
                </td>
                <td className="p-3">
                  {o.customer_name}
                  <br />
                  <span className="text-stone-600">{o.customer_email}</span>
                </td>
                <td className="p-3">{formatDate(o.created_at)}</td>
                <td className="p-3">{paymentMethodLabel(o.payment_method, loaderData.paymentNames)}</td>
                <td className="p-3">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[o.status]}`}>
                    {STATUS_LABELS[o.status]}
                  </span>
                </td>
                <td className="p-3 text-right font-semibold">{formatPaise(o.total_paise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {orders.length === 0 ? (
          <p className="p-6 text-center text-stone-600">No orders{status !== "all" ? ` with status ${STATUS_LABELS[status]}` : ""}.</p>
        ) : null}
      </div>
    </div>
  );
}

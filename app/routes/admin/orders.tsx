import { Form, Link } from "react-router";
import type { Route } from "./+types/orders";
import { requireAdminPage } from "~/platform/auth/guards.server";
import { Pager } from "~/ui/pager";
import { shownContact } from "~/features/accounts/domain/contact";
import { PaymentStatusBadge } from "~/features/payments/ui/payment-status-badge";
import { shownPaymentStatus } from "~/features/orders/domain/order-picture";
import { type Column, DataTable } from "~/ui/data-table";
import { formatDate } from "~/platform/core/dates";
import { formatPaise } from "~/platform/core/money";
import { istToday } from "~/features/orders/domain/order-export";
import { PackingSlipsForm } from "~/features/orders/ui/packing-slips";
import { isOrderStatus, ORDER_STATUSES, type OrderStatus, STATUS_LABELS, STATUS_STYLES } from "~/features/orders/domain/orders";
import { readPageRequest } from "~/platform/core/pagination";
import { paymentMethodLabel } from "~/features/payments/domain/payment-settings";
import { isOrderChannel, listOrdersForAdmin, type OrderChannel } from "~/features/orders/server/list-admin-orders.server";
import { getPaymentMethodNames } from "~/features/settings/server/payment-settings.server";
import { listPaymentsNeedingAttention } from "~/features/payments/server/stray-payments.server";
import { STRAY_REASON_LABELS } from "~/features/payments/domain/payments";
import { formatOrderId } from "~/platform/core/order-id";

export const meta: Route.MetaFunction = () => [{ title: "Orders · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const params = new URL(request.url).searchParams;
  const s = params.get("status");
  const status: OrderStatus | "all" = isOrderStatus(s) ? s : "all";
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const c = params.get("channel");
  const channel: OrderChannel = isOrderChannel(c) ? c : "all";
  const [page, paymentNames, attention] = await Promise.all([
    listOrdersForAdmin({ status, q, channel }, readPageRequest(params)),
    getPaymentMethodNames(),
    listPaymentsNeedingAttention(),
  ]);
  return { status, q, channel, page, today: istToday(), paymentNames, attention };
}

type OrderRow = Route.ComponentProps["loaderData"]["page"]["rows"][number];
type PaymentNames = Route.ComponentProps["loaderData"]["paymentNames"];

function orderColumns(paymentNames: PaymentNames): Column<OrderRow>[] {
  return [
    {
      header: "Order",
      nowrap: true,
      cell: (o) => (
        <>
          <Link to={`/admin/orders/${o.id}`} className="font-mono font-semibold text-brand-800 hover:underline">
            #{formatOrderId(o.id)}
          </Link>
          {o.ondcBuyerApp ? (
            <span className="mt-1 block" data-testid="ondc-badge">
              <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-900">ONDC</span>{" "}
              <span className="text-xs text-stone-600">{o.ondcBuyerApp}</span>
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: "Customer",
      cell: (o) => {
        // A mobile account's placeholder email is never shown: its phone is the second line instead.
        const contact = shownContact({ name: o.customerName, phone: o.customerPhone, email: o.customerEmail });
        return (
          <>
            {contact.label}
            <br />
            <span className="text-stone-600">{contact.email ?? (contact.name ? contact.phone : null)}</span>
          </>
        );
      },
    },
    { header: "Date", nowrap: true, cell: (o) => formatDate(o.createdAt) },
    {
      header: "Payment",
      cell: (o) => (
        <>
          {paymentMethodLabel(o.paymentMethod, paymentNames)}
          <br />
          <PaymentStatusBadge status={shownPaymentStatus(o)} testId="order-payment-status" />
        </>
      ),
    },
    {
      header: "Status",
      nowrap: true,
      cell: (o) => (
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[o.status]}`}>{STATUS_LABELS[o.status]}</span>
      ),
    },
    {
      header: "Total",
      nowrap: true,
      align: "right",
      cell: (o) => (
        <span className="font-semibold" data-testid="order-total">
          {formatPaise(o.totalPaise)}
        </span>
      ),
    },
  ];
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { status, q, channel, page, today } = loaderData;
  const filtered = status !== "all" || q !== "" || channel !== "all";
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Orders</h1>
      <PaymentsNeedingAttention attention={loaderData.attention} />
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200">
        <div className="min-w-48 flex-1">
          <label htmlFor="o-q" className="text-sm font-medium text-stone-700">
            Search by order ID, customer name, email or phone
          </label>
          <input id="o-q" name="q" type="search" defaultValue={q} className="mt-1 h-10 w-full rounded-lg border border-stone-300 px-3" />
        </div>
        <div>
          <label htmlFor="o-status" className="text-sm font-medium text-stone-700">
            Status
          </label>
          <select
            id="o-status"
            name="status"
            defaultValue={status}
            className="mt-1 block h-10 rounded-lg border border-stone-300 bg-white px-2"
          >
            <option value="all">All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="o-channel" className="text-sm font-medium text-stone-700">
            Channel
          </label>
          <select
            id="o-channel"
            name="channel"
            defaultValue={channel}
            className="mt-1 block h-10 rounded-lg border border-stone-300 bg-white px-2"
          >
            <option value="all">All channels</option>
            <option value="store">This store</option>
            <option value="ondc">ONDC buyer apps</option>
          </select>
        </div>
        <button type="submit" className="h-10 rounded-lg bg-stone-800 px-4 font-semibold text-white">
          Filter
        </button>
      </Form>
      <Pager page={page} noun={["order", "orders"]} className="mt-4" />
      <div className="mt-3">
        <DataTable
          caption="Orders"
          columns={orderColumns(loaderData.paymentNames)}
          rows={page.rows}
          rowKey={(o) => o.id}
          rowTestId="admin-order-row"
          empty={<p className="p-6 text-center text-stone-600">{filtered ? "No orders match." : "No orders yet."}</p>}
        />
      </div>
      <Pager page={page} noun={["order", "orders"]} className="mt-3" />
      <section aria-labelledby="export-title" className="mt-8 rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <h2 id="export-title" className="font-bold text-stone-900">
          Export orders (CSV)
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          One row per order placed between the two dates (India time, both days included), amounts in rupees with paise.
        </p>
        <form method="get" action="/admin/orders/export" className="mt-3 flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="x-from" className="text-sm font-medium text-stone-700">
              From
            </label>
            <input
              id="x-from"
              name="from"
              type="date"
              required
              max={today}
              className="mt-1 block h-10 rounded-lg border border-stone-300 px-2"
            />
          </div>
          <div>
            <label htmlFor="x-to" className="text-sm font-medium text-stone-700">
              To
            </label>
            <input
              id="x-to"
              name="to"
              type="date"
              required
              defaultValue={today}
              className="mt-1 block h-10 rounded-lg border border-stone-300 px-2"
            />
          </div>
          <button type="submit" className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white">
            Download CSV
          </button>
        </form>
      </section>
      <PackingSlipsForm action="/admin/packing-slips" today={today} />
    </div>
  );
}

/** Payments that came for another amount or currency: each waits on its order's page to be refunded or settled. */
function PaymentsNeedingAttention({ attention }: { attention: Route.ComponentProps["loaderData"]["attention"] }) {
  if (attention.total === 0) return null;
  return (
    <section
      aria-labelledby="attention-title"
      className="mt-4 rounded-xl bg-orange-50 p-4 ring-1 ring-orange-200"
      data-testid="payments-attention"
    >
      <h2 id="attention-title" className="font-bold text-orange-900">
        {attention.total === 1 ? "1 payment needs attention" : `${attention.total} payments need attention`}
      </h2>
      <p className="mt-1 text-sm text-stone-700">Not applied to their orders: refund each, or mark it settled, on its order's page.</p>
      <ul className="mt-2 space-y-1 text-sm">
        {attention.rows.map((p) => (
          <li key={p.id}>
            <Link to={`/admin/orders/${p.orderId}`} className="font-mono font-semibold text-brand-800 hover:underline">
              #{formatOrderId(p.orderId)}
            </Link>{" "}
            · {p.customerName} ·{" "}
            {!p.amountKnown ? "amount not stated" : p.currency === "INR" ? formatPaise(p.amountPaise) : `${p.amountPaise} ${p.currency}`} ·{" "}
            {STRAY_REASON_LABELS[p.reason]} · {formatDate(p.createdAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { DocumentLinks } from "~/features/orders/ui/document-links";
import { historyOf } from "~/features/audit/server/list-audit.server";
import { AuditHistory } from "~/features/audit/ui/audit-entries";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/order";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { may, staffRoleOf } from "~/platform/core/staff-policy";
import { FormError } from "~/ui/form-error";
import { shownContact } from "~/features/accounts/domain/contact";
import { OrderStatusFormSchema } from "~/features/accounts/domain/admin-forms";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { formatDateTime } from "~/platform/core/dates";
import { formatPaise } from "~/platform/core/money";
import { STATUS_LABELS, STATUS_STYLES } from "~/features/orders/domain/orders";
import { paymentMethodLabel } from "~/features/payments/domain/payment-settings";
import { changeOrderStatus, getOrderForAdmin, StatusRefused } from "~/features/orders/server/admin-orders.server";
import { getPaymentMethodNames } from "~/features/settings/server/payment-settings.server";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { OrderPayment } from "~/features/payments/ui/order-payment";
import { shownPaymentStatus } from "~/features/orders/domain/order-picture";
import { OrderShipping } from "~/features/orders/ui/order-shipping";
import { fulfilmentAction } from "../../features/orders/server/order-fulfilment.server";
import { RefundRefused, retryRefund } from "~/features/payments/server/refunds.server";
import { listOrderStrayPayments, resolveStrayPayment, StrayRefused } from "~/features/payments/server/stray-payments.server";
import { StrayPayments } from "~/features/payments/ui/stray-payments";
// Returns and refunds (issue 15).
import { OrderReturnsSection } from "~/features/orders/ui/return-decisions";
import { CancelPayoutSchema } from "~/features/orders/domain/return-forms";
import { decideReturnFromForm, isReturnDecision } from "~/features/orders/server/return-decision.server";
import { getAdminOrderAftercare } from "~/features/orders/server/order-aftercare.server";
import { adminFormErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { AssistRefused, resendPayLink } from "~/features/orders/server/assisted-orders.server";
import { formatOrderId } from "~/platform/core/order-id";
// Recalls (docs/decisions/059-recalls.md): a recalled lot this order holds, swapped or cancelled here.
import { listOrderRecallHolds } from "~/features/lots/server/recall-holds.server";
import { isRecallHoldIntent, recallHoldAction } from "~/features/lots/server/recall-actions.server";
import { OrderRecallHolds } from "~/features/lots/ui/order-recall-holds";
import { lotLineEnglish } from "~/features/lots/domain/line-lots";
import { EwayBillRefused, orderEwayBill, recordEwayBill } from "~/features/orders/server/eway-bill.server";
import { EwayBillSection } from "~/features/orders/ui/eway-bill-section";
import { PackingSlipLinks } from "~/features/orders/ui/packing-slips";
// ONDC (docs/decisions/076-ondc-admin.md): an order a buyer app placed shows its buyer app, payment, settlement and grievances.
import { readOndcOrderForAdmin } from "~/features/ondc/server/admin-ondc.server";
import { listOrderIssues } from "~/features/ondc/server/ondc-issues.server";
import { OndcOrderPanel } from "~/features/ondc/ui/ondc-order-panel";

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Order ${formatOrderId(params.id ?? "")} · Angle Admin` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request);
  const order = await getOrderForAdmin(params.id);
  if (!order) throw data("Order not found", { status: 404 });
  // What the staff role may do here (issue 33): the page offers only those forms.
  const role = staffRoleOf(admin.staffRole);
  const ondc = await readOndcOrderForAdmin(order.id);
  return {
    ondc,
    ondcIssues: ondc ? await listOrderIssues(order.id) : [],
    can: { orders: may(role, "orders"), money: may(role, "money"), assist: may(role, "assist") },
    order,
    paymentNames: await getPaymentMethodNames(),
    aftercare: await getAdminOrderAftercare(order.id),
    strays: await listOrderStrayPayments(order.id),
    recallHolds: await listOrderRecallHolds(order.id),
    ewayBill: await orderEwayBill(order.id),
    history: await historyOf("order", order.id),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const fields = await readFields(request);
  // Return decisions and refunds first: the fulfilment intents refuse any intent they do not know.
  if (isReturnDecision(fields)) return decideReturnFromForm(fields, { role: "admin", id: admin.id }, `/admin/orders/${params.id}`);
  if (isRecallHoldIntent(fields)) return recallHoldAction(params.id, admin.id, fields, `/admin/orders/${params.id}`);
  if (fields.intent === "eway-bill") {
    try {
      const number = await recordEwayBill({ orderId: params.id, number: fields.ewayBillNo ?? "", adminId: admin.id });
      return redirectWithToast(`/admin/orders/${params.id}`, { description: `E-way bill ${number} recorded.` });
    } catch (error) {
      if (error instanceof EwayBillRefused) return data({ ewayBillError: error.message }, { status: error.status });
      throw error;
    }
  }
  if (fields.intent === "resend-pay-link") {
    try {
      const { payBy } = await resendPayLink(params.id);
      return redirectWithToast(`/admin/orders/${params.id}`, {
        description: `Payment link sent again by SMS; it can be paid until ${formatDateTime(payBy)}.`,
      });
    } catch (error) {
      if (error instanceof AssistRefused) return data({ error: renderRefusal(error.refusal) }, { status: error.status });
      throw error;
    }
  }
  if (fields.intent === "retry-refund") {
    try {
      const sent = await retryRefund(params.id, fields.refundId ?? "");
      const description = sent === "processed" ? "Refund sent." : "The gateway did not take it yet; it will be tried again.";
      return redirectWithToast(`/admin/orders/${params.id}`, { description });
    } catch (error) {
      if (error instanceof RefundRefused) return data({ error: error.message }, { status: 409 });
      throw error;
    }
  }
  if (fields.intent === "stray-refund" || fields.intent === "stray-settle") {
    const decision = fields.intent === "stray-refund" ? "refund" : "settle";
    try {
      const { refund } = await resolveStrayPayment({
        orderId: params.id,
        strayId: fields.strayId ?? "",
        decision,
        note: fields.note,
        adminId: admin.id,
      });
      const description =
        decision === "settle"
          ? "Payment marked settled."
          : refund === "processed"
            ? "Payment refunded."
            : "Refund recorded; the gateway has not taken it yet, it will be tried again.";
      return redirectWithToast(`/admin/orders/${params.id}`, { description });
    } catch (error) {
      if (error instanceof StrayRefused) return data({ error: error.message }, { status: error.status });
      throw error;
    }
  }
  // Shipping with tracking (also a status change to "shipped"), recording a bank transfer.
  const fulfilment = await fulfilmentAction(params.id, admin.id, fields);
  if (fulfilment) return fulfilment;
  const parsed = OrderStatusFormSchema.safeParse(fields);
  if (!parsed.success) return data({ error: firstError(fieldErrors(parsed.error)) }, { status: 400 });
  const { status, note } = parsed.data;
  // Cancelling a paid order that was not paid online: the reference of the payout the admin sent.
  const payout = CancelPayoutSchema.safeParse(fields.payoutReference);
  if (!payout.success) return data({ error: firstError(adminFormErrors(payout.error)) }, { status: 400 });
  try {
    await changeOrderStatus(params.id, status, admin.id, note, { payoutReference: payout.data || undefined });
  } catch (error) {
    if (error instanceof StatusRefused) return data({ error: error.message }, { status: 409 });
    throw error;
  }
  return redirectWithToast(`/admin/orders/${params.id}`, { description: `Order marked ${STATUS_LABELS[status]}.` });
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const busy = useNavigation().state === "submitting";
  // A refused shipping or payment form shows its errors beside its fields (order-fulfilment.server.ts).
  const refused = actionData && "refusal" in actionData ? actionData : undefined;
  const fieldsRefused = refused !== undefined && Object.values(refused.fields).some(Boolean);
  return (
    <div>
      <Link to="/admin/orders" className="text-sm font-semibold text-brand-700 hover:underline">
        ← All orders
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="break-all font-mono text-2xl font-bold text-stone-900">Order #{formatOrderId(order.id)}</h1>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLES[order.status]}`} data-testid="admin-order-status">
          {STATUS_LABELS[order.status]}
        </span>
      </div>
      <FormError message={actionData && "error" in actionData ? actionData.error : fieldsRefused ? undefined : refused?.refusal} />
      <OrderRecallHolds holds={loaderData.recallHolds} needsPayout={loaderData.aftercare?.cancelNeedsPayout ?? false} busy={busy} />
      <div className="mt-4 grid grid-cols-1 gap-4 xl:grid-cols-2">
        <section className="rounded-xl bg-white p-5 ring-1 ring-stone-200">
          <h2 className="font-bold">Customer</h2>
          <p className="mt-1 [overflow-wrap:anywhere]">
            {contactLine(shownContact({ name: order.customerName, email: order.customerEmail, phone: order.customerPhone }))}
          </p>
          {order.placedBy ? (
            <p className="mt-1 [overflow-wrap:anywhere]" data-testid="admin-order-placed-by">
              Placed by {order.placedBy} ({order.placedAs})
            </p>
          ) : null}
          {order.placedBy && order.paymentMethod === "upi" ? (
            <PayLinkState order={order} canResend={loaderData.can.assist} busy={busy} />
          ) : null}
          {order.business ? (
            <p className="mt-1 [overflow-wrap:anywhere]" data-testid="admin-order-business">
              Business invoice: {order.business.legalName}, GSTIN <span className="font-mono">{order.business.gstin}</span>
            </p>
          ) : null}
          <h2 className="mt-4 font-bold">Shipping address</h2>
          <address className="mt-1 not-italic [overflow-wrap:anywhere]">
            {order.address.street}, {order.address.city}, {order.address.state} {order.address.pincode}
          </address>
          <h2 className="mt-4 font-bold">Payment</h2>
          <OrderPayment
            // The badge agrees with the order's status: a cancelled order's cash or transfer will not come.
            payment={{
              ...order.payment,
              status: shownPaymentStatus({
                ...order.payment,
                status: order.status,
                paymentStatus: order.payment.status,
                paymentMethod: order.paymentMethod,
              }),
            }}
            orderStatus={order.status}
            paymentMethod={order.paymentMethod}
            methodLabel={paymentMethodLabel(order.paymentMethod, loaderData.paymentNames)}
            totalPaise={order.totalPaise}
            error={refused?.intent === "mark-paid" ? refused.fields.reference : undefined}
            busy={busy}
            mayRecord={loaderData.can.money}
          />
        </section>
        <section className="rounded-xl bg-white p-5 ring-1 ring-stone-200">
          <h2 className="font-bold">Change status</h2>
          {order.next.length === 0 ? (
            <p className="mt-2 text-stone-600">This order is {order.status}; its status is final.</p>
          ) : !loaderData.can.orders ? (
            <p className="mt-2 text-stone-600">This order is {STATUS_LABELS[order.status]}. The order desk changes its status.</p>
          ) : (
            <Form method="post" className="mt-3 space-y-3">
              <fieldset disabled={busy} className="space-y-3">
                <div>
                  <label htmlFor="next-status" className="text-sm font-medium text-stone-700">
                    New status
                  </label>
                  <select
                    key={order.status}
                    id="next-status"
                    name="status"
                    required
                    // Cancelling is never the preselected choice (a confirmed order's only plain move).
                    defaultValue={order.next[0] === "shipped" ? "" : undefined}
                    className="mt-1 h-10 w-full rounded-lg border border-stone-300 bg-white px-2"
                  >
                    {order.next[0] === "shipped" ? (
                      <option value="" disabled>
                        Choose…
                      </option>
                    ) : null}
                    {order.next
                      .filter((s) => s !== "shipped") // shipping asks for the courier and tracking, below
                      .map((s) => (
                        <option key={s} value={s}>
                          {STATUS_LABELS[s]}
                        </option>
                      ))}
                  </select>
                </div>
                <div>
                  <label htmlFor="status-note" className="text-sm font-medium text-stone-700">
                    Note (optional)
                  </label>
                  <input
                    id="status-note"
                    name="note"
                    maxLength={500}
                    className="mt-1 h-10 w-full rounded-lg border border-stone-300 px-3"
                  />
                </div>
                {loaderData.aftercare?.cancelNeedsPayout ? (
                  <div>
                    <label htmlFor="cancel-payout" className="text-sm font-medium text-stone-700">
                      Payout reference (when cancelling)
                    </label>
                    <input
                      id="cancel-payout"
                      name="payoutReference"
                      maxLength={40}
                      autoComplete="off"
                      aria-describedby="cancel-payout-hint"
                      className="mt-1 h-10 w-full rounded-lg border border-stone-300 px-3"
                    />
                    <p id="cancel-payout-hint" className="mt-1 text-xs text-stone-600">
                      Paid, but not online: to cancel, send the refund by UPI or bank transfer first and enter its reference.
                    </p>
                  </div>
                ) : null}
                <button type="submit" className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white">
                  Update Status
                </button>
                <p className="text-xs text-stone-600">Cancelling puts the items back in stock and refunds what was paid.</p>
              </fieldset>
            </Form>
          )}
        </section>
      </div>
      {loaderData.ondc ? <OndcOrderPanel ondc={loaderData.ondc} issues={loaderData.ondcIssues} /> : null}
      {loaderData.can.money ? <StrayPayments strays={loaderData.strays} busy={busy} /> : null}
      {loaderData.can.orders && (loaderData.ewayBill?.needed || loaderData.ewayBill?.number) ? (
        <EwayBillSection
          state={loaderData.ewayBill}
          open={order.status === "pending" || order.status === "confirmed"}
          error={actionData && "ewayBillError" in actionData ? actionData.ewayBillError : undefined}
          busy={busy}
        />
      ) : null}
      {loaderData.can.orders ? (
        <OrderShipping
          status={order.status}
          paymentStatus={order.payment.status}
          shipments={order.shipments}
          sellersToShip={order.sellersToShip}
          errors={refused?.intent === "ship" ? refused.fields : undefined}
          values={refused?.intent === "ship" ? refused.values : undefined}
          busy={busy}
        />
      ) : null}
      <section className="relative mt-4 overflow-x-auto rounded-xl bg-white p-5 ring-1 ring-stone-200">
        <h2 className="font-bold">Items</h2>
        <PackingSlipLinks action="/admin/packing-slips" orderId={order.id} />
        <table className="mt-2 w-full text-sm">
          <thead className="text-left text-stone-600">
            <tr>
              <th className="py-2">Product</th>
              <th>Unit price</th>
              <th>Qty</th>
              <th className="text-right">Line total</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {order.lines.map((l) => (
              <tr key={l.id}>
                <td className="py-2">
                  {l.name}
                  {l.sku ? <span className="block font-mono text-xs text-stone-600">SKU {l.sku}</span> : null}
                  {l.lots.map((lot) => (
                    <span key={lot.number} className="block text-xs text-stone-600" data-testid="line-lot">
                      {lotLineEnglish(lot)}
                    </span>
                  ))}
                </td>
                <td>
                  {formatPaise(l.unitPricePaise)}
                  {l.priceList ? (
                    <span className="block text-xs text-stone-600" data-testid="line-price-list">
                      Price list: {l.priceList}
                    </span>
                  ) : null}
                </td>
                <td>{l.quantity}</td>
                <td className="text-right">{formatPaise(l.lineTotalPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="ml-auto mt-3 max-w-xs space-y-1 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal{order.discountPaise > 0 ? " (after discounts)" : ""}</dt>
            <dd>{formatPaise(order.subtotalPaise)}</dd>
          </div>
          {order.offers.map((o) => (
            <div key={o.offerId} className="flex justify-between text-green-800" data-testid="admin-order-offer">
              <dt>{o.name}</dt>
              <dd>
                {o.paise > 0 ? `−${formatPaise(o.paise)}` : ""}
                {o.freeShipping ? (o.paise > 0 ? " · free delivery" : "free delivery") : ""}
              </dd>
            </div>
          ))}
          <div className="flex justify-between">
            <dt>Shipping</dt>
            <dd>{order.shippingPaise === 0 ? "Free" : formatPaise(order.shippingPaise)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>GST</dt>
            <dd>{formatPaise(order.taxPaise)}</dd>
          </div>
          <div className="flex justify-between font-bold">
            <dt>Total</dt>
            <dd>{formatPaise(order.totalPaise)}</dd>
          </div>
        </dl>
      </section>
      {loaderData.aftercare ? (
        <OrderReturnsSection
          returns={loaderData.aftercare.returns}
          refunds={loaderData.aftercare.refunds}
          error={actionData && "returnError" in actionData ? actionData.returnError : null}
          mayDecide={loaderData.can.orders}
          mayRefund={loaderData.can.money}
        />
      ) : null}
      <section className="mt-4 rounded-xl bg-white p-5 ring-1 ring-stone-200">
        <h2 className="font-bold">Tax invoices and credit notes</h2>
        {order.documents.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">None yet: invoices are issued when the order is confirmed.</p>
        ) : (
          <DocumentLinks documents={order.documents} label="Tax invoices and credit notes" />
        )}
      </section>
      <section className="mt-4 rounded-xl bg-white p-5 ring-1 ring-stone-200">
        <h2 className="font-bold">Status history</h2>
        <ol className="mt-2 space-y-1 text-sm">
          {order.events.map((e) => (
            <li key={e.id}>
              <span className="font-semibold">{STATUS_LABELS[e.status]}</span> · {formatDateTime(e.createdAt)}
              {e.note ? ` · ${e.note}` : ""}
            </li>
          ))}
        </ol>
      </section>
      <AuditHistory entries={loaderData.history} />
    </div>
  );
}

/** Name, phone and email, each only when real, on one line. */
function contactLine(contact: ReturnType<typeof shownContact>) {
  return [contact.name, contact.phone, contact.email].filter(Boolean).join(" · ");
}

/** A phone order to be paid by the SMS link: until when it waits, and sending the link again. */
function PayLinkState({
  order,
  canResend,
  busy,
}: {
  order: { status: string; payment: { status: string; dueAt: string | null } };
  canResend: boolean;
  busy: boolean;
}) {
  const { dueAt } = order.payment;
  const waiting = order.status === "pending" && (order.payment.status === "awaiting_payment" || order.payment.status === "failed");
  if (!waiting || !dueAt) return null;
  const open = Date.parse(dueAt) > Date.now();
  return (
    <div className="mt-1" data-testid="admin-order-pay-link">
      <p>{open ? `Awaits payment by the SMS link until ${formatDateTime(dueAt)}.` : "The time to pay by the SMS link has run out."}</p>
      {open && canResend ? (
        <Form method="post" className="mt-1">
          <input type="hidden" name="intent" value="resend-pay-link" />
          <button type="submit" disabled={busy} className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-semibold">
            Send the link again
          </button>
        </Form>
      ) : null}
    </div>
  );
}

import { Link } from "react-router";
import { formatDate } from "~/domain/dates";
import { formatIsoDay } from "~/domain/india-day";
import { formatPaiseExact } from "~/domain/money";
import type { OrderStatus } from "~/domain/orders";
import {
  type RefundView,
  RETURN_STATUS_LABELS,
  RETURN_STATUS_STYLES,
  RETURN_WINDOW_DAYS,
  refundLabel,
  type ReturnView,
} from "~/domain/returns";
import { CancelOrderButton } from "./cancel-order-dialog";

export type AftercareView = {
  status: OrderStatus;
  canCancel: boolean;
  cancelRefundPaise: number;
  lastReturnDay: string | null;
  returnWindowOpen: boolean;
  canReturn: boolean;
  returns: ReturnView[];
  refunds: RefundView[];
};

const REFUND_FOR: Record<RefundView["reason"], string> = {
  cancelled: "the cancelled order",
  return: "returned items",
  late_payment: "a payment received after the order was cancelled",
  extra_payment: "a payment made twice",
};

/** The customer's order page: cancel it (until it ships), return items (after delivery), and where each refund stands. */
export function OrderAftercare({ orderId, view }: { orderId: string; view: AftercareView }) {
  const { returns, refunds } = view;
  if (!view.canCancel && !view.lastReturnDay && returns.length === 0 && refunds.length === 0) return null;
  return (
    <section className="mt-6 rounded-xl border border-stone-200 bg-white p-5" aria-labelledby="aftercare-title">
      <h2 id="aftercare-title" className="text-lg font-bold text-stone-900">
        Cancellations, returns and refunds
      </h2>
      {view.canCancel ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-stone-700">You can cancel this order free of charge until it ships.</p>
          <CancelOrderButton orderId={orderId} from="order" refundPaise={view.cancelRefundPaise} />
        </div>
      ) : null}
      {view.status === "delivered" && view.lastReturnDay ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-stone-700">
            {view.returnWindowOpen
              ? `You can ask to return items until ${formatIsoDay(view.lastReturnDay)} (${RETURN_WINDOW_DAYS} days after delivery).`
              : `Returns for this order closed on ${formatIsoDay(view.lastReturnDay)}.`}
          </p>
          {view.canReturn ? (
            <Link
              to={`/orders/${orderId}/return`}
              className="inline-flex min-h-10 items-center rounded-lg border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              Return items
            </Link>
          ) : null}
        </div>
      ) : null}
      {refunds.length > 0 ? (
        <ul className="mt-4 space-y-2" aria-label="Refunds">
          {refunds.map((r) => (
            <li key={r.id} className="rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-950" data-testid="refund">
              <span className="font-semibold">{refundLabel(r)}</span> for {REFUND_FOR[r.reason]}
              {r.done ? ` on ${formatDate(r.updatedAt)}` : ""}
              {r.failed
                ? ". The payment service has not taken it yet: we are on it and will contact you."
                : r.kind === "payout"
                  ? `, by UPI or bank transfer${r.payoutReference ? ` (reference ${r.payoutReference})` : ""}.`
                  : r.done
                    ? ", to your original payment method."
                    : ". It goes back to your original payment method; your bank may take 5–7 working days to show it."}
            </li>
          ))}
        </ul>
      ) : null}
      {returns.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold text-stone-900">Your returns</h3>
          <ul className="mt-2 divide-y divide-stone-100" aria-label="Your returns">
            {returns.map((r) => (
              <li key={r.id} className="py-2 text-sm" data-testid="customer-return">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-stone-900">
                    {r.quantity} × {r.name} · {formatPaiseExact(r.amountPaise)}
                  </span>
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${RETURN_STATUS_STYLES[r.status]}`}>
                    {RETURN_STATUS_LABELS[r.status]}
                  </span>
                </div>
                {r.status === "requested" ? (
                  <p className="text-stone-600">Asked on {formatDate(r.createdAt)}; we will email you our decision.</p>
                ) : null}
                {r.status === "rejected" && r.decisionNote ? (
                  <p className="text-stone-700 [overflow-wrap:anywhere]">Not accepted: {r.decisionNote}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

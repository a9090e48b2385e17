import { Form } from "react-router";
import { PaymentStatusBadge } from "~/features/payments/ui/payment-status-badge";
import { TextField } from "~/ui/text-field";
import { formatDate, formatDateTime } from "~/platform/core/dates";
import { formatPaise } from "~/platform/core/money";
import type { OrderStatus } from "~/features/orders/domain/orders";
import type { PaymentStatus } from "~/features/payments/domain/payments";

type Payment = {
  status: PaymentStatus;
  paidPaise: number;
  refundedPaise: number;
  paidAt: string | null;
  reference: string | null;
  /** While a pending order waits for its bank transfer: when the payment sweep cancels it. */
  dueAt: string | null;
};

/**
 * The admin's view of an order's money (issue 15): the method, how it stands, what was paid and
 * refunded and the payment's reference; for a bank transfer still to arrive, its deadline and the
 * form that records it. A cancelled order's transfer cannot be recorded: its stock went back and may
 * be sold, so money that arrives anyway is sent back to the customer.
 */
export function OrderPayment({
  payment,
  orderStatus,
  paymentMethod,
  methodLabel,
  totalPaise,
  error,
  busy,
  mayRecord = true,
}: {
  payment: Payment;
  orderStatus: OrderStatus;
  /** The method's key ("bank_transfer", "upi", …). */
  paymentMethod: string;
  methodLabel: string;
  totalPaise: number;
  /** The reference field's error after a refused "Mark as Paid". */
  error?: string | undefined;
  busy: boolean;
  /** The staff role records payments (issue 33): else a pending transfer has no form to record it. */
  mayRecord?: boolean;
}) {
  return (
    <div className="mt-1 space-y-2">
      <p className="flex flex-wrap items-center gap-2">
        {methodLabel}
        <PaymentStatusBadge status={payment.status} testId="admin-payment-status" />
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
        <dt className="text-stone-600">Paid</dt>
        <dd data-testid="admin-paid">
          {formatPaise(payment.paidPaise)}
          {payment.paidAt ? <span className="text-stone-600"> on {formatDateTime(payment.paidAt)}</span> : null}
        </dd>
        <dt className="text-stone-600">Refunded</dt>
        <dd data-testid="admin-refunded">{formatPaise(payment.refundedPaise)}</dd>
        <dt className="text-stone-600">Reference</dt>
        <dd className="font-mono [overflow-wrap:anywhere]" data-testid="admin-payment-reference">
          {payment.reference ?? <span className="font-sans text-stone-600">None</span>}
        </dd>
      </dl>
      {orderStatus === "cancelled" && paymentMethod === "bank_transfer" && payment.paidPaise === 0 ? (
        <p className="rounded-lg bg-stone-100 p-3 text-sm text-stone-800 ring-1 ring-stone-200" data-testid="transfer-after-cancel">
          Cancelled before the transfer was recorded. If the customer's money arrives now, send it back to them by UPI or bank transfer: it
          cannot pay for this order.
        </p>
      ) : payment.status === "bank_transfer_pending" && mayRecord ? (
        <Form method="post" className="rounded-lg bg-orange-50 p-3 ring-1 ring-orange-200" aria-label="Record the bank transfer">
          <input type="hidden" name="intent" value="mark-paid" />
          <fieldset disabled={busy} className="space-y-2">
            <p className="text-sm text-stone-800">
              When {formatPaise(totalPaise)} reaches the store's account, record the transfer: the order is marked paid and, if it is
              pending, confirmed.
            </p>
            {orderStatus === "pending" && payment.dueAt ? (
              <p className="text-sm font-semibold text-orange-800" data-testid="admin-transfer-due">
                Cancelled automatically, and its stock released, if no transfer is recorded by {formatDate(payment.dueAt)}.
              </p>
            ) : null}
            <TextField
              label="UTR or transfer reference"
              name="reference"
              required
              minLength={6}
              maxLength={40}
              pattern="[A-Za-z0-9]{6,40}"
              autoComplete="off"
              hint="6 to 40 letters and digits, as the bank statement shows it."
              error={error}
            />
            <button type="submit" className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
              Mark as Paid
            </button>
          </fieldset>
        </Form>
      ) : null}
    </div>
  );
}

import { PAYMENT_STATUS_LABELS, PAYMENT_STATUS_STYLES, type PaymentStatus } from "~/features/payments/domain/payments";
import { useStatusNames } from "~/features/orders/ui/order-text";

/** How an order's money stands (issue 15), as a coloured pill. */
export function PaymentStatusBadge({ status, testId, size = "sm" }: { status: PaymentStatus; testId?: string; size?: "sm" | "md" }) {
  const names = useStatusNames({ payment: PAYMENT_STATUS_LABELS });
  const pad = size === "md" ? "px-3 py-1 text-sm" : "px-2 py-0.5 text-xs";
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full font-semibold ${pad} ${PAYMENT_STATUS_STYLES[status]}`}
      data-testid={testId}
    >
      {names.payment(status)}
    </span>
  );
}

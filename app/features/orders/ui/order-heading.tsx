import type { ReactNode } from "react";
import Ban from "lucide-react/icons/ban";
import CheckCircle2 from "lucide-react/icons/circle-check";
import Clock from "lucide-react/icons/clock";
import { formatDate, formatDateTime } from "~/platform/core/dates";
import { formatPaise } from "~/platform/core/money";
import { type OrderEventTime, type OrderStatus, reachedAt, STATUS_LABELS, STATUS_STYLES } from "~/features/orders/domain/orders";
import { isAwaitingPayment, type PaymentStatus } from "~/features/payments/domain/payments";
import { useLocale, useT } from "~/platform/i18n/i18n";
import { rich, useStatusNames } from "~/features/orders/ui/order-text";
import { TransferDeadline } from "../../payments/ui/transfer-deadline";

type Props = {
  order: { id: string; status: OrderStatus; createdAt: string };
  progress: {
    paymentStatus: PaymentStatus;
    refundedPaise: number;
    events: readonly OrderEventTime[];
    /** A bank transfer's deadline, while the order waits for it. */
    transferDueAt?: string | null;
  };
  /** The payment panel (the Pay button of a card or UPI order waiting for its payment) goes here. */
  children?: ReactNode;
};

/**
 * The top of the customer's order page: thanks for a placed order; "Awaiting payment" for a card or
 * UPI order not paid yet; by when a bank transfer must arrive; for a cancelled order, that it is
 * cancelled and when, never green ticks.
 * Any money refunded is said in every case (issue 15).
 */
export function OrderHeading({ order, progress, children }: Props) {
  const t = useT();
  const locale = useLocale();
  const names = useStatusNames({ order: STATUS_LABELS });
  const cancelled = order.status === "cancelled";
  const awaiting = !cancelled && order.status === "pending" && isAwaitingPayment(progress.paymentStatus);
  const tone = cancelled ? "bg-stone-100 ring-stone-200" : awaiting ? "bg-orange-50 ring-orange-200" : "bg-brand-50 ring-brand-100";
  const Icon = cancelled ? Ban : awaiting ? Clock : CheckCircle2;
  const iconTone = cancelled ? "text-red-700" : awaiting ? "text-orange-700" : "text-brand-700";
  const cancelledAt = cancelled ? reachedAt(progress.events, "cancelled") : null;
  return (
    <div className={`rounded-2xl p-6 text-center ring-1 ${tone}`} data-testid="order-heading">
      <Icon className={`mx-auto h-14 w-14 ${iconTone}`} aria-hidden="true" />
      <h1 className="mt-3 text-2xl font-bold text-stone-900 sm:text-3xl">
        {cancelled ? t("ui_orders_heading_cancelled") : awaiting ? t("ui_orders_heading_awaiting") : t("ui_orders_heading_placed")}
      </h1>
      <p className="mt-2 text-stone-700">
        {rich(t("ui_orders_heading_line", { id: "{id}", date: formatDate(order.createdAt, locale) }), {
          id: <span className="font-mono font-semibold">#{order.id}</span>,
        })}
      </p>
      {cancelledAt ? (
        <p className="mt-1 font-semibold text-stone-800" data-testid="cancelled-on">
          {rich(t("ui_orders_cancelled_on", { date: "{date}" }), {
            date: <time dateTime={cancelledAt}>{formatDateTime(cancelledAt, locale)}</time>,
          })}
        </p>
      ) : null}
      {awaiting ? <p className="mt-1 text-stone-700">{t("ui_orders_confirm_after_payment")}</p> : null}
      {!cancelled && progress.transferDueAt ? (
        <TransferDeadline dueAt={progress.transferDueAt} className="mt-1 font-semibold text-orange-800" />
      ) : null}
      {progress.refundedPaise > 0 ? (
        <p className="mt-1 font-semibold text-stone-800" data-testid="order-refund">
          {t("ui_orders_refunded_to_you", { amount: formatPaise(progress.refundedPaise) })}
        </p>
      ) : null}
      <p className="mt-2">
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLES[order.status]}`} data-testid="order-status">
          {names.order(order.status)}
        </span>
      </p>
      {children}
    </div>
  );
}

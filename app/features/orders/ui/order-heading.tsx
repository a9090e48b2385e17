import type { ReactNode } from "react";
import Ban from "lucide-react/icons/ban";
import CheckCircle2 from "lucide-react/icons/circle-check";
import Clock from "lucide-react/icons/clock";
import { formatDate, formatDateTime } from "~/platform/core/dates";
import { formatPaise } from "~/platform/core/money";
import { type OrderEventTime, type OrderStatus, STATUS_LABELS, STATUS_STYLES } from "~/features/orders/domain/orders";
import { describeOrder, type OrderHeadline, type StatusNote } from "~/features/orders/domain/order-picture";
import type { CustomerStrayPayment, PaymentStatus } from "~/features/payments/domain/payments";
import { type UiKey, useLocale, useT } from "~/platform/i18n/i18n";
import { rich, useStatusNames } from "~/features/orders/ui/order-text";
import { TransferDeadline } from "../../payments/ui/transfer-deadline";
import { formatOrderId } from "~/platform/core/order-id";

type Props = {
  order: { id: string; status: OrderStatus; createdAt: string };
  progress: {
    paymentMethod: string;
    paymentStatus: PaymentStatus;
    paidPaise: number;
    refundedPaise: number;
    events: readonly OrderEventTime[];
    strays?: readonly CustomerStrayPayment[];
    /** A bank transfer's deadline, while the order waits for it. */
    transferDueAt?: string | null;
  };
  /** The payment panel (the Pay button of a card or UPI order waiting for its payment) goes here. */
  children?: ReactNode;
};

const HEADLINES = {
  awaiting_payment: "ui_orders_heading_awaiting",
  placed: "ui_orders_heading_placed",
  confirmed: "ui_orders_heading_confirmed",
  shipped: "ui_orders_heading_shipped",
  delivered: "ui_orders_heading_delivered_undated",
  cancelled: "ui_orders_heading_cancelled",
  refunded: "ui_orders_heading_refunded",
} as const satisfies Record<OrderHeadline, UiKey>;

const NOTES = {
  pending_check: "ui_orders_note_pending_check",
  confirm_after_payment: "ui_orders_confirm_after_payment",
} as const satisfies Record<StatusNote, UiKey>;

const TONES = {
  good: ["bg-brand-50 ring-brand-100", "text-brand-700", CheckCircle2],
  waiting: ["bg-orange-50 ring-orange-200", "text-orange-700", Clock],
  stopped: ["bg-stone-100 ring-stone-200", "text-red-700", Ban],
} as const;

/**
 * The top of the customer's order page, as describeOrder decides it: thanks for a placed order, with
 * what "Pending" means; "Awaiting payment" for an order whose card, UPI or bank transfer payment has
 * not come; confirmed, on its way, delivered (with the day); cancelled (and when) or refunded, never
 * with green ticks. Any money refunded is said in every case, and the order's status badge.
 */
export function OrderHeading({ order, progress, children }: Props) {
  const t = useT();
  const locale = useLocale();
  const names = useStatusNames({ order: STATUS_LABELS });
  const picture = describeOrder({ status: order.status, ...progress });
  const [tone, iconTone, Icon] = TONES[picture.tone];
  const cancelled = picture.headline === "cancelled";
  return (
    <div className={`rounded-2xl p-6 text-center ring-1 ${tone}`} data-testid="order-heading">
      <Icon className={`mx-auto h-14 w-14 ${iconTone}`} aria-hidden="true" />
      <h1 className="mt-3 text-2xl font-bold text-stone-900 sm:text-3xl">
        {picture.headline === "delivered" && picture.headlineAt
          ? rich(t("ui_orders_heading_delivered", { date: "{date}" }), {
              date: <time dateTime={picture.headlineAt}>{formatDate(picture.headlineAt, locale)}</time>,
            })
          : t(HEADLINES[picture.headline])}
      </h1>
      <p className="mt-2 text-stone-700">
        {rich(t("ui_orders_heading_line", { id: "{id}", date: formatDate(order.createdAt, locale) }), {
          id: <span className="font-mono font-semibold">#{formatOrderId(order.id)}</span>,
        })}
      </p>
      {cancelled && picture.headlineAt ? (
        <p className="mt-1 font-semibold text-stone-800" data-testid="cancelled-on">
          {rich(t("ui_orders_cancelled_on", { date: "{date}" }), {
            date: <time dateTime={picture.headlineAt}>{formatDateTime(picture.headlineAt, locale)}</time>,
          })}
        </p>
      ) : null}
      {!cancelled && progress.transferDueAt ? (
        <TransferDeadline dueAt={progress.transferDueAt} className="mt-1 font-semibold text-orange-800" />
      ) : null}
      {progress.refundedPaise > 0 ? (
        <p className="mt-1 font-semibold text-stone-800" data-testid="order-refund">
          {t("ui_orders_refunded_to_you", { amount: formatPaise(progress.refundedPaise) })}
        </p>
      ) : null}
      <p className="mt-2">
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLES[picture.orderBadge]}`} data-testid="order-status">
          {names.order(picture.orderBadge)}
        </span>
      </p>
      {picture.note ? (
        <p className="mx-auto mt-3 max-w-prose text-sm text-stone-700" data-testid="order-status-note">
          {t(NOTES[picture.note])}
        </p>
      ) : null}
      {children}
    </div>
  );
}

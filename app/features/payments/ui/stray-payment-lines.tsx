import { formatPaise } from "~/platform/core/money";
import type { CustomerStrayPayment } from "~/features/payments/domain/payments";
import { type UiKey, useT } from "~/platform/i18n/i18n";

const TEXT: Record<CustomerStrayPayment["reason"], Record<CustomerStrayPayment["state"], UiKey>> = {
  late_payment: {
    waiting: "ui_orders_stray_late_refunding",
    refunding: "ui_orders_stray_late_refunding",
    refunded: "ui_orders_stray_late_refunded",
  },
  second_payment: {
    waiting: "ui_orders_stray_second_refunding",
    refunding: "ui_orders_stray_second_refunding",
    refunded: "ui_orders_stray_second_refunded",
  },
  amount_mismatch: {
    waiting: "ui_orders_stray_mismatch_waiting",
    refunding: "ui_orders_stray_mismatch_refunding",
    refunded: "ui_orders_stray_mismatch_refunded",
  },
  currency_mismatch: {
    waiting: "ui_orders_stray_mismatch_waiting",
    refunding: "ui_orders_stray_mismatch_refunding",
    refunded: "ui_orders_stray_mismatch_refunded",
  },
};

/**
 * Payments the order did not take, said as they are: one that came after the order was cancelled,
 * a second one, one for another amount; and whether it is being refunded or was (never "paid").
 */
export function StrayPaymentLines({ strays, className = "" }: { strays: readonly CustomerStrayPayment[]; className?: string }) {
  const t = useT();
  if (strays.length === 0) return null;
  return (
    <ul className={`space-y-1 ${className}`}>
      {strays.map((s) => (
        <li key={s.id} className="text-sm font-semibold text-stone-800" data-testid="stray-payment">
          {s.amountPaise > 0
            ? t(TEXT[s.reason][s.state], { amount: formatPaise(s.amountPaise) })
            : // A mismatch whose amount the gateway's message did not state: learnt when it is refunded.
              t("ui_orders_stray_mismatch_waiting_unknown")}
        </li>
      ))}
    </ul>
  );
}

/** The order's own money, without the stray payments counted in (received and refunded alongside it). */
export function ownMoney(paidPaise: number, refundedPaise: number, strays: readonly CustomerStrayPayment[]) {
  const counted = strays.filter((s) => s.state !== "waiting").reduce((n, s) => n + s.amountPaise, 0);
  const refunded = strays.filter((s) => s.state === "refunded").reduce((n, s) => n + s.amountPaise, 0);
  return { paidPaise: Math.max(0, paidPaise - counted), refundedPaise: Math.max(0, refundedPaise - refunded) };
}

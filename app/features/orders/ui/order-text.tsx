import { Fragment, type ReactNode, useCallback } from "react";
import type { OrderStatus } from "~/features/orders/domain/orders";
import type { PaymentStatus } from "~/features/payments/domain/payments";
import type { ReturnStatus } from "~/features/orders/domain/returns";
import { fillMessage, type UiKey, type UiMessages, useT } from "~/platform/i18n/i18n";

/**
 * Helpers for the buying journey's words in the browser (cart, checkout, orders): status names,
 * sentences with a link or an emphasis inside, titles for `meta`.
 */

const ORDER_STATUS_KEYS = {
  pending: "ui_orders_status_pending",
  confirmed: "ui_orders_status_confirmed",
  shipped: "ui_orders_status_shipped",
  delivered: "ui_orders_status_delivered",
  cancelled: "ui_orders_status_cancelled",
} as const satisfies Record<OrderStatus, UiKey>;

const PAYMENT_STATUS_KEYS = {
  awaiting_payment: "ui_orders_payment_awaiting_payment",
  failed: "ui_orders_payment_failed",
  paid: "ui_orders_payment_paid",
  partly_refunded: "ui_orders_payment_partly_refunded",
  refunded: "ui_orders_payment_refunded",
  cod: "ui_orders_payment_cod",
  bank_transfer_pending: "ui_orders_payment_bank_transfer_pending",
  voided: "ui_orders_payment_voided",
} as const satisfies Record<PaymentStatus, UiKey>;

const RETURN_STATUS_KEYS = {
  requested: "ui_orders_return_requested",
  approved: "ui_orders_return_approved",
  rejected: "ui_orders_return_rejected",
} as const satisfies Record<ReturnStatus, UiKey>;

/**
 * `t`, with the English words to fall back on where the page's layout sent no messages (the admin
 * panel, which is English only, shows some of the same components).
 */
export function useTOr() {
  const t = useT();
  return useCallback(
    (key: UiKey, english: string, inputs?: Record<string, unknown>): string => {
      try {
        return (t as (key: UiKey, inputs?: Record<string, unknown>) => string)(key, inputs);
      } catch {
        return fillMessage(english, inputs);
      }
    },
    [t],
  );
}

/** Names of order, payment and return statuses in the page's language (English in the admin panel). */
export function useStatusNames(english: {
  order?: Record<OrderStatus, string>;
  payment?: Record<PaymentStatus, string>;
  returns?: Record<ReturnStatus, string>;
}) {
  const t = useTOr();
  return {
    order: (status: OrderStatus) => t(ORDER_STATUS_KEYS[status], english.order?.[status] ?? status),
    payment: (status: PaymentStatus) => t(PAYMENT_STATUS_KEYS[status], english.payment?.[status] ?? status),
    returns: (status: ReturnStatus) => t(RETURN_STATUS_KEYS[status], english.returns?.[status] ?? status),
  };
}

/**
 * A message with elements in it: "Order {id} · placed on {date}" with `id` a <span>. `pattern` is
 * the message unfilled (t(key, { id: "{id}", … }) gives it back); text inputs may be given too.
 */
export function rich(pattern: string, parts: Record<string, ReactNode>): ReactNode {
  const pieces = pattern.split(/\{(\w+)\}/g);
  return pieces.map((piece, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed sentence, in order
    i % 2 === 1 ? <Fragment key={i}>{piece in parts ? parts[piece] : `{${piece}}`}</Fragment> : piece,
  );
}

/** A page title for `meta` (which runs in the browser too), from the messages the store's layout sent. */
export function metaTitle(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
  key: UiKey,
  english: string,
  inputs?: Record<string, unknown>,
): string {
  const layout = matches.find((match) => match?.id === "routes/store/layout")?.loaderData as { ui?: UiMessages } | undefined;
  return fillMessage(layout?.ui?.[key] ?? english, inputs);
}

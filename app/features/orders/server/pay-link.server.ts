import { getDb } from "~/platform/db/db.server";
import type { Locale } from "~/platform/i18n/locale";
import { isAwaitingPayment } from "~/features/payments/domain/payments";
import { getOrderPayment } from "~/features/payments/server/order-payment.server";
import { confirmRazorpayCheckout, confirmRazorpayFailure, PaymentNotVerified } from "~/features/payments/server/confirm-payment.server";
import { type PaymentStart, startPayment } from "~/features/payments/server/start-payment.server";
import { getCustomerOrder } from "./get-customer-order.server";
import { orderLink, orderLinkPath, orderLinkToken, orderLinkTokenMatches } from "./order-link-token.server";

/*
 * The payment link the phone desk sends a farmer by SMS (docs/decisions/063-phone-order-pay-link.md):
 * a page that opens one order without a sign-in, its signature the proof, and pays it through the
 * store's gateway as the order's own page would. The signature opens that order only and only to pay
 * it (or to go on to cancel it): a different purpose from the not-mine link's.
 */

export function payLinkToken(orderId: string): string {
  return orderLinkToken("pay", orderId);
}

/** The pay page's address in the farmer's language; `payment`: the notice after a payment came back. */
export function payLinkPath(orderId: string, locale: Locale, payment?: string): string {
  return orderLinkPath("pay", orderId, locale, payment ? { payment } : {});
}

export function payLink(orderId: string, locale: Locale): string {
  return orderLink("pay", orderId, locale);
}

/** The order a pay link names, when its signature is good and the desk placed it to be paid online; else null. */
async function linkedOrder(orderId: string, token: unknown) {
  if (!orderLinkTokenMatches("pay", orderId, token)) return null;
  const row = await getDb()
    .selectFrom("orders")
    .select(["id", "user_id", "status", "payment_status", "payment_due_at", "locale"])
    .where("id", "=", orderId)
    .where("placed_by", "is not", null)
    .where("payment_method", "=", "upi")
    .executeTakeFirst();
  return row?.user_id ? { ...row, user_id: row.user_id } : null;
}

/** Where a pay link's order stands: to pay, paid (or past paying), out of time, or cancelled. */
export type PayLinkState = "open" | "paid" | "expired" | "cancelled";

/**
 * What the pay page shows: the order (lines, amounts, where it goes), its payment, and its state;
 * null for a bad link. Reading it changes nothing.
 */
export async function readPayLink(orderId: string, token: unknown) {
  const row = await linkedOrder(orderId, token);
  if (!row) return null;
  const [order, payment] = await Promise.all([getCustomerOrder(row.id, row.user_id), getOrderPayment(row.id, row.user_id)]);
  if (!order || !payment) return null;
  const waiting = row.status === "pending" && isAwaitingPayment(row.payment_status);
  const state: PayLinkState =
    row.status === "cancelled"
      ? "cancelled"
      : !waiting
        ? "paid"
        : row.payment_due_at && Date.parse(row.payment_due_at) <= Date.now()
          ? "expired"
          : "open";
  return { order, payment, state, notMineLink: state === "open" ? orderLinkPath("not-mine", row.id, row.locale) : null };
}

/** A pay link that is not this order's (or not a pay link): nothing is shown or written. */
export class PayLinkRefused extends Error {}

/**
 * Starts a payment of the link's order for its customer (startPayment: only while it waits, inside
 * its hold). Razorpay's hosted page comes back through callback_url with the link's signature, so a
 * farmer on a phone without a session lands back on this page (razorpay-callback.ts).
 */
export async function startLinkPayment(orderId: string, token: unknown): Promise<PaymentStart> {
  const row = await linkedOrder(orderId, token);
  if (!row) throw new PayLinkRefused();
  const start = await startPayment(row.id, row.user_id);
  if (start.gateway !== "razorpay") return start;
  const callback = new URL(start.options.callback_url);
  callback.searchParams.set("pay", payLinkToken(row.id));
  return { ...start, options: { ...start.options, callback_url: callback.href } };
}

/** Razorpay Checkout's answer on the pay page, verified as the order page verifies it, for this order only. */
export async function confirmLinkPayment(orderId: string, token: unknown, fields: Record<string, unknown>, failed: boolean) {
  const row = await linkedOrder(orderId, token);
  if (!row) throw new PayLinkRefused();
  const confirmed = failed ? await confirmRazorpayFailure(fields, row.user_id) : await confirmRazorpayCheckout(fields, row.user_id);
  if (confirmed.orderId !== row.id) throw new PaymentNotVerified();
  return { ...confirmed, locale: row.locale };
}

/**
 * Where Razorpay's callback sends the browser back to, when the payment was started from a pay link
 * (its `pay` signature is this order's): the pay page, which needs no session. Else null.
 */
export async function payLinkAfterCallback(orderId: string, token: unknown, payment: string): Promise<string | null> {
  const row = await linkedOrder(orderId, token);
  return row ? payLinkPath(row.id, row.locale, payment) : null;
}

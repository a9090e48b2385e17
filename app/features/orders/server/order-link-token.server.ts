import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/platform/env.server";
import { isId } from "~/platform/ids";
import { type Locale, localizePath } from "~/platform/i18n/locale";

/**
 * The signature an order's SMS links carry instead of a sign-in (docs/decisions/062-assisted-orders.md,
 * 063-phone-order-pay-link.md): an HMAC of the order's id under a key derived from BETTER_AUTH_SECRET
 * for one purpose, so a link opens that order only, and for that one thing only. A purpose is also the
 * page's last segment: /orders/:orderId/not-mine, /orders/:orderId/pay. A "document" token signs a tax
 * document's id instead: /documents/:documentId?t=… opens that one document (an ONDC buyer app's link
 * to the invoice, docs/decisions/075-ondc-orders.md).
 */
export type OrderLinkPurpose = "not-mine" | "pay" | "document";

export function orderLinkToken(purpose: OrderLinkPurpose, orderId: string): string {
  const key = createHmac("sha256", getEnv().BETTER_AUTH_SECRET).update(`angle:${purpose}:v1`).digest();
  return createHmac("sha256", key).update(orderId).digest("base64url").slice(0, 32);
}

/** Whether `token` is this order's signature for `purpose`, compared in constant time. */
export function orderLinkTokenMatches(purpose: OrderLinkPurpose, orderId: string, token: unknown): boolean {
  if (!isId(orderId) || typeof token !== "string") return false;
  const want = Buffer.from(orderLinkToken(purpose, orderId));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The page of an order's SMS link, in the reader's language, with its signature (and `more` query). */
export function orderLinkPath(purpose: OrderLinkPurpose, orderId: string, locale: Locale, more: Record<string, string> = {}): string {
  const query = new URLSearchParams({ t: orderLinkToken(purpose, orderId), ...more });
  return `${localizePath(`/orders/${orderId}/${purpose}`, locale)}?${query}`;
}

/** The same, as a full address for an SMS. */
export function orderLink(purpose: OrderLinkPurpose, orderId: string, locale: Locale): string {
  return `${getEnv().BASE_URL}${orderLinkPath(purpose, orderId, locale)}`;
}

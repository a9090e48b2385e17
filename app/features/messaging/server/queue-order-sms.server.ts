import type { Selectable } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import { localizePath } from "~/platform/i18n/locale";
import { hasRealEmail, provenMobile } from "~/features/accounts/domain/mobile";
import type { OrderStatus } from "~/features/orders/domain/orders";
import { orderStatusSms } from "~/features/messaging/domain/sms-messages";
import { insertOutboxRows, smsOutboxRow } from "~/features/messaging/server/enqueue.server";
import { smsTemplate } from "~/features/messaging/server/sms-template.server";
import type { EmailContext } from "./email-context.server";

/** The customer's columns that say whether and where an order's SMS goes (smsRecipientOf). */
export const SMS_RECIPIENT_COLUMNS = [
  "email",
  "phoneNumber",
  "phoneNumberVerified",
  "phone",
  "verified_phone",
  "sms_order_updates",
] as const;

type OrderLocale = Selectable<Database["orders"]>["locale"];
type RecipientColumns = Pick<Selectable<Database["user"]>, (typeof SMS_RECIPIENT_COLUMNS)[number]>;

/**
 * Whom an order's SMS goes to, or null: a number an SMS code proved (provenMobile), never a profile
 * phone anyone could have typed; a customer with a real email only when they turned "SMS order
 * updates" on (for one without, an account made from a mobile number, the SMS is how they hear at all).
 */
export async function orderSmsRecipient(trx: Db, orderId: string) {
  const row = await trx
    .selectFrom("orders")
    .innerJoin("user", "user.id", "orders.user_id")
    .select(["orders.id", "orders.locale", ...SMS_RECIPIENT_COLUMNS.map((c) => `user.${c}` as const)])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
  return row ? smsRecipientOf(row, row) : null;
}

/** orderSmsRecipient for an order whose customer's columns the caller has already read. */
export function smsRecipientOf(customer: RecipientColumns, order: { id: string; locale: OrderLocale }) {
  if (hasRealEmail(customer.email) && !customer.sms_order_updates) return null;
  const to = provenMobile(customer);
  return to ? { id: order.id, locale: order.locale, to } : null;
}

/**
 * Queues the customer's SMS about an order (placed, or its status changed) in the transaction that
 * makes the change: for a customer with no real email (an account made from a mobile number) the
 * SMS is how they hear at all; others get it when they turned "SMS order updates" on. It goes only to
 * a number an SMS code proved (provenMobile): never to a profile phone anyone could have typed. It is in the
 * order's language (orders.locale) when a template allows (smsTemplate), and links to the order's
 * page in that language either way.
 */
export async function queueOrderSms(trx: Db, ctx: EmailContext, orderId: string, status: OrderStatus) {
  const row = await orderSmsRecipient(trx, orderId);
  if (row) await insertOutboxRows(trx, [orderSmsRow(ctx, row, status)]);
}

/** The outbox row of queueOrderSms, for a recipient already known (smsRecipientOf). */
export function orderSmsRow(ctx: EmailContext, recipient: { id: string; locale: OrderLocale; to: string }, status: OrderStatus) {
  const { id, locale: orderLocale, to } = recipient;
  const link = `${ctx.store.baseUrl}${localizePath(`/order-confirmation/${encodeURIComponent(id)}`, orderLocale)}`;
  const { locale, templateId } = smsTemplate("order-status-sms", orderLocale);
  const sms = orderStatusSms(ctx.store.name, { id, status, link }, locale);
  return smsOutboxRow("order-status-sms", `order-status-sms:${id}:${status}`, { to, ...sms, ...(templateId ? { templateId } : {}) });
}

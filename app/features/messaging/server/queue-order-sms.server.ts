import type { Db } from "~/platform/db/db.server";
import { localizePath } from "~/platform/i18n/locale";
import { hasRealEmail, provenMobile } from "~/features/accounts/domain/mobile";
import type { OrderStatus } from "~/features/orders/domain/orders";
import { orderStatusSms } from "~/features/messaging/domain/sms-messages";
import { enqueueSms } from "~/features/messaging/server/enqueue.server";
import { smsTemplate } from "~/features/messaging/server/sms-template.server";
import type { EmailContext } from "./email-context.server";

/**
 * Whom an order's SMS goes to, or null: a number an SMS code proved (provenMobile), never a profile
 * phone anyone could have typed; a customer with a real email only when they turned "SMS order
 * updates" on (for one without, an account made from a mobile number, the SMS is how they hear at all).
 */
export async function orderSmsRecipient(trx: Db, orderId: string) {
  const row = await trx
    .selectFrom("orders")
    .innerJoin("user", "user.id", "orders.user_id")
    .select([
      "orders.id",
      "orders.locale",
      "user.email",
      "user.phoneNumber",
      "user.phoneNumberVerified",
      "user.phone",
      "user.verified_phone",
      "user.sms_order_updates",
    ])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
  if (!row || (hasRealEmail(row.email) && !row.sms_order_updates)) return null;
  const to = provenMobile(row);
  return to ? { id: row.id, locale: row.locale, to } : null;
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
  if (!row) return;
  const { to } = row;
  const link = `${ctx.store.baseUrl}${localizePath(`/order-confirmation/${encodeURIComponent(row.id)}`, row.locale)}`;
  const { locale, templateId } = smsTemplate("order-status-sms", row.locale);
  const sms = orderStatusSms(ctx.store.name, { id: row.id, status, link }, locale);
  await enqueueSms(trx, "order-status-sms", `order-status-sms:${row.id}:${status}`, { to, ...sms, ...(templateId ? { templateId } : {}) });
}

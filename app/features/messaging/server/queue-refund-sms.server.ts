import type { Db } from "~/platform/db/db.server";
import { localizePath } from "~/platform/i18n/locale";
import { formatPaiseExact } from "~/platform/core/money";
import { hasRealEmail, provenMobile } from "~/features/accounts/domain/mobile";
import { refundSms } from "~/features/messaging/domain/sms-messages";
import { enqueueSms } from "~/features/messaging/server/enqueue.server";
import { smsTemplate } from "~/features/messaging/server/sms-template.server";
import { getEnv } from "~/platform/env.server";
import type { EmailContext } from "./email-context.server";

/**
 * Queues the customer's SMS that a refund was sent (with the payout's reference, the UTR), in the
 * transaction that records it, to the same people and numbers as order updates (queueOrderSms: a
 * proved number; customers with an email only when they turned SMS updates on), in the order's
 * language. Through MSG91 it needs its DLT template (MSG91_TEMPLATE_REFUND): without one, no SMS.
 */
export async function queueRefundSms(
  trx: Db,
  ctx: EmailContext,
  refund: { orderId: string; key: string; amountPaise: number; reference: string | null },
) {
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
    .where("orders.id", "=", refund.orderId)
    .executeTakeFirst();
  if (!row) return;
  if (hasRealEmail(row.email) && !row.sms_order_updates) return;
  const to = provenMobile(row);
  if (!to) return;
  const env = getEnv();
  const { locale, templateId } = smsTemplate("refund-sms", row.locale, env);
  if (env.MSG91_AUTH_KEY !== undefined && !templateId) return;
  const link = `${ctx.store.baseUrl}${localizePath(`/order-confirmation/${encodeURIComponent(row.id)}`, row.locale)}`;
  const sms = refundSms(
    ctx.store.name,
    { orderId: row.id, amount: formatPaiseExact(refund.amountPaise), reference: refund.reference, link },
    locale,
  );
  await enqueueSms(trx, "refund-sms", `refund-sms:${refund.key}`, { to, ...sms, ...(templateId ? { templateId } : {}) });
}

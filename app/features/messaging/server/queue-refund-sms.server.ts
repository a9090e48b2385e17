import type { Db } from "~/platform/db/db.server";
import { localizePath } from "~/platform/i18n/locale";
import { formatPaiseExact } from "~/platform/core/money";
import { refundSms } from "~/features/messaging/domain/sms-messages";
import { enqueueSms } from "~/features/messaging/server/enqueue.server";
import { smsTemplate } from "~/features/messaging/server/sms-template.server";
import { getEnv } from "~/platform/env.server";
import type { EmailContext } from "./email-context.server";
import { orderSmsRecipient } from "./queue-order-sms.server";

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
  const row = await orderSmsRecipient(trx, refund.orderId);
  if (!row) return;
  const { to } = row;
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

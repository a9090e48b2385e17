import type { Locale } from "~/platform/i18n/locale";
import { formatPaiseExact } from "~/platform/core/money";
import type { StrayPaymentReason } from "~/features/payments/domain/payments";
import * as m from "~/paraglide/messages";
import { viewOrderLink } from "./order-link";
import type { EmailMessage, EmailStore } from "./layout";
import { formatOrderId } from "~/platform/core/order-id";

/**
 * To the customer, when a payment the order did not take goes back to them: a second payment of a
 * paid order, one that came after the order was cancelled, or one for another amount an admin
 * refunded (docs/decisions/023-payments.md).
 */
export function strayPaymentRefundEmail(
  store: EmailStore,
  p: { orderId: string; customerName: string; amountPaise: number; reason: StrayPaymentReason },
  locale: Locale = "en",
): EmailMessage {
  const o = { locale };
  const what = { name: p.customerName, id: formatOrderId(p.orderId), amount: formatPaiseExact(p.amountPaise) };
  const text =
    p.reason === "late_payment"
      ? m.email_stray_late(what, o)
      : p.reason === "second_payment"
        ? m.email_stray_second(what, o)
        : m.email_stray_mismatch(what, o);
  return {
    store,
    locale,
    subject: m.email_stray_subject({ store: store.name, id: formatOrderId(p.orderId) }, o),
    heading: m.email_stray_heading({}, o),
    blocks: [{ kind: "paragraph", text }, { kind: "paragraph", text: m.email_stray_bank_time({}, o) }, viewOrderLink(p.orderId, locale)],
  };
}

import type { EmailMessage, EmailStore } from "~/features/messaging/domain/emails/layout";
import type { Locale } from "~/platform/i18n/locale";
import * as m from "~/paraglide/messages";

/** What a recall notice says: the product with its size, the lot's number and the recall's reason. */
export type RecallNotice = { product: string; size: string; lot: string; reason: string };

/**
 * The email every customer who received a recalled lot gets, in their language. The same for every
 * such customer of one lot (no name, no order number): so the recall writes it once per language and
 * queues it for thousands in one statement (docs/decisions/059-recalls.md). It links to their orders.
 */
export function recallEmail(store: EmailStore, notice: RecallNotice, locale: Locale): EmailMessage {
  const o = { locale };
  const product = notice.size ? `${notice.product} (${notice.size})` : notice.product;
  return {
    store,
    locale,
    subject: m.recalls_email_subject({ product, lot: notice.lot }, o),
    heading: m.recalls_email_heading({}, o),
    blocks: [
      { kind: "paragraph", text: m.recalls_email_hello({ product, lot: notice.lot, store: store.name, reason: notice.reason }, o) },
      {
        kind: "lines",
        title: m.recalls_email_facts({}, o),
        lines: [
          m.recalls_email_product({ product: notice.product }, o),
          ...(notice.size ? [m.recalls_email_size({ size: notice.size }, o)] : []),
          m.recalls_email_lot({ lot: notice.lot }, o),
        ],
      },
      { kind: "paragraph", text: m.recalls_email_advice({}, o) },
      { kind: "link", label: m.recalls_email_orders({}, o), path: "/orders" },
    ],
  };
}

/**
 * The SMS (files in SMS_DIR, or MSG91 with MSG91_TEMPLATE_RECALL):
 * "##store## recall: ##product##, lot ##lot##, must not be used. Keep it aside; we will replace or refund it. Details: ##link##"
 * (Hindi, MSG91_TEMPLATE_RECALL_HI: "##store## सूचना: ##product## का लॉट ##lot## वापस लिया गया है, …").
 */
export function recallSms(storeName: string, notice: RecallNotice & { link: string }, locale: Locale) {
  const product = notice.size ? `${notice.product} (${notice.size})` : notice.product;
  return {
    text: m.recalls_sms({ store: storeName, product, lot: notice.lot, link: notice.link }, { locale }),
    variables: { store: storeName, product, lot: notice.lot, link: notice.link },
  };
}

import type { EmailMessage, EmailStore } from "~/features/messaging/domain/emails/layout";
import type { Locale } from "~/platform/i18n/locale";
import * as m from "~/paraglide/messages";

/**
 * The one message a customer gets when a size they waited for is back (issue 31), in their
 * language: written when they ask, kept on their request, queued by the database when stock returns.
 * `name` is the product with its size ("DAP 50 kg"); `path` its page (?size=…), unlocalised.
 */
export function backInStockEmail(store: EmailStore, item: { name: string; path: string }, locale: Locale): EmailMessage {
  const o = { locale };
  return {
    store,
    locale,
    subject: m.email_back_in_stock_subject({ name: item.name }, o),
    heading: m.email_back_in_stock_heading({}, o),
    blocks: [
      { kind: "paragraph", text: m.email_back_in_stock_text({ name: item.name }, o) },
      { kind: "link", label: m.email_back_in_stock_view({}, o), path: item.path },
      { kind: "paragraph", text: m.email_back_in_stock_why({}, o) },
    ],
  };
}

/**
 * The SMS (files in SMS_DIR, or MSG91 with MSG91_TEMPLATE_BACK_IN_STOCK):
 * "##store##: ##name## is back in stock. ##link##" (Hindi: "##store##: ##name## फिर से स्टॉक में है। ##link##").
 */
export function backInStockSms(storeName: string, item: { name: string; link: string }, locale: Locale) {
  return {
    text: m.sms_back_in_stock({ store: storeName, name: item.name, link: item.link }, { locale }),
    variables: { store: storeName, name: item.name, link: item.link },
  };
}

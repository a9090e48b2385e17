import { HINDI_STATUS_PHRASES } from "./emails/messages";
import type { Locale } from "../../../platform/i18n/locale";
import { CODE_TTL_MS } from "../../accounts/domain/mobile";
import { type OrderStatus, STATUS_LABELS } from "../../orders/domain/orders";
import { formatOrderId } from "~/platform/core/order-id";

/*
 * The text of each SMS in each language, and the variables a DLT-registered template takes for it.
 * India's DLT rules fix an SMS's wording in a registered template; MSG91 fills its `##name##`
 * placeholders from the variables, so the template registered for each kind and language must read
 * like the text here (README, "SMS"). That is why these texts live in code and not in the
 * translators' message files: a changed word means a new template.
 */

export type SmsContent = { text: string; variables: Record<string, string> };

/**
 * Templates:
 * - MSG91_TEMPLATE_OTP: "##otp## is your Angle sign-in code. It expires in 10 minutes. Do not share it with anyone."
 * - MSG91_TEMPLATE_OTP_HI: "##otp## आपका Angle लॉग इन कोड है। यह 10 मिनट चलेगा। किसी को न बताएँ।"
 * The code comes first in both: Android's SMS code autofill looks for it there.
 */
export function signInCodeSms(storeName: string, code: string, locale: Locale): SmsContent {
  const minutes = Math.round(CODE_TTL_MS / 60_000);
  const text =
    locale === "hi"
      ? `${code} आपका ${storeName} लॉग इन कोड है। यह ${minutes} मिनट चलेगा। किसी को न बताएँ।`
      : `${code} is your ${storeName} sign-in code. It expires in ${minutes} minutes. Do not share it with anyone.`;
  return { text, variables: { otp: code } };
}

/**
 * Templates:
 * - MSG91_TEMPLATE_ORDER_STATUS: "Angle order ###order## is ##status##. Details: ##link##"
 * - MSG91_TEMPLATE_ORDER_STATUS_HI: "आपका Angle ऑर्डर ###order## ##status##। पूरी जानकारी: ##link##"
 * In Hindi the status is said as a whole phrase ("पक्का हो गया है"), as a shopkeeper would say it,
 * not as a form's "स्थिति: पक्का"; in English a new order reads "placed" rather than "pending".
 */
export function orderStatusSms(storeName: string, order: { id: string; status: OrderStatus; link: string }, locale: Locale): SmsContent {
  if (locale === "hi") {
    const status = HINDI_STATUS_PHRASES[order.status];
    return {
      text: `आपका ${storeName} ऑर्डर #${formatOrderId(order.id)} ${status}। पूरी जानकारी: ${order.link}`,
      variables: { order: formatOrderId(order.id), status, link: order.link },
    };
  }
  const status = order.status === "pending" ? "placed" : STATUS_LABELS[order.status].toLowerCase();
  return {
    text: `${storeName} order #${formatOrderId(order.id)} is ${status}. Details: ${order.link}`,
    variables: { order: formatOrderId(order.id), status, link: order.link },
  };
}

/**
 * Templates:
 * - MSG91_TEMPLATE_REFUND: "Angle has refunded ##amount## for order ###order## (reference ##reference##). Details: ##link##"
 * - MSG91_TEMPLATE_REFUND_HI: "Angle ने ऑर्डर ###order## के ##amount## का रिफ़ंड भेज दिया है (रेफ़रेंस ##reference##)। पूरी जानकारी: ##link##"
 * A refund through the payment gateway has no reference of ours: "original payment method" is said instead.
 */
export function refundSms(
  storeName: string,
  refund: { orderId: string; amount: string; reference: string | null; link: string },
  locale: Locale,
): SmsContent {
  const reference = refund.reference ?? (locale === "hi" ? "भुगतान का मूल तरीका" : "original payment method");
  const variables = { order: formatOrderId(refund.orderId), amount: refund.amount, reference, link: refund.link };
  if (locale === "hi") {
    return {
      text: `${storeName} ने ऑर्डर #${formatOrderId(refund.orderId)} के ${refund.amount} का रिफ़ंड भेज दिया है (रेफ़रेंस ${reference})। पूरी जानकारी: ${refund.link}`,
      variables,
    };
  }
  return {
    text: `${storeName} has refunded ${refund.amount} for order #${formatOrderId(refund.orderId)} (reference ${reference}). Details: ${refund.link}`,
    variables,
  };
}

/**
 * Templates (docs/decisions/062-assisted-orders.md):
 * - MSG91_TEMPLATE_ASSISTED_ACCOUNT: "##store## made an account for you at your request. Sign in with this mobile number and an SMS code: ##link##"
 * - MSG91_TEMPLATE_ASSISTED_ACCOUNT_HI: "##store## ने आपके कहने पर आपका खाता बनाया है। इसी मोबाइल नंबर और SMS कोड से लॉग इन करें: ##link##"
 */
export function assistedAccountSms(storeName: string, link: string, locale: Locale): SmsContent {
  const variables = { store: storeName, link };
  if (locale === "hi") {
    return { text: `${storeName} ने आपके कहने पर आपका खाता बनाया है। इसी मोबाइल नंबर और SMS कोड से लॉग इन करें: ${link}`, variables };
  }
  return {
    text: `${storeName} made an account for you at your request. Sign in with this mobile number and an SMS code: ${link}`,
    variables,
  };
}

/**
 * Templates (docs/decisions/062-assisted-orders.md):
 * - MSG91_TEMPLATE_ASSISTED_ORDER: "##store##'s phone desk placed order ###order## (##total##, cash on delivery) for you. If you did not ask for it, open ##link## to cancel it."
 * - MSG91_TEMPLATE_ASSISTED_ORDER_HI: "##store## के फ़ोन डेस्क ने आपके लिए ऑर्डर ###order## (##total##, डिलीवरी पर नकद) रखा है। अगर आपने यह नहीं माँगा था, तो रद्द करने के लिए ##link## खोलें।"
 */
export function assistedOrderSms(storeName: string, order: { id: string; total: string; link: string }, locale: Locale): SmsContent {
  const id = formatOrderId(order.id);
  const variables = { store: storeName, order: id, total: order.total, link: order.link };
  if (locale === "hi") {
    return {
      text: `${storeName} के फ़ोन डेस्क ने आपके लिए ऑर्डर #${id} (${order.total}, डिलीवरी पर नकद) रखा है। अगर आपने यह नहीं माँगा था, तो रद्द करने के लिए ${order.link} खोलें।`,
      variables,
    };
  }
  return {
    text: `${storeName}'s phone desk placed order #${id} (${order.total}, cash on delivery) for you. If you did not ask for it, open ${order.link} to cancel it.`,
    variables,
  };
}

/**
 * An order a field agent placed for the farmer (docs/decisions/065-field-agents.md): the agent by
 * name, so the farmer knows who ordered for them, and the link to cancel it if they did not ask.
 * Templates:
 * - MSG91_TEMPLATE_AGENT_ORDER: "##agent##, a field agent of ##store##, placed order ###order## (##total##, cash on delivery) for you. If you did not ask for it, open ##link## to cancel it."
 * - MSG91_TEMPLATE_AGENT_ORDER_HI: "##store## के फ़ील्ड एजेंट ##agent## ने आपके लिए ऑर्डर ###order## (##total##, डिलीवरी पर नकद) रखा है। अगर आपने यह नहीं माँगा था, तो रद्द करने के लिए ##link## खोलें।"
 */
export function agentOrderSms(
  storeName: string,
  order: { id: string; agent: string; total: string; link: string },
  locale: Locale,
): SmsContent {
  const id = formatOrderId(order.id);
  const variables = { store: storeName, agent: order.agent, order: id, total: order.total, link: order.link };
  if (locale === "hi") {
    return {
      text: `${storeName} के फ़ील्ड एजेंट ${order.agent} ने आपके लिए ऑर्डर #${id} (${order.total}, डिलीवरी पर नकद) रखा है। अगर आपने यह नहीं माँगा था, तो रद्द करने के लिए ${order.link} खोलें।`,
      variables,
    };
  }
  return {
    text: `${order.agent}, a field agent of ${storeName}, placed order #${id} (${order.total}, cash on delivery) for you. If you did not ask for it, open ${order.link} to cancel it.`,
    variables,
  };
}

/**
 * An order the phone desk placed to be paid online: one link, to the page that takes the UPI payment
 * and also cancels an order the farmer did not ask for (docs/decisions/063-phone-order-pay-link.md).
 * Templates:
 * - MSG91_TEMPLATE_ASSISTED_PAY_LINK: "##store##'s phone desk placed order ###order## for you: ##total##. Pay by UPI before ##until##: ##link## (did not ask for it? cancel it there)"
 * - MSG91_TEMPLATE_ASSISTED_PAY_LINK_HI: "##store## के फ़ोन डेस्क ने आपके लिए ऑर्डर ###order## रखा है: ##total##। ##until## तक UPI से भुगतान करें: ##link## (आपने नहीं माँगा? वहीं रद्द करें)"
 */
export function assistedPayLinkSms(
  storeName: string,
  order: { id: string; total: string; until: string; link: string },
  locale: Locale,
): SmsContent {
  const id = formatOrderId(order.id);
  const variables = { store: storeName, order: id, total: order.total, until: order.until, link: order.link };
  if (locale === "hi") {
    return {
      text: `${storeName} के फ़ोन डेस्क ने आपके लिए ऑर्डर #${id} रखा है: ${order.total}। ${order.until} तक UPI से भुगतान करें: ${order.link} (आपने नहीं माँगा? वहीं रद्द करें)`,
      variables,
    };
  }
  return {
    text: `${storeName}'s phone desk placed order #${id} for you: ${order.total}. Pay by UPI before ${order.until}: ${order.link} (did not ask for it? cancel it there)`,
    variables,
  };
}

/** The DLT template ids for one kind of SMS: English, and Hindi when one is registered. */
export type SmsTemplateIds = { en?: string; hi?: string };

/**
 * The language an SMS goes out in, and the template id it goes under. A Hindi SMS needs a Hindi
 * template of its own: through an SMS provider (MSG91) without one, a Hindi customer gets the
 * English text under the English template, since DLT refuses text that does not match the template.
 * With no provider (the SMS_DIR files) nothing checks the wording, so the text is in their language.
 */
export function chooseSmsTemplate(locale: Locale, ids: SmsTemplateIds, viaProvider: boolean): { locale: Locale; templateId?: string } {
  if (locale === "hi" && (ids.hi !== undefined || !viaProvider)) return { locale: "hi", templateId: ids.hi };
  return { locale: "en", templateId: ids.en };
}

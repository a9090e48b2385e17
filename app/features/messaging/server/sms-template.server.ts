import type { Locale } from "~/platform/i18n/locale";
import { chooseSmsTemplate } from "~/features/messaging/domain/sms-messages";
import { type Env, getEnv } from "~/platform/env.server";

/** The settings naming each kind's DLT templates: English, then Hindi. */
const TEMPLATE_SETTINGS = {
  "sign-in-code": ["MSG91_TEMPLATE_OTP", "MSG91_TEMPLATE_OTP_HI"],
  "order-status-sms": ["MSG91_TEMPLATE_ORDER_STATUS", "MSG91_TEMPLATE_ORDER_STATUS_HI"],
  "refund-sms": ["MSG91_TEMPLATE_REFUND", "MSG91_TEMPLATE_REFUND_HI"],
  "back-in-stock-sms": ["MSG91_TEMPLATE_BACK_IN_STOCK", "MSG91_TEMPLATE_BACK_IN_STOCK_HI"],
  "lot-recall-sms": ["MSG91_TEMPLATE_RECALL", "MSG91_TEMPLATE_RECALL_HI"],
  "assisted-account-sms": ["MSG91_TEMPLATE_ASSISTED_ACCOUNT", "MSG91_TEMPLATE_ASSISTED_ACCOUNT_HI"],
  "assisted-order-sms": ["MSG91_TEMPLATE_ASSISTED_ORDER", "MSG91_TEMPLATE_ASSISTED_ORDER_HI"],
  "agent-order-sms": ["MSG91_TEMPLATE_AGENT_ORDER", "MSG91_TEMPLATE_AGENT_ORDER_HI"],
  "assisted-pay-link-sms": ["MSG91_TEMPLATE_ASSISTED_PAY_LINK", "MSG91_TEMPLATE_ASSISTED_PAY_LINK_HI"],
} as const satisfies Record<string, readonly [keyof Env, keyof Env]>;

/**
 * The language and DLT template id of an SMS of this kind to someone who reads `locale`, as this
 * store is configured (chooseSmsTemplate: Hindi through MSG91 only with a Hindi template).
 */
export function smsTemplate(kind: keyof typeof TEMPLATE_SETTINGS, locale: Locale, env: Env = getEnv()) {
  const [en, hi] = TEMPLATE_SETTINGS[kind];
  return chooseSmsTemplate(locale, { en: env[en], hi: env[hi] }, env.MSG91_AUTH_KEY !== undefined);
}

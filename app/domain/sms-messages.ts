import { CODE_TTL_MS } from "./mobile";
import { type OrderStatus, STATUS_LABELS } from "./orders";

/*
 * The text of each SMS, and the variables a DLT-registered template takes for it. India's DLT rules
 * fix an SMS's wording in a registered template; MSG91 fills its `##name##` placeholders from the
 * variables, so the template registered for each kind must read like the text here (README, "SMS").
 */

export type SmsContent = { text: string; variables: Record<string, string> };

/** Template (MSG91_TEMPLATE_OTP): "##otp## is your Angle sign-in code. It expires in 10 minutes. Do not share it with anyone." */
export function signInCodeSms(storeName: string, code: string): SmsContent {
  const minutes = Math.round(CODE_TTL_MS / 60_000);
  return {
    text: `${code} is your ${storeName} sign-in code. It expires in ${minutes} minutes. Do not share it with anyone.`,
    variables: { otp: code },
  };
}

/** Template (MSG91_TEMPLATE_ORDER_STATUS): "Angle order ###order## is ##status##. Details: ##link##" */
export function orderStatusSms(storeName: string, order: { id: string; status: OrderStatus; link: string }): SmsContent {
  const status = order.status === "pending" ? "placed" : STATUS_LABELS[order.status].toLowerCase();
  return {
    text: `${storeName} order #${order.id} is ${status}. Details: ${order.link}`,
    variables: { order: order.id, status, link: order.link },
  };
}

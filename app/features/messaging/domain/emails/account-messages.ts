import type { Locale } from "~/platform/i18n/locale";
import * as m from "~/paraglide/messages";
import type { EmailBlock, EmailMessage, EmailStore } from "./layout";

/**
 * The emails about an account itself (pure, like messages.ts): confirming an address, a sign-up
 * with an address that already has an account, a password reset. Links are paths of the store
 * carrying a single-use token; the layout makes them absolute (under /hi in a Hindi email). Written
 * in the language of the request that sent them (`locale`).
 */

const greeting = (name: string, locale: Locale) =>
  name.trim() ? m.email_hello_name({ name: name.trim() }, { locale }) : m.email_hello({}, { locale });

/**
 * The page a confirmation link opens: it asks for one click before anything changes, then goes back
 * to `next` (the cart or checkout the person registered from; checked again when the link is used).
 */
export const verifyEmailPath = (token: string, next?: string) =>
  `/verify-email?token=${encodeURIComponent(token)}${next ? `&next=${encodeURIComponent(next)}` : ""}`;

/** The page a reset link opens. */
export const resetPasswordPath = (token: string) => `/reset-password?token=${encodeURIComponent(token)}`;

/** After registration (customer or vendor): confirm the address to finish creating the account. */
export function verifyEmailMessage(
  store: EmailStore,
  user: { name: string },
  token: string,
  locale: Locale = "en",
  next?: string,
): EmailMessage {
  const o = { locale };
  const lifetime = m.email_verify_lifetime({}, o);
  return {
    store,
    locale,
    subject: m.email_verify_subject({ store: store.name }, o),
    heading: m.email_verify_heading({}, o),
    blocks: [
      { kind: "paragraph", text: greeting(user.name, locale) },
      { kind: "paragraph", text: m.email_verify_text({ store: store.name, lifetime }, o) },
      { kind: "link", label: m.email_verify_button({}, o), path: verifyEmailPath(token, next) },
      { kind: "paragraph", text: m.email_verify_ignore({}, o) },
    ],
  };
}

/** A signed-in customer asked to use a new address: sent to the new one, which changes only when confirmed. */
export function changeEmailMessage(
  store: EmailStore,
  user: { name: string },
  newEmail: string,
  token: string,
  locale: Locale = "en",
): EmailMessage {
  const o = { locale };
  const lifetime = m.email_verify_lifetime({}, o);
  return {
    store,
    locale,
    subject: m.email_change_subject({ store: store.name }, o),
    heading: m.email_change_heading({}, o),
    blocks: [
      { kind: "paragraph", text: greeting(user.name, locale) },
      { kind: "paragraph", text: m.email_change_text({ email: newEmail, store: store.name, lifetime }, o) },
      { kind: "link", label: m.email_change_button({}, o), path: verifyEmailPath(token) },
      { kind: "paragraph", text: m.email_change_ignore({}, o) },
    ],
  };
}

/**
 * To the owner of an address someone tried to register again. The registration page said the
 * same as for a new address, so only the owner learns of it, with a way back in if it was them.
 */
export function registrationAttemptMessage(
  store: EmailStore,
  user: { name: string },
  resetToken: string,
  locale: Locale = "en",
): EmailMessage {
  const o = { locale };
  const blocks: EmailBlock[] = [
    { kind: "paragraph", text: greeting(user.name, locale) },
    { kind: "paragraph", text: m.email_attempt_text({ store: store.name }, o) },
    { kind: "paragraph", text: m.email_attempt_forgot({}, o) },
    { kind: "link", label: m.email_reset_button({}, o), path: resetPasswordPath(resetToken) },
    { kind: "paragraph", text: m.email_attempt_ignore({}, o) },
  ];
  return { store, locale, subject: m.email_attempt_subject({ store: store.name }, o), heading: m.email_attempt_heading({}, o), blocks };
}

/** "Forgot password?": a single-use link that works for an hour. */
export function resetPasswordMessage(store: EmailStore, user: { name: string }, token: string, locale: Locale = "en"): EmailMessage {
  const o = { locale };
  return {
    store,
    locale,
    subject: m.email_reset_subject({ store: store.name }, o),
    heading: m.email_reset_heading({}, o),
    blocks: [
      { kind: "paragraph", text: greeting(user.name, locale) },
      { kind: "paragraph", text: m.email_reset_text({ store: store.name }, o) },
      { kind: "link", label: m.email_reset_button({}, o), path: resetPasswordPath(token) },
      { kind: "paragraph", text: m.email_reset_ignore({}, o) },
    ],
  };
}

import { type EmailBlock, type EmailStore, type RenderedEmail, renderEmail } from "./layout";

/**
 * The emails about an account itself (pure, like messages.ts): confirming an address, a sign-up
 * with an address that already has an account, a password reset. Links are paths of the store
 * carrying a single-use token; the layout makes them absolute.
 */

const greeting = (name: string) => (name.trim() ? `Hello ${name.trim()},` : "Hello,");

/** How long a confirmation link works, in words (EMAIL_VERIFICATION_SECONDS). */
export const VERIFY_LINK_LIFETIME = "24 hours";

/** The page a confirmation link opens: it asks for one click before anything changes. */
export const verifyEmailPath = (token: string) => `/verify-email?token=${encodeURIComponent(token)}`;

/** The page a reset link opens. */
export const resetPasswordPath = (token: string) => `/reset-password?token=${encodeURIComponent(token)}`;

/** After registration (customer or vendor): confirm the address to finish creating the account. */
export function verifyEmailMessage(store: EmailStore, user: { name: string }, token: string): RenderedEmail {
  return renderEmail(store, {
    subject: `Confirm your email for ${store.name}`,
    heading: "Confirm your email address",
    blocks: [
      { kind: "paragraph", text: greeting(user.name) },
      {
        kind: "paragraph",
        text: `To finish creating your ${store.name} account, confirm that this is your email address. The link works for ${VERIFY_LINK_LIFETIME}.`,
      },
      { kind: "link", label: "Confirm my email", path: verifyEmailPath(token) },
      { kind: "paragraph", text: "If you did not create an account, ignore this email: nothing happens without the link." },
    ],
  });
}

/** A signed-in customer asked to use a new address: sent to the new one, which changes only when confirmed. */
export function changeEmailMessage(store: EmailStore, user: { name: string }, newEmail: string, token: string): RenderedEmail {
  return renderEmail(store, {
    subject: `Confirm your new email for ${store.name}`,
    heading: "Confirm your new email address",
    blocks: [
      { kind: "paragraph", text: greeting(user.name) },
      {
        kind: "paragraph",
        text: `You asked to use ${newEmail} for your ${store.name} account. Your email changes when you open this link (it works for ${VERIFY_LINK_LIFETIME}).`,
      },
      { kind: "link", label: "Use this email", path: verifyEmailPath(token) },
      { kind: "paragraph", text: "If you did not ask for this, ignore this email: your account keeps its current address." },
    ],
  });
}

/**
 * To the owner of an address someone tried to register again. The registration page said the
 * same as for a new address, so only the owner learns of it, with a way back in if it was them.
 */
export function registrationAttemptMessage(store: EmailStore, user: { name: string }, resetToken: string): RenderedEmail {
  const blocks: EmailBlock[] = [
    { kind: "paragraph", text: greeting(user.name) },
    {
      kind: "paragraph",
      text: `Someone tried to create a new ${store.name} account with this email address, which already has one. No new account was made.`,
    },
    {
      kind: "paragraph",
      text: "If it was you and you have forgotten your password, choose a new one with this link. It works for one hour and only once:",
    },
    { kind: "link", label: "Reset my password", path: resetPasswordPath(resetToken) },
    { kind: "paragraph", text: "If it was not you, ignore this email: your account and password stay as they are." },
  ];
  return renderEmail(store, {
    subject: `Someone tried to register at ${store.name} with your email`,
    heading: "Your account already exists",
    blocks,
  });
}

/** "Forgot password?": a single-use link that works for an hour. */
export function resetPasswordMessage(store: EmailStore, user: { name: string }, token: string): RenderedEmail {
  return renderEmail(store, {
    subject: `Reset your ${store.name} password`,
    heading: "Reset your password",
    blocks: [
      { kind: "paragraph", text: greeting(user.name) },
      {
        kind: "paragraph",
        text: `Someone asked to reset the password of your ${store.name} account. To choose a new password, open this link. It works for one hour and only once:`,
      },
      { kind: "link", label: "Reset my password", path: resetPasswordPath(token) },
      { kind: "paragraph", text: "If you did not ask for this, ignore this email: your password stays as it is." },
    ],
  });
}

import { createHash } from "node:crypto";
import {
  changeEmailMessage,
  registrationAttemptMessage,
  resetPasswordMessage,
  verifyEmailMessage,
} from "~/features/messaging/domain/emails/account-messages";
import type { EmailMessage } from "~/features/messaging/domain/emails/layout";
import { getDb } from "~/platform/db/db.server";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { currentLocale } from "~/platform/i18n/i18n.server";
import { enqueueEmail } from "~/features/messaging/server/enqueue.server";

/**
 * Queues the emails about an account (Better Auth's hooks in app/platform/auth/auth.server.ts call these).
 * Each is keyed by its token, so a retried request never queues one link twice; the key holds a
 * digest of the token, never the token itself (the outbox table is visible to admins). Each is in
 * the language of the page the person was on when they asked for it (the request's).
 */

const tokenKey = (kind: string, token: string) => `${kind}:${createHash("sha256").update(token).digest("base64url")}`;

async function queue(
  kind: string,
  token: string,
  to: string,
  render: (store: Awaited<ReturnType<typeof getEmailContext>>["store"]) => EmailMessage,
) {
  const { store } = await getEmailContext();
  await enqueueEmail(getDb(), kind, tokenKey(kind, token), { to, ...render(store) });
}

/** A confirmation link after registration (or a resend). */
export async function queueVerificationEmail(user: { email: string; name: string }, token: string, next?: string) {
  await queue("verify-email", token, user.email, (store) => verifyEmailMessage(store, user, token, currentLocale(), next));
}

/** A link to confirm a new address, sent to that address; the account's email changes when it is opened. */
export async function queueChangeEmailVerification(user: { name: string }, newEmail: string, token: string) {
  await queue("change-email", token, newEmail, (store) => changeEmailMessage(store, user, newEmail, token, currentLocale()));
}

/** Someone registered with an address that has an account: tell its owner, with a reset link. */
export async function queueRegistrationAttemptEmail(user: { email: string; name: string }, resetToken: string) {
  await queue("registration-attempt", resetToken, user.email, (store) =>
    registrationAttemptMessage(store, user, resetToken, currentLocale()),
  );
}

/** "Forgot password?": Better Auth's `sendResetPassword` calls this with a fresh token. */
export async function queueResetPasswordEmail(user: { email: string; name: string }, token: string) {
  await queue("password-reset", token, user.email, (store) => resetPasswordMessage(store, user, token, currentLocale()));
}

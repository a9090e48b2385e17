import { APIError } from "better-auth/api";
import { getAuth } from "~/auth/auth.server";
import type { SessionUser } from "~/auth/session.server";
import { EMAIL_NOT_MAILABLE, isReservedEmail } from "~/domain/reserved-email";
import { AuthFailure } from "./auth-errors.server";
import { limitAccountEmail } from "./email-verification.server";

export const SAME_EMAIL = "That is already your email address.";

/**
 * "Change email": a link goes to the new address (Better Auth's change-email flow, queued by
 * `sendVerificationEmail` in auth.server.ts); the account's email changes, confirmed, only when it
 * is opened (app/services/account/email-verification.server.ts). An address that already belongs
 * to an account gets no link, and the answer is the same. Limited per account and per address.
 */
export async function requestEmailChange(user: SessionUser, newEmail: string, meta: { ip: string; headers: Headers }) {
  if (newEmail === user.email.toLowerCase()) throw new AuthFailure(SAME_EMAIL, 400);
  if (isReservedEmail(newEmail)) throw new AuthFailure(EMAIL_NOT_MAILABLE, 400);
  await limitAccountEmail(user.id, meta.ip);
  try {
    await getAuth().api.changeEmail({ body: { newEmail }, headers: meta.headers });
  } catch (error) {
    if (error instanceof APIError) throw new AuthFailure(SAME_EMAIL, 400);
    throw error;
  }
}

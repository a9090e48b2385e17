import { APIError } from "better-auth/api";
import { getAuth } from "~/platform/auth/auth.server";
import type { SessionUser } from "~/platform/auth/session.server";
import { refusal } from "~/platform/core/refusal";
import { isReservedEmail } from "~/platform/core/reserved-email";
import { AuthFailure } from "./auth-errors.server";
import { waitForNewEpochSecond } from "./credentials-epoch.server";
import { limitAccountEmail } from "./email-verification.server";

/**
 * "Change email": a link goes to the new address (Better Auth's change-email flow, queued by
 * `sendVerificationEmail` in auth.server.ts); the account's email changes, confirmed, only when it
 * is opened (app/features/accounts/server/email-verification.server.ts). An address that already belongs
 * to an account gets no link, and the answer is the same. Limited per account and per address.
 *
 * An account that has proved no address is refused (403, nothing sent): its email may be someone
 * else's, registered by whoever now holds the session, and the link would carry the account away
 * from the owner who later resets the password (docs/decisions/030-pre-registration-and-phones.md).
 */
export async function requestEmailChange(user: SessionUser, newEmail: string, meta: { ip: string; headers: Headers }) {
  if (!user.verified) throw new AuthFailure(refusal("account.verify_before_email_change"), 403);
  if (newEmail === user.email.toLowerCase()) throw new AuthFailure(refusal("account.same_email"), 400);
  if (isReservedEmail(newEmail)) throw new AuthFailure(refusal("account.email_not_mailable"), 400);
  await limitAccountEmail(user.id, meta.ip);
  await waitForNewEpochSecond(user.id);
  try {
    await getAuth().api.changeEmail({ body: { newEmail }, headers: meta.headers });
  } catch (error) {
    if (error instanceof APIError) throw new AuthFailure(refusal("account.same_email"), 400);
    throw error;
  }
}

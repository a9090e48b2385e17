import { getAuth } from "~/platform/auth/auth.server";
import type { SessionUser } from "~/platform/auth/session.server";
import { refusal } from "~/platform/core/refusal";
import { clearRateLimit, hitRateLimit, LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { changeAccount } from "~/features/accounts/server/account-lifecycle.server";
import { AuthFailure } from "./auth-errors.server";
import { startSession } from "./sign-in.server";

type Who = Pick<SessionUser, "id" | "email">;

/**
 * Change password from the account page: the current password must be right (guesses count
 * against the account's sign-in limit), then the new one is set and every session ends
 * (changeAccount); this browser gets a fresh session, so only the others are signed out.
 * Returns the headers that set the new session cookie.
 */
export async function changePassword(user: Who, input: { currentPassword: string; newPassword: string }, meta: { headers: Headers }) {
  const key = `signin:email:${user.email}`;
  const hit = await hitRateLimit(key, LIMITS.signInFailures);
  if (!hit.allowed) throw new AuthFailure(refusal("common.too_many_attempts", { seconds: hit.retryAfterSeconds }), 429);
  const ctx = await getAuth().$context;
  const account = await ctx.internalAdapter.findCredentialAccount(user.id);
  const matches = account?.password ? await ctx.password.verify({ hash: account.password, password: input.currentPassword }) : false;
  if (!matches) throw new AuthFailure(refusal("account.wrong_current_password"), 400);
  await clearRateLimit(key);
  return setOwnPassword(user, input.newPassword, meta);
}

/**
 * Sets the person's own password (also the forced first one after an admin-issued password, which
 * they have just signed in with): clears the temporary deadline, ends every session, and opens a
 * new one for this browser.
 */
export async function setOwnPassword(user: Who, newPassword: string, meta: { headers: Headers }) {
  await changeAccount(user.id, { password: newPassword, passwordMustChangeBy: null });
  const session = await startSession({ email: user.email, password: newPassword }, meta);
  return session.headers;
}

import { getAuth, sessionCookieName } from "~/platform/auth/auth.server";
import { type Door, doorAdmits, WRONG_DOOR } from "~/platform/auth/doors";
import type { Role } from "~/platform/auth/session.server";
import { clearRateLimit, hitRateLimit, LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { refusal } from "~/platform/core/refusal";
import { defined } from "~/platform/defined";
import { temporaryPasswordDeadline } from "./temporary-password.server";
import { AuthFailure, authRefusal, isSuspendedError, suspendedFailure } from "./auth-errors.server";

export type SignInResult = { headers: Headers; userId: string; role: Role };

const roleOf = (role: string | null | undefined): Role => (role === "admin" || role === "vendor" ? role : "user");

/**
 * Signs in at one door (the store's dialog, /admin/login, /vendor-login). A role that door does not
 * admit is refused with that door's words (403) and the session the sign-in made is ended at once,
 * so nobody is left signed in; the caller also expires the cookie (`clearSessionCookie`).
 */
export async function signInAtDoor(
  door: Door,
  input: { email: string; password: string },
  meta: { ip: string; headers: Headers; now?: number },
): Promise<SignInResult> {
  const result = await signIn(input, meta);
  if (!doorAdmits(door, result.role)) {
    await endSession(result.headers);
    throw new AuthFailure(refusal(WRONG_DOOR[door]), 403);
  }
  return result;
}

/**
 * Email + password sign-in through Better Auth. Failed attempts are limited per account and per
 * address (10 in any 60 seconds each), so a password cannot be guessed by brute force from one
 * place or spread over many.
 */
export async function signIn(
  input: { email: string; password: string },
  meta: { ip: string; headers: Headers; now?: number },
): Promise<SignInResult> {
  const accountKey = `signin:email:${input.email}`;
  const attempts = [
    { key: accountKey, limit: LIMITS.signInFailures },
    { key: `signin:ip:${meta.ip}`, limit: LIMITS.signInPerAddress },
  ];
  // Count the attempt before checking the password, atomically, so a burst of parallel guesses
  // cannot all slip in before the first failure is recorded. A success clears the account's count
  // and takes its own attempt back from the address's (other attempts from there still count).
  const hits: Awaited<ReturnType<typeof hitRateLimit>>[] = [];
  for (const { key, limit } of attempts) {
    const hit = await hitRateLimit(key, limit, meta.now);
    if (!hit.allowed) {
      await Promise.all(hits.map((h) => h.refund()));
      throw new AuthFailure(refusal("common.too_many_attempts", { seconds: hit.retryAfterSeconds }), 429);
    }
    hits.push(hit);
  }
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: meta.headers,
      returnHeaders: true,
    });
    const user = response.user as { id: string; role?: string | null };
    await clearRateLimit(accountKey);
    await defined(hits[1], "the address's rate-limit hit").refund();
    if (await temporaryPasswordExpired(user.id, meta.now)) {
      await endSession(headers);
      throw new AuthFailure(refusal("account.temporary_password_expired"), 403);
    }
    return { headers, userId: user.id, role: roleOf(user.role) };
  } catch (error) {
    if (error instanceof AuthFailure) throw error;
    if (isSuspendedError(error)) throw suspendedFailure();
    const refused = authRefusal(error);
    if (refused === null) throw error;
    throw new AuthFailure(refused, 401);
  }
}

/** An admin-issued password past its 72 hours: refused at every door. */
async function temporaryPasswordExpired(userId: string, now = Date.now()) {
  const deadline = await temporaryPasswordDeadline(userId);
  return deadline !== null && Date.parse(deadline) <= now;
}

/**
 * Opens a session with a password that was just set (change password keeps this browser signed in).
 * Not a guess, so no sign-in limit applies.
 */
export async function startSession(input: { email: string; password: string }, meta: { headers: Headers }): Promise<SignInResult> {
  const { headers, response } = await getAuth().api.signInEmail({
    body: { email: input.email, password: input.password },
    headers: meta.headers,
    returnHeaders: true,
  });
  const user = response.user as { id: string; role?: string | null };
  return { headers, userId: user.id, role: roleOf(user.role) };
}

/** Ends the session a sign-in just made (for a sign-in on the wrong door: admin or vendor pages). */
export async function endSession(signInHeaders: Headers) {
  const cookie = signInHeaders
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  await getAuth()
    .api.signOut({ headers: new Headers({ cookie }) })
    .catch(() => {});
}

/** Expires the session cookie in the browser; same name and attributes as Better Auth sets it with. */
export function clearSessionCookie() {
  const name = sessionCookieName();
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Host-") ? "; Secure" : ""}`;
}

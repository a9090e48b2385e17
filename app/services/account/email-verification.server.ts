import { APIError } from "better-auth/api";
import { getAuth } from "~/auth/auth.server";
import type { Role, SessionUser } from "~/auth/session.server";
import { getDb } from "~/db/db.server";
import { TOO_MANY_ATTEMPTS } from "~/domain/messages";
import { getEnv } from "~/env.server";
import { hitRateLimit, type Limit } from "~/services/security/rate-limit.server";
import { AuthFailure } from "./auth-errors.server";

/** Emails with a link a signed-in person can ask for (resend, change of address): limits from env. */
export const ACCOUNT_EMAIL_LIMITS = {
  get perAccount(): Limit {
    return { max: getEnv().RATE_LIMIT_ACCOUNT_EMAIL_MAX, windowSeconds: 3600 };
  },
  get perAddress(): Limit {
    return { max: getEnv().RATE_LIMIT_ACCOUNT_EMAIL_ADDRESS_MAX, windowSeconds: 600 };
  },
};

/** Counts one more link email for this account and this address; too many: 429. */
export async function limitAccountEmail(userId: string, ip: string) {
  for (const [key, limit] of [
    [`account-email:user:${userId}`, ACCOUNT_EMAIL_LIMITS.perAccount],
    [`account-email:ip:${ip}`, ACCOUNT_EMAIL_LIMITS.perAddress],
  ] as const) {
    const hit = await hitRateLimit(key, limit);
    if (!hit.allowed) throw new AuthFailure(TOO_MANY_ATTEMPTS(hit.retryAfterSeconds), 429);
  }
}

/** A link's token as Better Auth makes them (a signed JWT): anything else is no link of ours. */
export const isLinkToken = (token: string) => /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token) && token.length <= 2000;

/** What a token says (Better Auth has checked its signature by the time this is trusted). */
function tokenClaims(token: string): { userId?: string; updateTo?: string } {
  try {
    return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
  } catch {
    return {};
  }
}

const roleOf = (role: string | null | undefined): Role => (role === "admin" || role === "vendor" ? role : "user");

export type ConfirmResult = { ok: true; kind: "confirmed" | "already" | "changed"; role: Role; headers: Headers } | { ok: false };

/**
 * Opens a confirmation link: the account's address is confirmed and, the first time, the person is
 * signed in (Better Auth's autoSignInAfterVerification); a change-of-address link moves the account
 * to the new address, now confirmed. A used, expired or forged link: `{ ok: false }`, nothing changed.
 */
export async function confirmEmail(token: string, meta: { headers: Headers }): Promise<ConfirmResult> {
  if (!isLinkToken(token)) return { ok: false };
  const claims = tokenClaims(token);
  const before = claims.userId
    ? await getDb().selectFrom("user").select(["emailVerified", "role"]).where("id", "=", claims.userId).executeTakeFirst()
    : undefined;
  let headers: Headers;
  try {
    headers = (await getAuth().api.verifyEmail({ query: { token }, headers: meta.headers, returnHeaders: true })).headers;
  } catch (error) {
    if (error instanceof APIError) return { ok: false };
    throw error;
  }
  if (!claims.userId || !before) return { ok: false };
  const role = roleOf(before.role);
  if (claims.updateTo) {
    // Opening the link proved the new address: it is confirmed, whatever the old one was.
    await (await getAuth().$context).internalAdapter.updateUser(claims.userId, { emailVerified: true });
    return { ok: true, kind: "changed", role, headers };
  }
  return { ok: true, kind: before.emailVerified ? "already" : "confirmed", role, headers };
}

/** Sends a signed-in person with an unconfirmed address a new link (limited per account and address). */
export async function resendVerification(user: SessionUser, meta: { ip: string; headers: Headers }) {
  if (user.verified) return;
  await limitAccountEmail(user.id, meta.ip);
  await getAuth().api.sendVerificationEmail({ body: { email: user.email }, headers: meta.headers });
}

/**
 * May this customer place an order? A confirmed address (or number), or an account that has ordered
 * before: the rule is "confirm before your first order", and accounts from before it keep ordering.
 */
export async function mayOrder(user: SessionUser) {
  if (user.verified) return true;
  const previous = await getDb().selectFrom("orders").select("id").where("user_id", "=", user.id).limit(1).executeTakeFirst();
  return previous !== undefined;
}

export const VERIFY_BEFORE_ORDER =
  "Please confirm your email address before placing your first order. Open the link we sent you, or send a new one.";
export const VERIFY_BEFORE_LISTING =
  "Please confirm your email address before submitting listings. Open the link we sent you, or send a new one.";

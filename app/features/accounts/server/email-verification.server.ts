import { APIError } from "better-auth/api";
import { verifyJWT } from "better-auth/crypto";
import { getAuth, sessionCookieName } from "~/platform/auth/auth.server";
import type { Role, SessionUser } from "~/platform/auth/session.server";
import { getDb } from "~/platform/db/db.server";
import { refusal } from "~/platform/core/refusal";
import { getEnv } from "~/platform/env.server";
import { clearRateLimit, hitRateLimit, type Limit, LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { AuthFailure } from "./auth-errors.server";
import { credentialsEpochNow, signedBeforeEpoch } from "./credentials-epoch.server";

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
    if (!hit.allowed) throw new AuthFailure(refusal("common.too_many_attempts", { seconds: hit.retryAfterSeconds }), 429);
  }
}

/** A link's token as Better Auth makes them (a signed JWT): anything else is no link of ours. */
export const isLinkToken = (token: string) => /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token) && token.length <= 2000;

/** What a link's token says, once its signature and expiry are checked; null for a forged or expired one. */
async function verifiedClaims(token: string): Promise<{ userId?: string; email?: string; updateTo?: string; issuedAt?: number } | null> {
  if (!isLinkToken(token)) return null;
  const payload = await verifyJWT(token, getEnv().BETTER_AUTH_SECRET);
  if (!payload) return null;
  const text = (v: unknown) => (typeof v === "string" ? v : undefined);
  const issuedAt = typeof payload.iat === "number" ? payload.iat : undefined;
  return { userId: text(payload.userId), email: text(payload.email), updateTo: text(payload.updateTo), issuedAt };
}

/** The account a link is for, as the link's checks need it; undefined once it is gone. */
const linkAccount = (userId: string) =>
  getDb().selectFrom("user").select(["email", "emailVerified", "role", "credentials_epoch"]).where("id", "=", userId).executeTakeFirst();

const roleOf = (role: string | null | undefined): Role => (role === "admin" || role === "vendor" ? role : "user");

/** The account this request is signed in as, if any (read without extending the session). */
async function signedInSession(headers: Headers) {
  if (!headers.get("cookie")) return null;
  return getAuth().api.getSession({ headers, query: { disableRefresh: true } });
}

/**
 * What the confirmation page should ask before its button works: null for a forged or expired link;
 * else whether it needs the account's password. It does unless this browser is signed in as that very
 * account: whoever registered an address may not own it, and the link alone must not hand the owner an
 * account whose password someone else chose (docs/decisions/030-pre-registration-and-phones.md).
 */
export async function inspectLink(token: string, meta: { headers: Headers }): Promise<{ needsPassword: boolean } | null> {
  const claims = await verifiedClaims(token);
  if (!claims?.userId) return null;
  const user = await linkAccount(claims.userId);
  if (!user) return null;
  if (claims.updateTo) return signedBeforeEpoch(claims.issuedAt, user.credentials_epoch) ? null : { needsPassword: false };
  if (user.emailVerified) return { needsPassword: false };
  return { needsPassword: (await signedInSession(meta.headers))?.user.id !== claims.userId };
}

export type ConfirmResult =
  | { ok: true; kind: "confirmed" | "already" | "changed"; role: Role; headers: Headers }
  | { ok: false; needsPassword?: true };

/**
 * Opens a confirmation link: the account's address is confirmed and, the first time, the person is
 * signed in (Better Auth's autoSignInAfterVerification); a change-of-address link moves the account
 * to the new address, now confirmed. A used, expired or forged link: `{ ok: false }`, nothing changed.
 *
 * A first confirmation needs the account's `password` unless this browser is signed in as it
 * (`{ ok: false, needsPassword: true }` when it is missing; a wrong one is refused like a sign-in,
 * counted against the same limits). It ends every other session of the account and turns off SMS
 * order updates and any proved profile phone set before it.
 *
 * A change-of-address link signed before the account's last password reset, password change or first
 * confirmation is refused like an expired one (credentials-epoch.server.ts). An account removed while
 * its link is opened (the unconfirmed-account purge) is an expired link too, never an error.
 */
export async function confirmEmail(token: string, meta: { headers: Headers; ip?: string; password?: string }): Promise<ConfirmResult> {
  const claims = await verifiedClaims(token);
  if (!claims?.userId) return { ok: false };
  const userId = claims.userId;
  const before = await linkAccount(userId);
  if (!before) return { ok: false };
  const role = roleOf(before.role);
  if (claims.updateTo) {
    if (signedBeforeEpoch(claims.issuedAt, before.credentials_epoch)) return { ok: false };
    const headers = await verifyWithBetterAuth(userId, token, meta.headers);
    if (!headers) return { ok: false };
    // Opening the link proved the new address: it is confirmed, whatever the old one was.
    await (await getAuth().$context).internalAdapter.updateUser(userId, { emailVerified: true });
    return { ok: true, kind: "changed", role, headers };
  }
  // A link used again confirms nothing and signs nobody in.
  if (before.emailVerified)
    return (await verifyWithBetterAuth(userId, token, meta.headers))
      ? { ok: true, kind: "already", role, headers: new Headers() }
      : { ok: false };
  const current = await signedInSession(meta.headers);
  const signedInHere = current?.user.id === userId;
  if (!signedInHere) {
    if (!meta.password) return { ok: false, needsPassword: true };
    await checkPassword(userId, before.email, meta.password, meta.ip ?? "unknown");
  }
  const headers = await verifyWithBetterAuth(userId, token, meta.headers);
  if (!headers) return { ok: false };
  const keep = signedInHere ? current.session.token : sessionTokenIn(headers);
  const stillThere = await getDb()
    .transaction()
    .execute(async (trx) => {
      let others = trx.deleteFrom("session").where("userId", "=", userId);
      if (keep) others = others.where("token", "!=", keep);
      await others.execute();
      const updated = await trx
        .updateTable("user")
        .set({ sms_order_updates: false, verified_phone: null, credentials_epoch: credentialsEpochNow() })
        .where("id", "=", userId)
        .executeTakeFirst();
      return updated.numUpdatedRows > 0n;
    });
  // Purged between Better Auth's write and ours: its session went with it.
  if (!stillThere) return { ok: false };
  return { ok: true, kind: "confirmed", role, headers };
}

/**
 * Better Auth's own check and write of a link; its Set-Cookie headers, or null for a link it refuses.
 * The account may be removed while it works (the unconfirmed-account purge holds the row locked, and
 * Better Auth's update then finds nothing and its new session has no account to belong to): that
 * failure is an expired link, not a server error.
 */
async function verifyWithBetterAuth(userId: string, token: string, headers: Headers) {
  try {
    return (await getAuth().api.verifyEmail({ query: { token }, headers, returnHeaders: true })).headers;
  } catch (error) {
    if (error instanceof APIError) return null;
    if (!(await linkAccount(userId))) return null;
    throw error;
  }
}

/** The session token in the cookie Better Auth just set (`<token>.<signature>`), or null. */
function sessionTokenIn(headers: Headers) {
  const prefix = `${sessionCookieName()}=`;
  const cookie = headers.getSetCookie().find((c) => c.startsWith(prefix));
  const value = cookie ? decodeURIComponent(cookie.slice(prefix.length).split(";")[0] ?? "") : "";
  return value.split(".")[0] || null;
}

/**
 * The account's password, counted as a sign-in is (sign-in.server.ts): each try before the check, per
 * account and per address; the right one clears the account's count and takes its own hit back from
 * the address's. Wrong: 400.
 */
async function checkPassword(userId: string, email: string, password: string, ip: string) {
  const accountKey = `signin:email:${email}`;
  const hits: Awaited<ReturnType<typeof hitRateLimit>>[] = [];
  for (const [key, limit] of [
    [accountKey, LIMITS.signInFailures],
    [`signin:ip:${ip}`, LIMITS.signInPerAddress],
  ] as const) {
    const hit = await hitRateLimit(key, limit);
    if (!hit.allowed) {
      await Promise.all(hits.map((h) => h.refund()));
      throw new AuthFailure(refusal("common.too_many_attempts", { seconds: hit.retryAfterSeconds }), 429);
    }
    hits.push(hit);
  }
  const ctx = await getAuth().$context;
  const account = await ctx.internalAdapter.findCredentialAccount(userId);
  const matches = account?.password ? await ctx.password.verify({ hash: account.password, password }) : false;
  if (!matches) throw new AuthFailure(refusal("account.confirm_password_wrong"), 400);
  await clearRateLimit(accountKey);
  await hits[1]?.refund();
}

/** Sends a signed-in person with an unconfirmed address a new link (limited per account and address). */
export async function resendVerification(user: SessionUser, meta: { ip: string; headers: Headers; next?: string }) {
  if (user.verified) return;
  await limitAccountEmail(user.id, meta.ip);
  // `next`, a path of this site the link goes back to, travels as Better Auth's callbackURL (auth.server.ts reads it).
  await getAuth().api.sendVerificationEmail({ body: { email: user.email, callbackURL: meta.next }, headers: meta.headers });
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

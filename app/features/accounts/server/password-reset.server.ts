import { APIError } from "better-auth/api";
import { getAuth } from "~/platform/auth/auth.server";
import type { Role } from "~/platform/auth/session.server";
import { getDatabase } from "~/platform/db/db.server";
import { normaliseMobile, provenMobile } from "~/features/accounts/domain/mobile";
import { refusal } from "~/platform/core/refusal";
import { getEnv } from "~/platform/env.server";
import { hitRateLimit, type Limit } from "~/platform/rate-limit/rate-limit.server";
import { AuthFailure } from "./auth-errors.server";
import { credentialsEpochNow } from "./credentials-epoch.server";

/** "Forgot password?" limits (env, read when used): requests per address, emails per account. */
export const RESET_LIMITS = {
  get perAddress(): Limit {
    return { max: getEnv().RATE_LIMIT_PASSWORD_RESET_MAX, windowSeconds: 600 };
  },
  get perEmail(): Limit {
    return { max: getEnv().RATE_LIMIT_PASSWORD_RESET_EMAIL_MAX, windowSeconds: 3600 };
  },
};

/** How long a reset link works. */
export const RESET_TOKEN_SECONDS = 3600;

/**
 * "Forgot password?": queues a single-use reset link (1 hour) if an account has this email, and
 * answers the same whether or not it does. Too many requests from one address: 429 (AuthFailure);
 * too many for one email: the same answer, and no further email.
 */
export async function requestPasswordReset(email: string, meta: { ip: string; now?: number }) {
  const byAddress = await hitRateLimit(`password-reset:ip:${meta.ip}`, RESET_LIMITS.perAddress, meta.now);
  if (!byAddress.allowed) throw new AuthFailure(refusal("common.too_many_attempts", { seconds: byAddress.retryAfterSeconds }), 429);
  const byEmail = await hitRateLimit(`password-reset:email:${email}`, RESET_LIMITS.perEmail, meta.now);
  if (!byEmail.allowed) return;
  // Better Auth makes the token (verification table, single use, expiry) and calls
  // sendResetPassword (auth.server.ts) only when the account exists.
  await getAuth().api.requestPasswordReset({ body: { email } });
}

const identifier = (token: string) => `reset-password:${token}`;

/** The account a reset link is for, while it works; null once used or expired (or never issued). */
export async function findResetToken(token: string, now = Date.now()) {
  // Only what our links carry (letters, digits, - and _): anything else, a NUL byte included, is no link of ours.
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return null;
  const ctx = await getAuth().$context;
  const verification = await ctx.internalAdapter.findVerificationValue(identifier(token));
  if (!verification || new Date(verification.expiresAt).getTime() < now) return null;
  return { userId: verification.value };
}

export type ResetResult = { ok: true; role: Role } | { ok: false };

/**
 * Sets a new password with a reset link: uses the link up (once only), ends every session of the
 * account (revokeSessionsOnPasswordReset, and again here), clears a temporary password's deadline,
 * and marks the email confirmed: the link came to that mailbox. Whoever held the account before,
 * having registered the address or learnt the old password, is out, and a phone no SMS code proved
 * goes with them, its SMS opt-in too (docs/decisions/030-pre-registration-and-phones.md).
 * When the reset is what first confirms the email, the saved delivery address goes too: whoever
 * registered the address may have typed his own, and checkout fills it in. Every change-of-email
 * link signed before now stops working (credentials-epoch.server.ts).
 * A used or expired link: `{ ok: false }`, nothing changed.
 */
export async function resetPassword(token: string, newPassword: string): Promise<ResetResult> {
  const found = await findResetToken(token);
  if (!found) return { ok: false };
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
  } catch (error) {
    // INVALID_TOKEN: another request used it (or it expired) between the check and now.
    if (error instanceof APIError) return { ok: false };
    throw error;
  }
  const { db, engine } = getDatabase();
  const user = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("user")
      .select(["role", "emailVerified", "phone", "phoneNumber", "phoneNumberVerified", "verified_phone"])
      .where("id", "=", found.userId)
      .executeTakeFirst();
    if (!row) return undefined;
    const proven = provenMobile(row);
    const phoneProven = proven !== null && normaliseMobile(row.phone ?? "") === proven;
    await trx
      .updateTable("user")
      .set({
        password_must_change_by: null,
        emailVerified: engine === "postgres" ? true : 1,
        credentials_epoch: credentialsEpochNow(),
        ...(row.emailVerified ? {} : { street: null, city: null, state: null, pincode: null }),
        ...(phoneProven ? {} : { phone: null }),
        ...(proven === null ? { sms_order_updates: false } : {}),
      })
      .where("id", "=", found.userId)
      .execute();
    await trx.deleteFrom("session").where("userId", "=", found.userId).execute();
    return row;
  });
  // The account was removed meanwhile (never confirmed, purged): nothing was reset for anyone.
  if (!user) return { ok: false };
  const role = user.role === "admin" || user.role === "vendor" ? user.role : "user";
  return { ok: true, role };
}

import { randomBytes } from "node:crypto";
import { getAuth } from "~/platform/auth/auth.server";
import { getEnv } from "~/platform/env.server";
import { hitRateLimit } from "~/platform/rate-limit/rate-limit.server";
import { queueRegistrationAttemptEmail } from "./account-emails.server";
import { RESET_TOKEN_SECONDS } from "./password-reset.server";

/**
 * Someone registered with an email that already has an account. The page answered as for a new
 * one; its owner gets an email saying so, with a single-use reset link (the same kind "Forgot
 * password?" sends: Better Auth's verification table, `reset-password:<token>`, one hour).
 * At most RATE_LIMIT_ACCOUNT_EMAIL_MAX such emails an hour per account, so nobody can flood an
 * inbox by registering its address over and over.
 */
export async function tellOwnerOfRegistrationAttempt(user: { id: string; email: string; name: string }) {
  const limit = await hitRateLimit(`registration-attempt:${user.id}`, { max: getEnv().RATE_LIMIT_ACCOUNT_EMAIL_MAX, windowSeconds: 3600 });
  if (!limit.allowed) return;
  const token = randomBytes(24).toString("base64url");
  const ctx = await getAuth().$context;
  await ctx.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + RESET_TOKEN_SECONDS * 1000),
  });
  await queueRegistrationAttemptEmail(user, token);
}

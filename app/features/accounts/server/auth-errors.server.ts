import { APIError } from "better-auth/api";
import { type Refusal, RefusalError, refusal } from "~/platform/core/refusal";
import { getEnv } from "~/platform/env.server";
import { english } from "~/platform/i18n/render-refusal.server";

/** A refused sign-in, registration or account change, with the status its page answers. */
export class AuthFailure extends RefusalError {
  constructor(refused: Refusal, status = 400) {
    super(refused, { status, english: english(refused) });
  }
}

/**
 * Better Auth's refusals by its error code (its `body.code`), as ours. Its English words are never
 * shown: a code not listed here is a refusal we do not expect, said as "An unexpected error occurred."
 */
const BETTER_AUTH_CODES: Record<string, Refusal> = {
  INVALID_EMAIL_OR_PASSWORD: refusal("account.invalid_email_or_password"),
  EMAIL_NOT_VERIFIED: refusal("account.email_not_verified"),
  USER_ALREADY_EXISTS: refusal("account.user_exists"),
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: refusal("account.user_exists"),
  PASSWORD_TOO_SHORT: refusal("account.password_too_short"),
  PASSWORD_TOO_LONG: refusal("account.password_too_long"),
  INVALID_TOKEN: refusal("account.invalid_token"),
  TOKEN_EXPIRED: refusal("account.token_expired"),
  INVALID_OTP: refusal("account.code_refused"),
  OTP_EXPIRED: refusal("account.otp_expired"),
  TOO_MANY_ATTEMPTS: refusal("account.otp_too_many"),
  // Ours, thrown by the hooks in auth.server.ts.
  RESERVED_EMAIL: refusal("account.email_not_mailable"),
};

/** Better Auth's refusal of a request as ours, or null for a real failure (logged by the caller). */
export function authRefusal(error: unknown): Refusal | null {
  if (!(error instanceof APIError)) return null;
  const code = (error.body as { code?: string } | undefined)?.code;
  return (code && BETTER_AUTH_CODES[code]) || refusal("account.unexpected");
}

/** Better Auth's refusal of a suspended (banned) account's sign-in. */
export function isSuspendedError(error: unknown) {
  return error instanceof APIError && (error.body as { code?: string } | undefined)?.code === "BANNED_USER";
}

/** The store's own words for a suspended account, with the support contact (every door). */
export function suspendedFailure() {
  const env = getEnv();
  return new AuthFailure(refusal("account.suspended", { email: env.SUPPORT_EMAIL, phone: env.SUPPORT_PHONE }), 403);
}

import { APIError } from "better-auth/api";
import { accountSuspendedMessage } from "~/features/accounts/domain/account-rules";
import { getEnv } from "~/platform/env.server";

export class AuthFailure extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Better Auth's message for a refused request, or null for a real failure (logged by the caller). */
export function authErrorMessage(error: unknown): string | null {
  if (error instanceof APIError) {
    const body = error.body as { message?: string } | undefined;
    return body?.message ?? error.message ?? null;
  }
  return null;
}

/** Better Auth's refusal of a suspended (banned) account's sign-in. */
export function isSuspendedError(error: unknown) {
  return error instanceof APIError && (error.body as { code?: string } | undefined)?.code === "BANNED_USER";
}

/** The store's own words for a suspended account, with the support contact (every door). */
export function suspendedMessage() {
  const env = getEnv();
  return accountSuspendedMessage({ email: env.SUPPORT_EMAIL, phone: env.SUPPORT_PHONE });
}

export function suspendedFailure() {
  return new AuthFailure(suspendedMessage(), 403);
}

import { APIError } from "better-auth/api";

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

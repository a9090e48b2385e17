import { randomBytes } from "node:crypto";
import { getAuth } from "~/platform/auth/auth.server";
import type { Role } from "~/platform/auth/session.server";
import { getDb } from "~/platform/db/db.server";
import { EMAIL_NOT_MAILABLE, isReservedEmail } from "~/platform/core/reserved-email";

export class UserRefused extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** A readable one-time password for an account an admin creates; the person changes it after signing in. */
export function temporaryPassword() {
  return `angle-${randomBytes(6).toString("base64url")}`;
}

/** How long an admin-issued password works: its holder must set their own within 72 hours. */
export const TEMPORARY_PASSWORD_HOURS = 72;

/** When a temporary password issued now stops working (ISO-8601 UTC). */
export function temporaryPasswordDeadline(now = Date.now()) {
  return new Date(now + TEMPORARY_PASSWORD_HOURS * 3600_000).toISOString();
}

/**
 * Creates an email + password account with a role, through Better Auth's own adapter and password
 * hashing. Used by `npm run admin:create`, the first-start bootstrap and the admin's Users page.
 * `temporary`: the password was issued by an admin; its holder must set their own at first
 * sign-in, and it stops working after 72 hours.
 */
export async function createUserWithPassword(input: { name: string; email: string; password: string; role: Role; temporary?: boolean }) {
  const ctx = await getAuth().$context;
  const email = input.email.trim().toLowerCase();
  if (isReservedEmail(email)) throw new UserRefused(EMAIL_NOT_MAILABLE, 400);
  if (await ctx.internalAdapter.findUserByEmail(email)) throw new UserRefused("A user with this email already exists.", 409);
  const user = await ctx.internalAdapter.createUser(
    { name: input.name.trim(), email, emailVerified: true, role: input.role },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await ctx.password.hash(input.password),
  });
  if (input.temporary) {
    await getDb().updateTable("user").set({ password_must_change_by: temporaryPasswordDeadline() }).where("id", "=", user.id).execute();
  }
  return { id: user.id, email };
}

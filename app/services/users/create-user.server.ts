import { randomBytes } from "node:crypto";
import { getAuth } from "~/auth/auth.server";
import type { Role } from "~/auth/session.server";

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

/**
 * Creates an email + password account with a role, through Better Auth's own adapter and password
 * hashing. Used by `npm run admin:create`, the first-start bootstrap and the admin's Users page.
 */
export async function createUserWithPassword(input: { name: string; email: string; password: string; role: Role }) {
  const ctx = await getAuth().$context;
  const email = input.email.trim().toLowerCase();
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
  return { id: user.id, email };
}

import { getDb } from "~/platform/db/db.server";
import { changeAccount } from "./account-lifecycle.server";
import { createUserWithPassword, temporaryPasswordDeadline, UserRefused } from "./create-user.server";

const ROLE_NAME: Record<string, string> = { user: "customer", vendor: "vendor", admin: "admin" };

/**
 * Creates the admin. An email that already has an account is refused unless `promote` is given:
 * then the account becomes an admin with the new password, re-activated, and every session it had
 * ends (one opened as a customer must not become an admin's). `temporary` (`npm run admin:create`):
 * the password is issued, not chosen; the admin must set their own at first sign-in, within 72 hours.
 */
export async function ensureAdmin(
  email: string,
  password: string,
  name = "Store Admin",
  options: { promote?: boolean; temporary?: boolean } = {},
) {
  const temporary = options.temporary === true;
  const normalised = email.trim().toLowerCase();
  const existing = await getDb().selectFrom("user").select(["id", "role"]).where("email", "=", normalised).executeTakeFirst();
  if (!existing)
    return { ...(await createUserWithPassword({ name, email: normalised, password, role: "admin", temporary })), created: true };
  if (!options.promote) {
    const role = ROLE_NAME[existing.role ?? "user"] ?? existing.role;
    const what = existing.role === "admin" ? "To give it this password" : "To make that account an admin";
    throw new UserRefused(
      `${normalised} already has an account (${role}). ${what}, run again with --promote: it gets this password and every session it has ends.`,
      409,
    );
  }
  await changeAccount(existing.id, {
    role: "admin",
    suspended: false,
    password,
    passwordMustChangeBy: temporary ? temporaryPasswordDeadline() : null,
  });
  return { id: existing.id, email: normalised, created: false };
}

/**
 * First start of an empty store: ADMIN_EMAIL/ADMIN_PASSWORD create the first admin if there is none.
 * It never promotes an existing account (someone may have registered that email in advance).
 */
export async function bootstrapAdmin(email: string | undefined, password: string | undefined) {
  if (!email || !password) return;
  const anyAdmin = await getDb().selectFrom("user").select("id").where("role", "=", "admin").executeTakeFirst();
  if (anyAdmin) return;
  try {
    await ensureAdmin(email, password);
  } catch (error) {
    if (!(error instanceof UserRefused)) throw error;
    console.warn(`ADMIN_EMAIL: ${error.message.replace("run again with --promote", "use npm run admin:create -- --promote")}`);
  }
}

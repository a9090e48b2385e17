import { getDb } from "~/db/db.server";
import { createUserWithPassword } from "./create-user.server";

/** Creates the admin, or makes an existing account with that email an admin and resets its password. */
export async function ensureAdmin(email: string, password: string, name = "Store Admin") {
  const existing = await getDb().selectFrom("user").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst();
  if (!existing) return { ...(await createUserWithPassword({ name, email, password, role: "admin" })), created: true };
  const { getAuth } = await import("~/auth/auth.server");
  const ctx = await getAuth().$context;
  await ctx.internalAdapter.updateUser(existing.id, { role: "admin", banned: false });
  await ctx.internalAdapter.updatePassword(existing.id, await ctx.password.hash(password));
  return { id: existing.id, email, created: false };
}

/** First start of an empty store: ADMIN_EMAIL/ADMIN_PASSWORD create the first admin if there is none. */
export async function bootstrapAdmin(email: string | undefined, password: string | undefined) {
  if (!email || !password) return;
  const anyAdmin = await getDb().selectFrom("user").select("id").where("role", "=", "admin").executeTakeFirst();
  if (!anyAdmin) await ensureAdmin(email, password);
}

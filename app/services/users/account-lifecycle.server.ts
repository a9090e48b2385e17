import { getAuth } from "~/auth/auth.server";
import type { Role } from "~/auth/session.server";
import { getDatabase } from "~/db/db.server";
import { nextVersion } from "~/services/catalog/save-product.server";

/**
 * The one place an account's role, suspension or password changes. Every such change ends every
 * session of the account in the same transaction: a session opened as a customer must never become
 * an admin's, and a suspended or re-keyed account must sign in again (or not at all).
 *
 * Suspending a vendor also takes their listings off sale in that transaction (status "live" becomes
 * "suspended"; the per-category counts follow through their triggers), and reactivating puts
 * exactly those back on sale.
 */
export type AccountChange = {
  role?: Role;
  suspended?: boolean;
  password?: string;
  /**
   * With `password`: when it stops working (an admin-issued, temporary one: the person must set
   * their own first), or null (their own). Left out: whatever the account had.
   */
  passwordMustChangeBy?: string | null;
};

export async function changeAccount(userId: string, change: AccountChange) {
  const { db, engine } = getDatabase();
  const ctx = await getAuth().$context;
  // Hashing is slow (scrypt): done before the transaction, which then only writes.
  const passwordHash = change.password === undefined ? undefined : await ctx.password.hash(change.password);
  // Better Auth keeps booleans as 0/1 and times as ISO text on SQLite, native types on PostgreSQL.
  const bool = (value: boolean) => (engine === "postgres" ? value : Number(value));
  const now = engine === "postgres" ? new Date() : new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("user").select(["id", "role"]).where("id", "=", userId).executeTakeFirst();
    if (!user) return;
    await trx
      .updateTable("user")
      .set({
        updatedAt: now,
        ...(change.role === undefined ? {} : { role: change.role }),
        ...(change.passwordMustChangeBy === undefined ? {} : { password_must_change_by: change.passwordMustChangeBy }),
        ...(change.suspended === undefined
          ? {}
          : { banned: bool(change.suspended), banReason: change.suspended ? "Suspended by an admin" : null, banExpires: null }),
      })
      .where("id", "=", userId)
      .execute();
    if (passwordHash !== undefined) {
      await trx
        .updateTable("account")
        .set({ password: passwordHash, updatedAt: now })
        .where("userId", "=", userId)
        .where("providerId", "=", "credential")
        .execute();
    }
    if (change.suspended !== undefined) {
      const [from, to] = change.suspended ? (["live", "suspended"] as const) : (["suspended", "live"] as const);
      await trx
        .updateTable("product")
        .set({ status: to, version: nextVersion() })
        .where("vendor_id", "=", userId)
        .where("status", "=", from)
        .execute();
    }
    await trx.deleteFrom("session").where("userId", "=", userId).execute();
  });
}

export const setAccountRole = (userId: string, role: Role) => changeAccount(userId, { role });
export const setAccountSuspended = (userId: string, suspended: boolean) => changeAccount(userId, { suspended });
export const setAccountPassword = (userId: string, password: string) => changeAccount(userId, { password });

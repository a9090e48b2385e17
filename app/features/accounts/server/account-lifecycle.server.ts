import type { Transaction } from "kysely";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { getAuth } from "~/platform/auth/auth.server";
import type { Role } from "~/platform/auth/session.server";
import { type StaffRole, staffRoleOf } from "~/platform/core/staff-policy";
import { type Engine, getDatabase } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import { nextVersion } from "~/features/catalog/server/save-product.server";
import { syncLicensedListings } from "~/features/vendor-shops/server/licensed-listings.server";
import { UserRefused } from "./create-user.server";

/**
 * The one place an account's role, suspension or password changes. Every such change ends every
 * session of the account in the same transaction: a session opened as a customer must never become
 * an admin's, and a suspended or re-keyed account must sign in again (or not at all).
 *
 * Suspending a vendor also takes their listings off sale in that transaction (status "live" becomes
 * "suspended"; the per-category counts follow through their triggers), and reactivating puts
 * exactly those back on sale, but for listings whose licence lapsed meanwhile ("unlicensed").
 *
 * A change that would leave the store without an active admin (demoting or suspending the last
 * one) is refused inside that transaction: see `assertNotLastAdmin`.
 */
export type AccountChange = {
  role?: Role;
  /** An admin's role on the store's team (issue 33); a change of it, like any role's, ends the sessions. */
  staffRole?: StaffRole | null;
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
    const user = await trx.selectFrom("user").select(["id", "role", "banned", "staff_role"]).where("id", "=", userId).executeTakeFirst();
    if (!user) return;
    const demoted =
      (change.role !== undefined && change.role !== "admin") ||
      (change.staffRole !== undefined && change.staffRole !== null && change.staffRole !== "owner");
    if (user.role === "admin" && !user.banned && (demoted || change.suspended === true)) {
      await assertNotLastAdmin(trx, engine, userId, change.suspended === true ? "suspend" : "demote");
    }
    await trx
      .updateTable("user")
      .set({
        updatedAt: now,
        ...(change.role === undefined ? {} : { role: change.role }),
        ...(change.staffRole === undefined ? {} : { staff_role: change.staffRole }),
        ...(change.passwordMustChangeBy === undefined ? {} : { password_must_change_by: change.passwordMustChangeBy }),
        // A new password makes every change-of-email link signed before it worthless (decision 030).
        ...(passwordHash === undefined ? {} : { credentials_epoch: now instanceof Date ? now.toISOString() : now }),
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
      // Back on sale only what the vendor's licences allow today (0017-seller-licences).
      if (!change.suspended) await syncLicensedListings(trx, userId);
    }
    await trx.deleteFrom("session").where("userId", "=", userId).execute();
    const was = { role: user.role, staff_role: user.staff_role, suspended: Boolean(user.banned) };
    await recordAudit(trx, {
      kind: "user.change",
      object: { type: "user", id: userId },
      before: { ...was, password: null },
      after: {
        role: change.role ?? was.role,
        staff_role: change.staffRole === undefined ? was.staff_role : change.staffRole,
        suspended: change.suspended ?? was.suspended,
        // Only that it was set: the value is masked (and never known here but as its hash).
        password: passwordHash === undefined ? null : "set",
      },
    });
  });
}

/**
 * Refuses to take `userId` out of the active admins when no other active admin is left. The active
 * admins' rows are locked on PostgreSQL (FOR UPDATE), so two admins demoting or suspending each other
 * at once are serialised: the second sees the first's change and is refused. SQLite's write
 * transaction (BEGIN IMMEDIATE) already holds the whole database.
 */
export async function assertNotLastAdmin(trx: Transaction<Database>, engine: Engine, userId: string, verb: string) {
  let admins = trx
    .selectFrom("user")
    .select(["id", "banned", "staff_role"])
    .where("role", "=", "admin")
    .where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", 0 as never), eb("banned", "=", false as never)]))
    // One lock order for every caller, so two of these never deadlock each other.
    .orderBy("id");
  if (engine === "postgres") admins = admins.forUpdate();
  const active = await admins.execute();
  const others = active.filter((admin) => admin.id !== userId);
  if (others.length === 0) throw new UserRefused(`You cannot ${verb} the last admin.`);
  // Only an owner manages the team (issue 33): one must be left.
  const owner = (admin: { staff_role: string | null }) => staffRoleOf(admin.staff_role) === "owner";
  const target = active.find((admin) => admin.id === userId);
  if (target && owner(target) && !others.some(owner)) throw new UserRefused(`You cannot ${verb} the last owner.`);
}

export const setAccountRole = (userId: string, role: Role) => changeAccount(userId, { role });
export const setAccountSuspended = (userId: string, suspended: boolean) => changeAccount(userId, { suspended });
export const setAccountPassword = (userId: string, password: string) => changeAccount(userId, { password });

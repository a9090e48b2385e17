import { getDatabase, getDb } from "~/platform/db/db.server";
import { hasRealEmail } from "~/features/accounts/domain/mobile";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import { containsInsensitive } from "~/platform/db/like.server";
import { FIRST_PAGE, type Page, type PageRequest } from "~/platform/core/pagination";
import { ROLE_LABELS, toUserRole, type UserRole, type UserStatus } from "~/features/accounts/domain/user-labels";
import { assertNotLastAdmin, setAccountSuspended } from "./account-lifecycle.server";
import { UserRefused } from "./create-user.server";

export type AdminUserRow = {
  id: string;
  name: string;
  /** The address, or null for an account made with a mobile number (its stored email is a placeholder). */
  email: string | null;
  /** The mobile number signed in with, E.164, when there is one. */
  mobile: string | null;
  /** Confirmed its email or its mobile number (docs/decisions/014). */
  confirmed: boolean;
  role: UserRole;
  status: UserStatus;
  joined: string;
  lastLogin: string | null;
};

/** Better Auth stores its times as Date (PostgreSQL) or text/number (SQLite). */
function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const d = new Date(typeof value === "number" ? value : String(value));
  return Number.isNaN(d.getTime()) ? String(value) : d.toISOString();
}

export const USERS_PAGE_SIZE = 50;

/** Newest accounts first; Better Auth's times are Date on PostgreSQL and ISO text on SQLite, both sort by time. */
const NEWEST_FIRST: Keyset<{ createdAt: string | Date; id: string }> = {
  keys: [
    { ref: "user.createdAt", field: "createdAt", kind: "time" },
    { ref: "user.id", field: "id", kind: "string" },
  ],
  order: "desc",
};

/** A page of users with their role and status; search matches name, email or role (spec §6). */
export async function listUsers(q: string, request: PageRequest = FIRST_PAGE): Promise<Page<AdminUserRow>> {
  const db = getDb();
  let query = db
    .selectFrom("user")
    .select([
      "user.id",
      "user.name",
      "user.email",
      "user.emailVerified",
      "user.phoneNumber",
      "user.phoneNumberVerified",
      "user.role",
      "user.banned",
      "user.createdAt",
    ])
    .select((eb) =>
      eb
        .selectFrom("session")
        .select((s) => s.fn.max("session.createdAt" as never).as("last"))
        .whereRef("session.userId", "=", "user.id")
        .as("lastLogin"),
    );
  if (q) {
    // The role is searched by the name the page shows ("customer" finds role user).
    const roleMatch = Object.entries(ROLE_LABELS)
      .filter(([, label]) => label.toLowerCase().includes(q.toLowerCase()))
      .map(([role]) => role);
    query = query.where((eb) =>
      eb.or([
        containsInsensitive("user.name", q),
        containsInsensitive("user.email", q),
        ...(roleMatch.length ? [eb("user.role", "in", roleMatch)] : []),
      ]),
    );
  }
  const page = await paginate(query, NEWEST_FIRST, request, USERS_PAGE_SIZE);
  const rows: AdminUserRow[] = page.rows.map((u) => ({
    id: u.id,
    name: u.name,
    email: hasRealEmail(u.email) ? u.email : null,
    mobile: u.phoneNumber,
    confirmed: Boolean(u.emailVerified) || Boolean(u.phoneNumberVerified),
    role: toUserRole(u.role),
    status: u.banned ? "suspended" : "active",
    joined: toIso(u.createdAt),
    lastLogin: u.lastLogin ? toIso(u.lastLogin) : null,
  }));
  return { ...page, rows };
}

/** An admin never acts on their own account here; the last-admin rule is checked in the write's transaction. */
async function guardTarget(actorId: string, targetId: string, verb: string) {
  if (actorId === targetId) throw new UserRefused(`You cannot ${verb} yourself.`);
  const target = await getDb().selectFrom("user").select(["id", "role", "banned"]).where("id", "=", targetId).executeTakeFirst();
  if (!target) throw new UserRefused("That user no longer exists.", 404);
  return target;
}

/** Suspend (ending every session, a vendor's listings off sale) or re-activate an account. */
export async function setUserSuspended(actorId: string, targetId: string, suspended: boolean) {
  await guardTarget(actorId, targetId, suspended ? "suspend" : "activate");
  await setAccountSuspended(targetId, suspended);
}

/**
 * Deletes an account that has no orders; one with orders must be suspended instead. The checks and
 * the delete share one transaction, so the last active admin cannot be deleted by two admins at once.
 */
export async function deleteUser(actorId: string, targetId: string) {
  await guardTarget(actorId, targetId, "delete");
  const { db, engine } = getDatabase();
  await db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom("user").select(["role", "banned"]).where("id", "=", targetId).executeTakeFirst();
    if (!target) throw new UserRefused("That user no longer exists.", 404);
    if (target.role === "admin" && !target.banned) await assertNotLastAdmin(trx, engine, targetId, "delete");
    const ordered = await trx.selectFrom("orders").select("id").where("user_id", "=", targetId).limit(1).executeTakeFirst();
    if (ordered) throw new UserRefused("This user has orders, so the account is kept for the records. Suspend it instead.", 409);
    const listed = await trx.selectFrom("product").select("id").where("vendor_id", "=", targetId).limit(1).executeTakeFirst();
    if (listed) throw new UserRefused("This vendor has listings. Suspend the account instead.", 409);
    // Better Auth's own rows for the account (what its deleteUser removes), then the account.
    await trx.deleteFrom("session").where("userId", "=", targetId).execute();
    await trx.deleteFrom("account").where("userId", "=", targetId).execute();
    await trx.deleteFrom("user").where("id", "=", targetId).execute();
  });
}

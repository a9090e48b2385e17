import { z } from "zod";
import { getDb } from "~/platform/db/db.server";
import { type StaffRole, staffRoleOf } from "~/platform/core/staff-policy";
import { hasRealEmail, normaliseMobile } from "../domain/mobile";
import { changeAccount } from "./account-lifecycle.server";
import { createUserWithPassword, temporaryPassword, UserRefused } from "./create-user.server";

export type StaffMember = {
  id: string;
  name: string;
  email: string | null;
  mobile: string | null;
  role: StaffRole;
  suspended: boolean;
};

/** The store's team: every admin account, owners first, then by name. */
export async function listStaff(): Promise<StaffMember[]> {
  const rows = await getDb()
    .selectFrom("user")
    .select(["id", "name", "email", "phoneNumber", "staff_role", "banned"])
    .where("role", "=", "admin")
    .orderBy("name")
    .execute();
  const members = rows.map((u) => ({
    id: u.id,
    name: u.name,
    email: hasRealEmail(u.email) ? u.email : null,
    mobile: u.phoneNumber ?? null,
    role: staffRoleOf(u.staff_role),
    suspended: Boolean(u.banned),
  }));
  return members.sort((a, b) => Number(b.role === "owner") - Number(a.role === "owner"));
}

export type AddedStaff = { email: string; password: string | null; existing: boolean };

/**
 * Adds a person to the team with a role. An existing customer account (found by email, or by its
 * proven mobile number) becomes an admin account with that role, its sessions ended; a new email gets
 * an account with a temporary password, shown once. A vendor's account stays a vendor's: a vendor
 * cannot also run the store.
 */
export async function addStaff(input: { name: string; contact: string; role: StaffRole }): Promise<AddedStaff> {
  const contact = input.contact.trim();
  const mobile = contact.includes("@") ? null : normaliseMobile(contact);
  const emailOk = mobile === null && z.email().safeParse(contact).success;
  if (!mobile && !emailOk) throw new UserRefused("Enter a valid email address or a 10-digit Indian mobile number.");
  const existing = await getDb()
    .selectFrom("user")
    .select(["id", "email", "role"])
    .$if(mobile === null, (qb) => qb.where("email", "=", contact.toLowerCase()))
    .$if(mobile !== null, (qb) => qb.where("phoneNumber", "=", mobile ?? ""))
    .executeTakeFirst();
  if (existing) {
    if (existing.role === "admin") throw new UserRefused("This person is already on the team: change their role below.", 409);
    if (existing.role === "vendor")
      throw new UserRefused("This is a vendor's account. A vendor cannot also run the store: use another email.", 409);
    await changeAccount(existing.id, { role: "admin", staffRole: input.role });
    return { email: existing.email, password: null, existing: true };
  }
  if (mobile) {
    throw new UserRefused("No account has this mobile number yet. Add the person by email, or ask them to sign in with the number first.");
  }
  const password = temporaryPassword();
  // A customer's account first, then an admin's with its role in one change: never an admin without one.
  const user = await createUserWithPassword({ name: input.name, email: contact, password, role: "user", temporary: true });
  await changeAccount(user.id, { role: "admin", staffRole: input.role });
  return { email: user.email, password, existing: false };
}

/** Another member's role, suspension, or place on the team (taken off it: a customer account again). */
export async function changeStaff(
  actorId: string,
  targetId: string,
  change: { role: StaffRole } | { suspended: boolean } | { remove: true },
) {
  if (actorId === targetId) throw new UserRefused("You cannot change your own place on the team. Ask another owner.");
  const target = await getDb().selectFrom("user").select(["id", "role"]).where("id", "=", targetId).executeTakeFirst();
  if (target?.role !== "admin") throw new UserRefused("That person is no longer on the team.", 404);
  if ("role" in change) await changeAccount(targetId, { staffRole: change.role });
  else if ("suspended" in change) await changeAccount(targetId, { suspended: change.suspended });
  else await changeAccount(targetId, { role: "user", staffRole: null });
}

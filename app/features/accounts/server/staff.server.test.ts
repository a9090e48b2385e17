import { describe, expect, it } from "vitest";
import { createVendor } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { signIn } from "./sign-in.server";
import { createUserWithPassword } from "./create-user.server";
import { addStaff, changeStaff, listStaff } from "./staff.server";

const meta = { ip: "10.9.0.2", headers: new Headers({ origin: "http://localhost:3999" }) };
const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
const row = (email: string) =>
  getDb().selectFrom("user").select(["id", "role", "staff_role"]).where("email", "=", email).executeTakeFirstOrThrow();

describe("the store's team (issue 33)", () => {
  it("adds a new person by email with a role and a temporary password; lists them", async () => {
    const email = `desk-${tag()}@angle.in`;
    const added = await addStaff({ name: "Order Desk", contact: email, role: "orders" });
    expect(added.password).toMatch(/.{12,}/);
    expect(await row(email)).toMatchObject({ role: "admin", staff_role: "orders" });
    expect((await listStaff()).find((m) => m.email === email)).toMatchObject({ role: "orders", suspended: false });
  });

  it("makes an existing customer staff, ending their sessions; refuses a vendor, a second add and an unknown mobile", async () => {
    const email = `asha-${tag()}@example.in`;
    const user = await createUserWithPassword({ name: "Asha", email, password: "asha-pass-2026", role: "user" });
    await signIn({ email, password: "asha-pass-2026" }, meta);
    const added = await addStaff({ name: "Asha", contact: email.toUpperCase(), role: "support" });
    expect(added).toEqual({ email, password: null, existing: true });
    expect(await getDb().selectFrom("session").select("id").where("userId", "=", user.id).execute()).toEqual([]);
    await expect(addStaff({ name: "Asha", contact: email, role: "catalogue" })).rejects.toThrow("already on the team");
    const vendor = await createVendor();
    await expect(addStaff({ name: "V", contact: vendor.email, role: "support" })).rejects.toThrow("vendor's account");
    await expect(addStaff({ name: "M", contact: "98765 43210", role: "support" })).rejects.toThrow("No account has this mobile number");
    await expect(addStaff({ name: "M", contact: "12345", role: "support" })).rejects.toThrow("valid email address or a 10-digit");
    await expect(addStaff({ name: "M", contact: "x@y", role: "support" })).rejects.toThrow("valid email address or a 10-digit");
  });

  it("changes a role (signing them out), never one's own, and never leaves the store without an owner", async () => {
    const ownerEmail = `owner-${tag()}@angle.in`;
    await addStaff({ name: "Owner", contact: ownerEmail, role: "owner" });
    const owner = await row(ownerEmail);
    const email = `cat-${tag()}@angle.in`;
    await addStaff({ name: "Cat", contact: email, role: "catalogue" });
    const member = await row(email);
    await changeStaff(owner.id, member.id, { role: "accounts" });
    expect((await row(email)).staff_role).toBe("accounts");
    await expect(changeStaff(owner.id, owner.id, { role: "support" })).rejects.toThrow("your own place");
    await changeStaff(owner.id, member.id, { remove: true });
    expect(await row(email)).toMatchObject({ role: "user", staff_role: null });

    // Every other owner is demoted: the last one is kept.
    const owners = (await listStaff()).filter((m) => m.role === "owner" && !m.suspended && m.id !== owner.id);
    for (const other of owners) await changeStaff(owner.id, other.id, { role: "support" });
    const second = `owner2-${tag()}@angle.in`;
    await addStaff({ name: "Second", contact: second, role: "support" });
    const deputy = await row(second);
    await expect(changeStaff(deputy.id, owner.id, { role: "support" })).rejects.toThrow("You cannot demote the last owner.");
  });
});

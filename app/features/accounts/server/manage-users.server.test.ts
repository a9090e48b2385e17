import { describe, expect, it } from "vitest";
import { checkoutInput, createProduct } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { defined } from "~/platform/defined";
import { signIn } from "./sign-in.server";
import { placeOrder } from "../../orders/server/place-order.server";
import { createUserWithPassword, UserRefused } from "./create-user.server";
import { setAccountRole } from "./account-lifecycle.server";
import { ensureAdmin } from "./ensure-admin.server";
import { deleteUser, listUsers, setUserSuspended } from "./manage-users.server";

const meta = { ip: "10.9.0.1", headers: new Headers({ origin: "http://localhost:3999" }) };

/** The admin the first test creates (each later test runs after it in this file). */
async function boss() {
  const row = await getDb().selectFrom("user").select("id").where("email", "=", "boss@angle.in").executeTakeFirst();
  return row ?? ensureAdmin("boss@angle.in", "admin-pass-2026");
}

describe("admin user management", () => {
  it("creates the admin from the command line and signs them in as admin", async () => {
    const { created } = await ensureAdmin("Boss@Angle.in", "admin-pass-2026");
    expect(created).toBe(true);
    expect((await signIn({ email: "boss@angle.in", password: "admin-pass-2026" }, meta)).role).toBe("admin");
    await expect(ensureAdmin("boss@angle.in", "other-pass-2026")).rejects.toThrow(
      "boss@angle.in already has an account (admin). To give it this password, run again with --promote",
    );
  });

  it("suspending ends a customer's sessions and stops them signing in; activating lets them back", async () => {
    const admin = await boss();
    const user = await createUserWithPassword({ name: "Ravi", email: "ravi@example.in", password: "ravi-pass-1", role: "user" });
    await signIn({ email: "ravi@example.in", password: "ravi-pass-1" }, meta);
    const sessions = () => getDb().selectFrom("session").select("id").where("userId", "=", user.id).execute();
    expect((await sessions()).length).toBe(1);
    await setUserSuspended(admin.id, user.id, true);
    expect(await sessions()).toEqual([]);
    await expect(signIn({ email: "ravi@example.in", password: "ravi-pass-1" }, meta)).rejects.toThrow(/banned|suspended/i);
    expect((await listUsers("ravi")).rows[0]?.status).toBe("suspended");
    await setUserSuspended(admin.id, user.id, false);
    expect((await signIn({ email: "ravi@example.in", password: "ravi-pass-1" }, meta)).role).toBe("user");
  });

  it("an admin cannot suspend or delete themself or the last admin", async () => {
    const admin = await boss();
    await expect(setUserSuspended(admin.id, admin.id, true)).rejects.toThrow("You cannot suspend yourself.");
    await expect(deleteUser(admin.id, admin.id)).rejects.toThrow("You cannot delete yourself.");
    const other = await createUserWithPassword({ name: "Other", email: "other@example.in", password: "other-pass-1", role: "user" });
    await expect(deleteUser(other.id, admin.id)).rejects.toThrow("You cannot delete the last admin.");
  });

  it("keeps a customer with orders (suspend instead) and searches by name, email or role", async () => {
    const admin = await boss();
    const buyer = await createUserWithPassword({ name: "Meena Buyer", email: "meena@example.in", password: "meena-pass-1", role: "user" });
    const product = await createProduct({ stock: 3 });
    await placeOrder({ id: buyer.id, name: "Meena Buyer", email: buyer.email }, checkoutInput([{ productId: product.id, quantity: 1 }]));
    await expect(deleteUser(admin.id, buyer.id)).rejects.toBeInstanceOf(UserRefused);
    const idle = await createUserWithPassword({ name: "Idle", email: "idle@example.in", password: "idle-pass-1", role: "user" });
    await deleteUser(admin.id, idle.id);
    expect((await listUsers("idle@")).rows).toEqual([]);
    expect((await listUsers("MEENA")).rows.map((u) => u.email)).toEqual(["meena@example.in"]);
    expect((await listUsers("admin")).rows.every((u) => u.role === "admin")).toBe(true);
    await expect(createUserWithPassword({ name: "Dup", email: "MEENA@example.in", password: "x-pass-123", role: "user" })).rejects.toThrow(
      /already exists/,
    );
  });

  it("of the last two admins acting on each other at once, only one succeeds: one admin always remains", async () => {
    const boss = (await getDb().selectFrom("user").select("id").where("email", "=", "boss@angle.in").executeTakeFirstOrThrow()).id;
    const asha = await createUserWithPassword({ name: "Asha", email: "asha@angle.in", password: "asha-pass-1", role: "admin" });
    const omar = await createUserWithPassword({ name: "Omar", email: "omar@angle.in", password: "omar-pass-1", role: "admin" });
    const activeAdmins = async () =>
      (await listUsers("admin")).rows.filter((u) => u.role === "admin" && u.status === "active").map((u) => u.id);
    // Three admins: the boss is demoted, leaving Asha and Omar.
    await setAccountRole(boss, "user");
    expect((await activeAdmins()).sort()).toEqual([asha.id, omar.id].sort());

    const suspensions = await Promise.allSettled([setUserSuspended(asha.id, omar.id, true), setUserSuspended(omar.id, asha.id, true)]);
    expect(suspensions.map((s) => s.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = suspensions.find((s) => s.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toEqual(new UserRefused("You cannot suspend the last admin."));
    expect(await activeAdmins()).toHaveLength(1);

    // Demoting the one left is refused too, and so are two demotions at once of a pair.
    const [last] = await activeAdmins();
    await expect(setAccountRole(defined(last, "the last admin"), "user")).rejects.toThrow("You cannot demote the last admin.");
    await setAccountRole(boss, "admin");
    const demotions = await Promise.allSettled([setAccountRole(boss, "vendor"), setAccountRole(defined(last, "the last admin"), "user")]);
    expect(demotions.map((s) => s.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await activeAdmins()).toHaveLength(1);
  });
});

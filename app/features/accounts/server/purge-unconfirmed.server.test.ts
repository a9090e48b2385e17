import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createCustomer, createOrder, createProduct, createVendor, restoreEnv, setEnv } from "../../../../tests/factories";
import { getAuth } from "~/platform/auth/auth.server";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { RegisterSchema } from "~/features/accounts/domain/account";
import { defined } from "~/platform/defined";
import { parseEnv } from "~/platform/env.server";
import { createScheduler } from "~/platform/scheduler.server";
import { purgeUnconfirmedAccounts, unconfirmedPurgeJob } from "./purge-unconfirmed.server";
import { registerCustomer } from "./register-customer.server";

/*
 * Accounts registered and never confirmed hold their email and rows for nothing (they can never
 * order): after UNCONFIRMED_ACCOUNT_DAYS (7 by default) they are removed, with what Better Auth
 * keeps for them, unless anything the store must keep hangs on them.
 */

const DAY = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const bool = (value: boolean) => (getDatabase().engine === "postgres" ? value : Number(value));

let serial = 0;
/** A customer registered the real way (Better Auth writes the account, its password and its times). */
async function register() {
  serial += 1;
  const input = RegisterSchema.parse({
    name: "Suresh Yadav",
    email: `suresh.${serial}.${Date.now()}@example.in`,
    password: "kheti-2026",
    phone: "98765 43210",
    street: "7 Mandi Road",
    city: "Indore",
    state: "Madhya Pradesh",
    pincode: "452001",
  });
  const id = await registerCustomer(input, { ip: `10.41.0.${serial}`, headers: new Headers({ origin: "http://localhost:3999" }) });
  return defined(id, "a new account");
}

const setCreated = (id: string, at: string) => getDb().updateTable("user").set({ createdAt: at }).where("id", "=", id).execute();
const exists = async (id: string) => (await getDb().selectFrom("user").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;

describe("unconfirmed accounts are purged", () => {
  afterEach(restoreEnv);

  it("removes an account left unconfirmed past the limit with its sessions, sign-in methods and reset links, and keeps every other", async () => {
    const ctx = await getAuth().$context;
    const stale = await register();
    await setCreated(stale, daysAgo(8));
    await ctx.internalAdapter.createSession(stale);
    await ctx.internalAdapter.createVerificationValue({
      identifier: `reset-password:stale-${stale}`,
      value: stale,
      expiresAt: new Date(Date.now() + 3_600_000),
    });

    const recent = await register(); // as Better Auth wrote it, minutes old
    const sixDays = await register();
    await setCreated(sixDays, daysAgo(6));
    const confirmed = await register();
    await getDb()
      .updateTable("user")
      .set({ emailVerified: bool(true), createdAt: daysAgo(30) })
      .where("id", "=", confirmed)
      .execute();
    const ordered = await register();
    await setCreated(ordered, daysAgo(30));
    await createOrder(ordered, [(await createProduct()).id]);
    const suspended = await register();
    await getDb()
      .updateTable("user")
      .set({ banned: bool(true), createdAt: daysAgo(30) })
      .where("id", "=", suspended)
      .execute();
    const vendor = await createVendor();
    const admin = await createCustomer({ role: "admin" });
    const mobile = await createCustomer();
    await getDb()
      .updateTable("user")
      .set({ phoneNumber: "+919876500099", phoneNumberVerified: bool(true) })
      .where("id", "=", mobile.id)
      .execute();
    for (const id of [vendor.id, admin.id, mobile.id]) await setCreated(id, daysAgo(30));

    expect(await getDb().selectFrom("session").select("id").where("userId", "=", stale).execute()).toHaveLength(1);
    expect(await purgeUnconfirmedAccounts()).toBe(1);

    expect(await exists(stale)).toBe(false);
    expect(await getDb().selectFrom("session").select("id").where("userId", "=", stale).execute()).toEqual([]);
    expect(await getDb().selectFrom("account").select("id").where("userId", "=", stale).execute()).toEqual([]);
    const links = await sql<{ id: string }>`select id from verification where value = ${stale}`.execute(getDb());
    expect(links.rows).toEqual([]);
    for (const kept of [recent, sixDays, confirmed, ordered, suspended, vendor.id, admin.id, mobile.id])
      expect(await exists(kept)).toBe(true);
    // A kept account keeps its password.
    expect(await getDb().selectFrom("account").select("userId").where("userId", "=", recent).execute()).toHaveLength(1);
  });

  it("waits UNCONFIRMED_ACCOUNT_DAYS, a setting checked at start", async () => {
    const id = await register();
    await setCreated(id, daysAgo(8));
    setEnv({ UNCONFIRMED_ACCOUNT_DAYS: "30" });
    expect(await purgeUnconfirmedAccounts()).toBe(0);
    expect(await exists(id)).toBe(true);
    expect(parseEnv({}).UNCONFIRMED_ACCOUNT_DAYS).toBe(7);
    expect(() => parseEnv({ UNCONFIRMED_ACCOUNT_DAYS: "0" })).toThrow(/UNCONFIRMED_ACCOUNT_DAYS: must be a whole number from 1 to 3650/);
    expect(() => parseEnv({ UNCONFIRMED_ACCOUNT_DAYS: "a week" })).toThrow(/UNCONFIRMED_ACCOUNT_DAYS/);
  });

  it("runs when the server starts (and then every hour)", async () => {
    const id = await register();
    await setCreated(id, daysAgo(8));
    const scheduler = createScheduler();
    scheduler.add(unconfirmedPurgeJob());
    await scheduler.stop(); // waits for the round under way
    expect(await exists(id)).toBe(false);
  });
});

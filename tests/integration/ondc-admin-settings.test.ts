import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { readSellerLocations, saveSellerLocation } from "~/features/ondc/server/seller-locations.server";
import { saveOndcSwitch } from "~/features/ondc/server/ondc-switch.server";
import { readSetting, saveSetting } from "~/features/settings/server/save-setting.server";
import { savePaymentMethod } from "~/features/settings/server/payment-settings.server";
import { action as ondcAction, loader as ondcLoader } from "~/routes/admin/ondc";
import { createCustomer, createOrder, createProduct, createVendor } from "../factories";
import { get, post, run, signIn } from "../route-calls";
import { startOndcTestNetwork } from "../ondc-network/network";
import { startOndcStore } from "../helpers/ondc-store";
import { waitForOndcCallbacks } from "~/features/ondc/server/callback.server";

/**
 * What /admin/ondc lets a store set before going live (issue 35): each seller's location, the
 * settlement account's state, the cities served, the log's `unsigned` filter, and a resolved
 * grievance pushed to the buyer app over the local test network, on the engine the run is on.
 */
const PASSWORD = "ondc-settings-pass-2026";
type Page = Awaited<ReturnType<typeof ondcLoader>>;

let admin: string;
beforeAll(async () => {
  const email = `ondc-settings-${newId(8)}@angle.test`;
  await createUserWithPassword({ name: "ONDC owner", email, password: PASSWORD, role: "admin" });
  admin = await signIn(email, PASSWORD);
  await saveSellerLocation("store", null);
});

const page = () => run<Page>(() => ondcLoader(get("/admin/ondc", admin)));
const setLocation = (fields: Record<string, string>) =>
  run<{ error: string; providerId?: string }>(() => ondcAction(post("/admin/ondc", { intent: "location", ...fields }, admin)));

describe("seller locations on /admin/ondc", () => {
  it("lists the store and each approved vendor shop, each without a location until one is set", async () => {
    const name = `Nashik Seeds ${newId(4)}`;
    const vendor = await createVendor({ businessName: name });
    const banned = await createVendor({ businessName: `Banned Tools ${newId(4)}` });
    await getDb().updateTable("user").set({ banned: true }).where("id", "=", banned.id).execute();
    const shown = (await page()).data;
    expect(shown.sellers[0]).toMatchObject({ providerId: "store", location: null });
    expect(shown.sellers.find((s) => s.providerId === vendor.id)).toMatchObject({ name, location: null });
    expect(shown.sellers.some((s) => s.providerId === banned.id)).toBe(false);
    // The test server has no ONDC settings: no city is served.
    expect(shown.cities).toBeNull();
  });

  it("refuses a bad GPS, a bad city and an unknown seller with a clear message, saving nothing", async () => {
    const badGps = await setLocation({ providerId: "store", gps: "18.52,73.85", city: "std:020" });
    expect(badGps.status).toBe(400);
    expect(badGps.data).toEqual({
      error: "GPS must look like 18.520400,73.856700 (latitude, longitude, six decimals).",
      providerId: "store",
    });
    const badCity = await setLocation({ providerId: "store", gps: "18.520400,73.856700", city: "Pune" });
    expect(badCity.status).toBe(400);
    expect(badCity.data.error).toBe("City must be an STD code like std:020.");
    const customer = await createCustomer();
    const stranger = await setLocation({ providerId: customer.id, gps: "18.520400,73.856700", city: "std:020" });
    expect(stranger.status).toBe(400);
    expect(stranger.data.error).toBe("Choose the store or an approved vendor shop.");
    const op = await setLocation({ providerId: "store", op: "move", gps: "18.520400,73.856700", city: "std:020" });
    expect(op.status).toBe(400);
    expect(await readSellerLocations()).not.toHaveProperty("store");
    expect(await readSellerLocations()).not.toHaveProperty(customer.id);
  });

  it("saves a location, audited, and clears it again; only owners may", async () => {
    const vendor = await createVendor();
    const saved = await setLocation({ providerId: vendor.id, gps: " 19.997500,73.789800 ", city: "std:0253" });
    expect(saved.status).toBe(303);
    expect((await readSellerLocations())[vendor.id]).toEqual({ gps: "19.997500,73.789800", city: "std:0253" });
    expect((await page()).data.sellers.find((s) => s.providerId === vendor.id)?.location).toEqual({
      gps: "19.997500,73.789800",
      city: "std:0253",
    });
    const audits = await getDb()
      .selectFrom("audit_entry")
      .select(["kind", "actor_name"])
      .where("kind", "=", "settings.ondc_locations")
      .execute();
    expect(audits.length).toBeGreaterThanOrEqual(1);
    expect(audits.at(-1)?.actor_name).toBe("ONDC owner");
    const cleared = await setLocation({ providerId: vendor.id, op: "clear" });
    expect(cleared.status).toBe(303);
    expect(await readSellerLocations()).not.toHaveProperty(vendor.id);

    const email = `ondc-user-${newId(8)}@angle.test`;
    await createUserWithPassword({ name: "Shopper", email, password: PASSWORD, role: "user" });
    const shopper = await signIn(email, PASSWORD);
    const refused = await run(() =>
      ondcAction(post("/admin/ondc", { intent: "location", providerId: "store", gps: "18.520400,73.856700", city: "std:020" }, shopper)),
    );
    expect(refused.status).toBe(403);
    expect(await readSellerLocations()).not.toHaveProperty("store");
  });
});

describe("the settlement account and the log on /admin/ondc", () => {
  it("says what the bank-transfer account lacks until init can name it", async () => {
    await savePaymentMethod("bankTransfer", {
      enabled: "on",
      accountName: "Angle Agri Stores",
      accountNumber: "001234567890",
      bankName: "State Bank of India",
      branchName: "",
      ifscCode: "SBIN0001234",
    });
    expect((await page()).data.settlement).toEqual({ complete: false, missing: ["branch"] });
    await savePaymentMethod("bankTransfer", {
      enabled: "on",
      accountName: "Angle Agri Stores",
      accountNumber: "001234567890",
      bankName: "State Bank of India",
      branchName: "Shivajinagar, Pune",
      ifscCode: "SBIN0001234",
    });
    expect((await page()).data.settlement).toEqual({ complete: true, missing: [] });
  });

  it("filters the log by an unsigned signature (the registry's challenge)", async () => {
    const tx = `tx-unsigned-${newId(6)}`;
    for (const signature of ["unsigned", "verified"] as const) {
      await getDb()
        .insertInto("ondc_message")
        .values({
          id: newId(),
          direction: "in",
          action: "on_subscribe",
          transaction_id: tx,
          message_id: null,
          counterparty: "registry",
          signature,
          reason: null,
          http_status: 200,
          ack: null,
          body: "{}",
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    const shown = await run<Page>(() => ondcLoader(get(`/admin/ondc?tx=${tx}&signature=unsigned`, admin)));
    expect(shown.data.filter.signature).toBe("unsigned");
    expect(shown.data.log.total).toBe(1);
    expect(shown.data.log.rows[0]).toMatchObject({ signature: "unsigned", httpStatus: 200 });
    expect(shown.data.log.rows[0]).not.toHaveProperty("body");
  });
});

describe("a resolved grievance over the local network", () => {
  it("is pushed to the buyer app as an unasked on_issue_status; a failed push keeps the resolution", async () => {
    const network = await startOndcTestNetwork({ city: "std:020" });
    const store = await startOndcStore(network);
    const general = await readSetting("general");
    try {
      // The respondent's contact on the callback: the store's support phone, as the admin types it.
      await saveSetting("general", {
        ...JSON.parse(general ?? "{}"),
        supportPhone: "+91 20 4000 1234",
        supportEmail: "madad@angle.example",
      });
      store.admit();
      await saveOndcSwitch({ enabled: true });
      expect((await page()).data.cities).toEqual(["std:020"]);
      const customer = await createCustomer();
      const product = await createProduct();
      const { id: orderId } = await createOrder(customer.id, [product.id], "confirmed");
      const transactionId = `tx-${newId(10)}`;
      const now = new Date().toISOString();
      await getDb()
        .insertInto("ondc_order")
        .values({
          id: newId(),
          bap_id: network.buyer.subscriberId,
          bap_uri: network.buyer.uri,
          transaction_id: transactionId,
          provider_id: "store",
          state: "confirmed",
          order_id: orderId,
          payment_type: "ON-FULFILLMENT",
          payment_collected_by: "BPP",
          payment_status: "NOT-PAID",
          settlement: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const seller = { id: store.subscriberId, uri: store.uri };
      const issueId = `issue-${newId(8)}`;
      await network.buyer.issue(seller, transactionId, {
        issue: {
          id: issueId,
          category: "ITEM",
          sub_category: "ITM02",
          order_details: { id: orderId, provider_id: "store" },
          description: { short_desc: "Quantity short", long_desc: "Got 2 bags of urea, ordered 3." },
          status: "OPEN",
          created_at: now,
        },
      });
      const row = await getDb().selectFrom("ondc_issue").select("id").where("issue_id", "=", issueId).executeTakeFirstOrThrow();
      const pushed = network.buyer.waitFor(
        (c) =>
          c.context.action === "on_issue_status" &&
          c.context.transaction_id === transactionId &&
          (c.message as { issue?: { resolution?: unknown } }).issue?.resolution !== undefined,
      );
      const done = await run(() =>
        ondcAction(post("/admin/ondc", { intent: "resolve", id: row.id, action: "REPLACEMENT", note: "Sent the missing bag." }, admin)),
      );
      expect(done.status).toBe(303);
      const callback = await pushed;
      expect((callback.message as { issue: Record<string, unknown> }).issue).toMatchObject({
        issue_actions: {
          respondent_actions: expect.arrayContaining([
            expect.objectContaining({ updated_by: expect.objectContaining({ contact: expect.objectContaining({ phone: "2040001234" }) }) }),
          ]),
        },
        id: issueId,
        resolution: expect.objectContaining({ long_desc: "Sent the missing bag.", action_triggered: "REPLACEMENT" }),
      });
      expect(network.buyer.invalid()).toEqual([]);

      // The buyer app goes away: the next resolution is still stored, and the failed tries are logged.
      const second = `issue-${newId(8)}`;
      await network.buyer.issue(seller, transactionId, {
        issue: {
          id: second,
          category: "ITEM",
          sub_category: "ITM01",
          order_details: { id: orderId, provider_id: "store" },
          description: { short_desc: "Missing item", long_desc: "One packet of seed missing." },
          status: "OPEN",
          created_at: new Date().toISOString(),
        },
      });
      const secondRow = await getDb().selectFrom("ondc_issue").select("id").where("issue_id", "=", second).executeTakeFirstOrThrow();
      await getDb()
        .updateTable("ondc_order")
        .set({ bap_uri: "http://127.0.0.1:9/gone" })
        .where("transaction_id", "=", transactionId)
        .execute();
      const failed = await run(() =>
        ondcAction(post("/admin/ondc", { intent: "resolve", id: secondRow.id, action: "NO-ACTION", note: "Refunded by hand." }, admin)),
      );
      expect(failed.status).toBe(303);
      const stored = await getDb()
        .selectFrom("ondc_issue")
        .select(["status", "resolution"])
        .where("id", "=", secondRow.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ status: "RESOLVED", resolution: "Refunded by hand." });
      await waitForOndcCallbacks();
      const tries = await getDb()
        .selectFrom("ondc_message")
        .select(["http_status", "reason"])
        .where("direction", "=", "out")
        .where("action", "=", "on_issue_status")
        .where("transaction_id", "=", transactionId)
        .where("http_status", "is", null)
        .execute();
      expect(tries).toHaveLength(3);
    } finally {
      if (general === undefined) await getDb().deleteFrom("setting").where("key", "=", "general").execute();
      else await saveSetting("general", JSON.parse(general));
      await saveOndcSwitch({ enabled: false });
      await store.stop();
      await network.stop();
    }
  }, 60_000);
});

import { afterEach, describe, expect, it, vi } from "vitest";
import {
  checkoutInput,
  createCustomer,
  createVendor as createVendorUser,
  restoreEnv,
  setEnv,
  productInput,
  versionOf,
} from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { defined } from "~/platform/defined";
import { placeOrder } from "../../orders/server/place-order.server";
import { listPendingListings, reviewListing } from "./approve-listings.server";
import { createVendorProduct, getVendorProduct, ListingRefused, updateVendorProduct } from "./vendor-products.server";

const raw = { name: "Bamboo Rake", description: "Light rake.", category: "tools" as const, price: 45_000, stock: 10 };
const TOO_FAST = /^You have added many listings in a short time\. Please wait \d+ (seconds?|minutes?) and try again\.$/;

afterEach(() => {
  restoreEnv();
  vi.useRealTimers();
});

/** A vendor's id, as the services take it. */
const createVendor = async () => (await createVendorUser()).id;
/** The version the admin's review queue shows for a listing. */
const pendingVersionOf = async (id: string) => (await listPendingListings()).rows.find((p) => p.id === id)?.version ?? -1;
const refusal = (error: unknown) => (error instanceof ListingRefused ? { status: error.status, message: error.message } : error);

describe("a vendor's pending listings", () => {
  it("are bounded by LISTING_MAX_PENDING, edits that send a listing back to the queue included", async () => {
    setEnv({ LISTING_MAX_PENDING: "3", RATE_LIMIT_LISTING_MAX: "100" });
    const vendor = await createVendor();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await createVendorProduct(vendor, productInput({ ...raw, name: `Rake ${i}` }))).id);
    const first = defined(ids[0], "the first listing's id");
    const full = {
      status: 409,
      message: "You have 3 listings waiting for approval. Please wait for our team to review them before adding or editing more.",
    };
    await expect(createVendorProduct(vendor, productInput({ ...raw, name: "Rake 4" })).catch(refusal)).resolves.toEqual(full);

    // Approving one makes room; editing a pending listing keeps the count; editing the live one would raise it.
    expect(await reviewListing(first, "approve", { version: await versionOf(first) })).toBe("live");
    const { id: fourth } = await createVendorProduct(vendor, productInput({ ...raw, name: "Rake 4" }));
    expect(await updateVendorProduct(vendor, fourth, productInput({ ...raw, name: "Rake 4b" }), { version: await versionOf(fourth) })).toBe(
      true,
    );
    await expect(
      updateVendorProduct(vendor, first, productInput({ ...raw, name: "Rake 0b" }), { version: await versionOf(first) }).catch(refusal),
    ).resolves.toEqual(full);
    expect((await getVendorProduct(vendor, first))?.status).toBe("live");

    // Another vendor has a queue of their own.
    expect((await createVendorProduct(await createVendor(), productInput(raw))).id).toBeTruthy();
  });

  it("lets only one of several simultaneous new listings through at the bound", async () => {
    setEnv({ LISTING_MAX_PENDING: "3", RATE_LIMIT_LISTING_MAX: "100" });
    const vendor = await createVendor();
    for (let i = 0; i < 2; i++) await createVendorProduct(vendor, productInput({ ...raw, name: `Hoe ${i}` }));
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => createVendorProduct(vendor, productInput({ ...raw, name: `Rush ${i}` }))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const pending = await getDb()
      .selectFrom("product")
      .select("id")
      .where("vendor_id", "=", vendor)
      .where("status", "=", "pending")
      .execute();
    expect(pending).toHaveLength(3);
  });

  it("default to 50 waiting", async () => {
    setEnv({ RATE_LIMIT_LISTING_MAX: "100" });
    const vendor = await createVendor();
    for (let i = 0; i < 50; i++) await createVendorProduct(vendor, productInput({ ...raw, name: `Seed ${i}` }));
    await expect(createVendorProduct(vendor, productInput(raw))).rejects.toThrow("You have 50 listings waiting for approval.");
  });
});

describe("listing creation", () => {
  it("is rate-limited per vendor (RATE_LIMIT_LISTING_MAX in 10 minutes)", async () => {
    setEnv({ RATE_LIMIT_LISTING_MAX: "2" });
    const vendor = await createVendor();
    await createVendorProduct(vendor, productInput(raw));
    await createVendorProduct(vendor, productInput(raw));
    const error = await createVendorProduct(vendor, productInput(raw)).catch(refusal);
    expect(error).toMatchObject({ status: 429, message: expect.stringMatching(TOO_FAST) });
    expect((await createVendorProduct(await createVendor(), productInput(raw))).id).toBeTruthy();
  });
});

describe("version locks on listings, two writes in one millisecond", () => {
  it("refuses a vendor's edit from a form older than a sale", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-11-22T10:00:00.000Z"));
    const vendor = await createVendor();
    const { id } = await createVendorProduct(vendor, productInput(raw));
    expect(await reviewListing(id, "approve", { version: await versionOf(id) })).toBe("live");
    const seen = await versionOf(id);
    await placeOrder(await createCustomer(), checkoutInput([{ productId: id, quantity: 4 }]));
    expect(await updateVendorProduct(vendor, id, productInput({ ...raw, name: "Renamed" }), { version: seen })).toBe(false);
    expect(await getVendorProduct(vendor, id)).toMatchObject({ name: "Bamboo Rake", stock: 6, status: "live" });
    const fresh = await versionOf(id);
    expect(await updateVendorProduct(vendor, id, productInput({ ...raw, stock: 6, name: "Renamed" }), { version: fresh })).toBe(true);
  });

  it("does not approve a listing the vendor changed after the admin looked at it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-11-22T10:00:00.000Z"));
    const vendor = await createVendor();
    const { id } = await createVendorProduct(vendor, productInput(raw));
    const seen = await pendingVersionOf(id);
    expect(await updateVendorProduct(vendor, id, productInput({ ...raw, price: 4_500_000 }), { version: await versionOf(id) })).toBe(true);
    expect(await reviewListing(id, "approve", { version: seen })).toBeNull();
    const now = await pendingVersionOf(id);
    expect(now).toBe(seen + 1);
    expect(await reviewListing(id, "approve", { version: now })).toBe("live");
  });
});

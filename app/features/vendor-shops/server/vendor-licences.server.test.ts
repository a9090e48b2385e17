import { describe, expect, it } from "vitest";
import {
  checkoutInput,
  createCustomer,
  createLicence,
  createProduct,
  createVendor,
  productInput,
  versionOf,
} from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { parseCatalogQuery } from "~/features/catalog/domain/catalog-query";
import { addDays, indiaToday } from "~/platform/core/india-day";
import { type LicenceInput, licenceFormSchema, type LicenceKind } from "~/features/vendor-shops/domain/licences";
import { findProducts } from "../../catalog/server/find-products.server";
import { getProduct } from "../../catalog/server/get-product.server";
import { quoteCart } from "../../catalog/server/quote-cart.server";
import { updateProduct } from "../../catalog/server/save-product.server";
import { placeOrder } from "../../orders/server/place-order.server";
import { createUserWithPassword } from "../../accounts/server/create-user.server";
import { setUserSuspended } from "../../accounts/server/manage-users.server";
import { ListingNeedsLicence, listPendingListings, listVendors, reviewListing } from "./approve-listings.server";
import { sweepUnlicensedListings } from "./licensed-listings.server";
import { createScheduler } from "~/platform/scheduler.server";
import { licenceSweepJob, nextSweepDelay } from "./licence-sweeper.server";
import { getVendorLicences } from "./list-licences.server";
import { saveLicence } from "./save-licence.server";
import { getVendorProduct, createVendorProduct } from "./vendor-products.server";
import { LICENCE_CHANGED, LicenceRefused, revokeLicence, verifyLicence } from "./verify-licence.server";
import { issueText } from "~/platform/i18n/render-refusal.server";

const today = () => indiaToday();
const neemOil = (name = "Neem Oil 1500 ppm 1 L") =>
  productInput({ name, category: "fertilizers", regulatedAs: "pesticide", price: 45_000, stock: 20 });
const licence = (kind: LicenceKind, fields: Partial<LicenceInput> = {}): LicenceInput => ({
  kind,
  number: "MH/NSK/INS/2024/118",
  expiresOn: addDays(today(), 365),
  authority: null,
  state: null,
  states: kind === "fertiliser" ? ["Maharashtra"] : [],
  ...fields,
});
const statusOf = async (id: string) =>
  (await getDb().selectFrom("product").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const licenceVersion = async (vendorId: string, kind: LicenceKind) =>
  (await getVendorLicences(vendorId, today())).find((l) => l.kind === kind)?.licence?.version ?? -1;
const refusal = (error: unknown) =>
  error instanceof ListingNeedsLicence || error instanceof LicenceRefused ? { status: error.status, message: error.message } : error;

let admin: { id: string } | undefined;
async function adminId() {
  admin ??= await createUserWithPassword({ name: "Admin", email: "licence-admin@angle.in", password: "admin-pass-1", role: "admin" });
  return admin.id;
}

/** A vendor with a pesticide listing waiting for approval. */
async function pesticideListing(name?: string) {
  const vendor = await createVendor();
  const { id } = await createVendorProduct(vendor.id, neemOil(name));
  return { vendorId: vendor.id, id };
}

/** A vendor whose pesticide listing is on sale: licence entered, verified, listing approved. */
async function livePesticide(name?: string, expiresOn?: string) {
  const listing = await pesticideListing(name);
  await saveLicence(listing.vendorId, licence("pesticide", expiresOn ? { expiresOn } : {}));
  await verifyLicence(await adminId(), { vendorId: listing.vendorId, kind: "pesticide", version: 1 });
  expect(await reviewListing(listing.id, "approve", { version: await versionOf(listing.id) })).toBe("live");
  return listing;
}

describe("approving a vendor's regulated listing", () => {
  it("is refused until the matching licence is verified, and says which", async () => {
    const { vendorId, id } = await pesticideListing();
    const approve = async () => reviewListing(id, "approve", { version: await versionOf(id) }).catch(refusal);
    expect(await approve()).toEqual({
      status: 409,
      message: "Verify the vendor's insecticide selling licence before approving this listing. The vendor has not entered one yet.",
    });
    expect((await listPendingListings()).rows.find((p) => p.id === id)?.licenceBlock).toBe(
      "Verify the vendor's insecticide selling licence before approving this listing. The vendor has not entered one yet.",
    );

    // A verified licence of another kind does not count; an entered but unverified one neither.
    await createLicence(vendorId, "fertiliser");
    expect(await saveLicence(vendorId, licence("pesticide"))).toBe("added");
    expect(await approve()).toEqual({
      status: 409,
      message: "Verify the vendor's insecticide selling licence before approving this listing.",
    });
    expect(await statusOf(id)).toBe("pending");
    expect(await getProduct(id)).toBeNull();

    // Rejecting needs no licence.
    const other = await createVendorProduct(vendorId, neemOil("Chlorpyrifos 20% EC 500 ml"));
    expect(await reviewListing(other.id, "reject", { version: await versionOf(other.id), reason: "No label photo" })).toBe("rejected");

    expect(
      await verifyLicence(await adminId(), { vendorId, kind: "pesticide", version: await licenceVersion(vendorId, "pesticide") }),
    ).toBe(0);
    expect((await listPendingListings()).rows.find((p) => p.id === id)?.licenceBlock).toBeNull();
    expect(await approve()).toBe("live");
    expect((await getProduct(id))?.name).toBe("Neem Oil 1500 ppm 1 L");
  });

  it("lets the store's own regulated products and a vendor's unregulated ones through without a licence", async () => {
    const store = await createProduct({ name: "Store Neem Oil", category: "fertilizers", regulatedAs: "pesticide" });
    expect((await getProduct(store.id))?.name).toBe("Store Neem Oil");
    expect((await placeOrder(await createCustomer(), checkoutInput([{ productId: store.id, quantity: 1 }]))).created).toBe(true);
    const vendor = await createVendor();
    const rake = await createVendorProduct(vendor.id, productInput({ name: "Rake", category: "tools", price: 30_000, stock: 3 }));
    expect(await reviewListing(rake.id, "approve", { version: await versionOf(rake.id) })).toBe("live");
  });

  it("refuses a licence that expired yesterday in India, and takes one that expires today", async () => {
    const { vendorId, id } = await pesticideListing();
    await createLicence(vendorId, "pesticide", { expiresOn: addDays(today(), -1) });
    await expect(reviewListing(id, "approve", { version: await versionOf(id) }).catch(refusal)).resolves.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^The vendor's insecticide selling licence expired on /),
    });
    await getDb().updateTable("vendor_licence").set({ expires_on: today() }).where("vendor_id", "=", vendorId).execute();
    expect(await reviewListing(id, "approve", { version: await versionOf(id) })).toBe("live");
  });

  it("never leaves a listing on sale without a verified licence when approval and revocation race", async () => {
    for (let round = 0; round < 4; round++) {
      const { vendorId, id } = await pesticideListing(`Race Neem ${round}`);
      await createLicence(vendorId, "pesticide");
      const version = await versionOf(id);
      const [approved, revoked] = await Promise.allSettled([
        reviewListing(id, "approve", { version }),
        revokeLicence({ vendorId, kind: "pesticide" }),
      ]);
      expect(revoked).toMatchObject({ status: "fulfilled" });
      // Either the approval came first (and the revocation took the listing off sale) or it was refused.
      if (approved.status === "fulfilled") expect(await statusOf(id)).toBe("unlicensed");
      else {
        expect(approved.reason).toBeInstanceOf(ListingNeedsLicence);
        expect(await statusOf(id)).toBe("pending");
      }
    }
  });
});

describe("a vendor's licences", () => {
  it("are entered per kind; changing a verified one needs verifying again and takes its listings off sale meanwhile", async () => {
    const { vendorId, id } = await livePesticide();
    expect(await saveLicence(vendorId, licence("pesticide"))).toBe("unchanged");
    expect(await statusOf(id)).toBe("live");

    expect(await saveLicence(vendorId, licence("pesticide", { number: "MH/NSK/INS/2024/119" }))).toBe("reverify");
    expect((await getVendorLicences(vendorId, today())).find((l) => l.kind === "pesticide")?.status).toBe("awaiting");
    expect(await statusOf(id)).toBe("unlicensed");
    expect(await getProduct(id)).toBeNull();
    expect((await getVendorProduct(vendorId, id))?.status).toBe("unlicensed");

    // The admin's page was drawn before the change: that verification is refused.
    await expect(verifyLicence(await adminId(), { vendorId, kind: "pesticide", version: 1 }).catch(refusal)).resolves.toEqual({
      status: 409,
      message: LICENCE_CHANGED,
    });
    expect(await statusOf(id)).toBe("unlicensed");
    expect(
      await verifyLicence(await adminId(), { vendorId, kind: "pesticide", version: await licenceVersion(vendorId, "pesticide") }),
    ).toBe(1);
    expect(await statusOf(id)).toBe("live");

    // An unverified licence changed stays awaiting; other kinds are untouched.
    expect(await saveLicence(vendorId, licence("seed"))).toBe("added");
    expect(await saveLicence(vendorId, licence("seed", { expiresOn: addDays(today(), 30), state: "Maharashtra" }))).toBe("updated");
    expect(await statusOf(id)).toBe("live");
    const views = await getVendorLicences(vendorId, today());
    expect(views.map((v) => [v.kind, v.status])).toEqual([
      ["seed", "awaiting"],
      ["fertiliser", "missing"],
      ["pesticide", "verified"],
    ]);
    expect(views[0]?.licence).toMatchObject({ version: 2, state: "Maharashtra", verifiedAt: null });
  });

  it("cannot be verified once expired, and a revocation takes the listings off sale", async () => {
    const { vendorId, id } = await livePesticide("Neem Oil Revoked");
    const afterExpiry = new Date(Date.now() + 366 * 24 * 3600_000);
    await expect(
      verifyLicence(await adminId(), { vendorId, kind: "pesticide", version: 1 }, afterExpiry).catch(refusal),
    ).resolves.toMatchObject({ status: 409, message: expect.stringMatching(/has expired, so it cannot be verified/) });
    await expect(
      verifyLicence(await adminId(), { vendorId: "no\u0000such", kind: "seed", version: 1 }).catch(refusal),
    ).resolves.toMatchObject({
      status: 404,
    });

    expect(await revokeLicence({ vendorId, kind: "pesticide" })).toBe(1);
    expect(await statusOf(id)).toBe("unlicensed");
    expect(await revokeLicence({ vendorId, kind: "pesticide" })).toBeNull();
    const row = (await listVendors()).rows.find((v) => v.id === vendorId);
    expect(row?.licences.find((l) => l.kind === "pesticide")?.status).toBe("awaiting");
    expect(row?.live).toBe(0);
  });

  it("follow an admin's edit that makes a vendor's fertiliser a pesticide", async () => {
    const vendor = await createVendor();
    await createLicence(vendor.id, "fertiliser");
    const input = productInput({ name: "Bio Neem Mix", category: "fertilizers", price: 20_000, stock: 5 });
    const { id } = await createVendorProduct(vendor.id, input);
    expect(await reviewListing(id, "approve", { version: await versionOf(id) })).toBe("live");
    expect(await updateProduct(id, { ...input, regulatedAs: "pesticide" }, { version: await versionOf(id) })).toBe("updated");
    expect(await statusOf(id)).toBe("unlicensed");
    expect(await updateProduct(id, input, { version: await versionOf(id) })).toBe("updated");
    expect(await statusOf(id)).toBe("live");
  });

  it("keep a lapsed listing off sale when its suspended vendor is reactivated", async () => {
    const { vendorId, id } = await livePesticide("Neem Oil Suspended");
    const adminUser = await adminId();
    await setUserSuspended(adminUser, vendorId, true);
    expect(await statusOf(id)).toBe("suspended");
    // Verified again while suspended: nothing goes on sale until the account is active.
    expect(await revokeLicence({ vendorId, kind: "pesticide" })).toBe(0);
    await setUserSuspended(adminUser, vendorId, false);
    expect(await statusOf(id)).toBe("unlicensed");
    await setUserSuspended(adminUser, vendorId, true);
    expect(await verifyLicence(adminUser, { vendorId, kind: "pesticide", version: 1 })).toBe(0);
    expect(await statusOf(id)).toBe("unlicensed");
    await setUserSuspended(adminUser, vendorId, false);
    expect(await statusOf(id)).toBe("live");
  });
});

describe("a licence that expires", () => {
  it("takes its listings off sale at midnight in India: checkout, cart and page at once, the catalogue by the sweep", async () => {
    const expiry = addDays(today(), 10);
    const { vendorId, id } = await livePesticide("Zebra Neem Oil", expiry);
    const search = async () => (await findProducts(parseCatalogQuery(new URLSearchParams("q=Zebra Neem")))).products.map((p) => p.id);
    // (A sweep "in the future" may take other tests' listings off sale: only this one is looked at.)
    await sweepUnlicensedListings(new Date(`${expiry}T23:59:59.999+05:30`));
    expect(await statusOf(id)).toBe("live");
    expect(await search()).toEqual([id]);

    // The day passes (here: the licence's last day is moved to yesterday). Before any sweep, the
    // catalogue still lists it, but nothing sells it.
    await getDb()
      .updateTable("vendor_licence")
      .set({ expires_on: addDays(today(), -1) })
      .where("vendor_id", "=", vendorId)
      .execute();
    const customer = await createCustomer();
    await expect(placeOrder(customer, checkoutInput([{ productId: id, quantity: 1 }]))).rejects.toThrow(
      "Zebra Neem Oil is no longer available.",
    );
    expect(await quoteCart([{ productId: id }])).toEqual([]);
    expect(await getProduct(id)).toBeNull();
    expect(await search()).toEqual([id]);

    expect(await sweepUnlicensedListings(new Date())).toBe(1);
    expect(await statusOf(id)).toBe("unlicensed");
    expect(await search()).toEqual([]);
    expect(await sweepUnlicensedListings(new Date())).toBe(0);
    // The trigger-kept counts followed.
    const counted = await getDb()
      .selectFrom("product_count")
      .select("n")
      .where("status", "=", "live")
      .where("category", "=", "fertilizers")
      .executeTakeFirst();
    const live = await getDb()
      .selectFrom("product")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "live")
      .where("category", "=", "fertilizers")
      .executeTakeFirstOrThrow();
    expect(Number(counted?.n ?? 0)).toBe(Number(live.n));

    // Renewed: entering it is not enough; verified, the listing is back and sells.
    expect(await saveLicence(vendorId, licence("pesticide", { expiresOn: addDays(today(), 700) }))).toBe("reverify");
    expect(await statusOf(id)).toBe("unlicensed");
    expect(
      await verifyLicence(await adminId(), { vendorId, kind: "pesticide", version: await licenceVersion(vendorId, "pesticide") }),
    ).toBe(1);
    expect(await search()).toEqual([id]);
    expect((await quoteCart([{ productId: id }])).map((q) => q.productId)).toEqual([id]);
    expect((await placeOrder(customer, checkoutInput([{ productId: id, quantity: 1 }]))).created).toBe(true);
  });

  it("is swept exactly at the boundary: the last second of its day keeps it, midnight takes it", async () => {
    const expiry = addDays(today(), 20);
    const { id } = await livePesticide("Boundary Neem Oil", expiry);
    await sweepUnlicensedListings(new Date(`${expiry}T18:29:59.999Z`));
    expect(await statusOf(id)).toBe("live");
    expect(await sweepUnlicensedListings(new Date(`${expiry}T18:30:00.000Z`))).toBeGreaterThanOrEqual(1);
    expect(await statusOf(id)).toBe("unlicensed");
  });

  it("cannot be entered already expired", () => {
    const result = licenceFormSchema(today()).safeParse({ kind: "seed", number: "SDL-1234", expiresOn: addDays(today(), -1) });
    expect(result.error?.issues[0] && issueText(result.error.issues[0], "en")).toMatch(
      /^This licence expired on .+\. Enter your renewed licence's number and expiry date\.$/,
    );
    expect(licenceFormSchema(today()).safeParse({ kind: "seed", number: "SDL-1234", expiresOn: today() }).success).toBe(true);
  });

  it("is swept by the server's sweeper: at start, then a second past each midnight in India or hourly", async () => {
    const HOUR = 3600_000;
    expect(nextSweepDelay(new Date("2026-03-31T18:29:00.000Z"), HOUR)).toBe(61_000);
    expect(nextSweepDelay(new Date("2026-03-31T18:30:00.000Z"), HOUR)).toBe(HOUR);
    expect(nextSweepDelay(new Date("2026-03-31T12:00:00.000Z"), HOUR)).toBe(HOUR);

    const { vendorId, id } = await livePesticide("Sweeper Neem Oil");
    await getDb()
      .updateTable("vendor_licence")
      .set({ expires_on: addDays(today(), -1) })
      .where("vendor_id", "=", vendorId)
      .execute();
    const scheduler = createScheduler();
    scheduler.add(licenceSweepJob());
    try {
      await expect.poll(() => statusOf(id), { timeout: 5000 }).toBe("unlicensed");
    } finally {
      await scheduler.stop();
    }
  });
});

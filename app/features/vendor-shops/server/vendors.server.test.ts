import { describe, expect, it } from "vitest";
import {
  checkoutInput,
  createCustomer,
  createLicence,
  createProduct as makeProduct,
  productInput,
  versionOf,
} from "../../../../tests/factories";
import { type VendorRegisterInput, VendorRegisterSchema } from "~/features/vendor-shops/domain/vendor";
import { defined } from "~/platform/defined";
import { confirmAndSignIn } from "../../../../tests/account-links";
import { gstinCheckChar } from "~/features/tax/domain/gstin";
import { findProducts } from "../../catalog/server/find-products.server";
import { getProduct } from "../../catalog/server/get-product.server";
import { parseCatalogQuery } from "~/features/catalog/domain/catalog-query";
import { placeOrder } from "../../orders/server/place-order.server";
import { reviewListing, listPendingListings } from "./approve-listings.server";
import { registerVendor } from "./register-vendor.server";
import { countVendorStats, listVendorOrderLines, vendorSalesByMonth } from "./vendor-orders.server";
import { createVendorProduct, getVendorProduct, listVendorProducts, updateVendorProduct } from "./vendor-products.server";
import { VendorRefused } from "./vendor-profile.server";
import { sql } from "kysely";
import { getDb } from "~/platform/db/db.server";
import { getHomeCatalog } from "../../catalog/server/get-home-catalog.server";
import { quoteCart } from "../../catalog/server/quote-cart.server";
import { hitRateLimit, LIMITS } from "../../../platform/rate-limit/rate-limit.server";
import { createUserWithPassword } from "../../accounts/server/create-user.server";
import { setUserSuspended } from "../../accounts/server/manage-users.server";
import { issueText } from "~/platform/i18n/render-refusal.server";

const meta = () => ({ ip: `10.5.0.${Math.floor(Math.random() * 200)}`, headers: new Headers({ origin: "http://localhost:3999" }) });
const form = (overrides: Record<string, string> = {}) => ({
  businessName: "Kisan Agro Tools",
  email: `seller-${Math.random().toString(36).slice(2)}@example.in`,
  password: "seller-pass-1",
  phone: "+91 91234 56789",
  gstNumber: "27AAPFU0939F1ZV",
  street: "Plot 4, MIDC",
  city: "Nashik",
  state: "Maharashtra",
  pincode: "422007",
  ...overrides,
});
/** A well-formed GSTIN from its first 14 characters. */
const gstin = (first14: string) => first14 + gstinCheckChar(first14);
/** Registers a vendor whose email is new: its account's id. */
const newVendor = async (input: VendorRegisterInput, m = meta()) => ({ userId: defined(await registerVendor(input, m), "a new vendor") });
const raw = { name: "Bamboo Rake", description: "Light rake.", category: "tools" as const, price: 45_000, stock: 10 };

describe("vendors", () => {
  it("registers with a valid GSTIN (lower case normalised) and refuses a second vendor with the same GSTIN", async () => {
    const input = VendorRegisterSchema.parse(form({ gstNumber: "27aapfu0939f1zv" }));
    expect(input.gstNumber).toBe("27AAPFU0939F1ZV");
    const id = defined(await registerVendor(input, meta()), "the new vendor");
    expect((await getDb().selectFrom("user").select("role").where("id", "=", id).executeTakeFirstOrThrow()).role).toBe("vendor");
    await expect(registerVendor(VendorRegisterSchema.parse(form()), meta())).rejects.toBeInstanceOf(VendorRefused);
  });

  it("refuses malformed GSTINs with a clear message", () => {
    for (const [gst, message] of [
      ["27AAPFU0939F1Z", /15 characters/],
      ["27AAPFU0939F1ZW", /check digit/],
    ] as const) {
      const result = VendorRegisterSchema.safeParse(form({ gstNumber: gst }));
      expect(result.success).toBe(false);
      const issue = result.error?.issues.find((i) => i.path[0] === "gstNumber");
      expect(issue && issueText(issue, "en")).toMatch(message);
    }
  });

  it("keeps each vendor to their own listings, and approval gates the storefront", async () => {
    const a = await newVendor(
      VendorRegisterSchema.parse(form({ gstNumber: "29AAGCB7383J1Z4", businessName: "A Seeds", state: "Karnataka" })),
      meta(),
    );
    const b = await newVendor(
      VendorRegisterSchema.parse(form({ gstNumber: gstin("07AAACH7409R1Z"), businessName: "B Tools", state: "Delhi" })),
      meta(),
    );
    const { id } = await createVendorProduct(a.userId, productInput({ ...raw, name: "A Rake" }));
    expect(await getVendorProduct(b.userId, id)).toBeNull();
    expect(await updateVendorProduct(b.userId, id, productInput({ ...raw, name: "Hijacked" }), { version: await versionOf(id) })).toBe(
      false,
    );
    const store = await makeProduct();
    expect(await getVendorProduct(a.userId, store.id)).toBeNull();
    expect(await updateVendorProduct(a.userId, store.id, productInput(raw), { version: await versionOf(store.id) })).toBe(false);
    expect((await listVendorProducts(b.userId)).rows.map((p) => p.id)).not.toContain(id);

    expect(await getProduct(id)).toBeNull();
    expect((await findProducts(parseCatalogQuery(new URLSearchParams("q=A Rake")))).matching).toBe(0);
    expect((await listPendingListings()).rows.map((p) => p.id)).toContain(id);
    expect(await reviewListing(id, "approve", { version: await versionOf(id) })).toBe("live");
    expect((await getProduct(id))?.name).toBe("A Rake");

    // An edit goes back for approval and leaves the store until approved.
    await updateVendorProduct(a.userId, id, productInput({ ...raw, name: "A Rake v2" }), { version: await versionOf(id) });
    expect(await getProduct(id)).toBeNull();
    await reviewListing(id, "reject", { version: await versionOf(id), reason: "Photo is blurry" });
    expect((await getVendorProduct(a.userId, id))?.rejectReason).toBe("Photo is blurry");
  });

  it("shows a vendor only their own order lines and sales", async () => {
    const a = await newVendor(
      VendorRegisterSchema.parse(form({ gstNumber: gstin("24AAACC1206D1Z"), businessName: "A2", state: "Gujarat" })),
      meta(),
    );
    const b = await newVendor(
      VendorRegisterSchema.parse(form({ gstNumber: gstin("33AABCT3518Q1Z"), businessName: "B2", state: "Tamil Nadu" })),
      meta(),
    );
    const pa = await createVendorProduct(a.userId, productInput({ ...raw, name: "A Sprayer", price: 120_000 }));
    const pb = await createVendorProduct(b.userId, productInput({ ...raw, name: "B Hoe", price: 30_000 }));
    await reviewListing(pa.id, "approve", { version: await versionOf(pa.id) });
    await reviewListing(pb.id, "approve", { version: await versionOf(pb.id) });
    const customer = await createCustomer();
    const { orderId } = await placeOrder(
      customer,
      checkoutInput([
        { productId: pa.id, quantity: 2 },
        { productId: pb.id, quantity: 1 },
      ]),
    );
    // Sales count money received (issue 15): nothing until the order is paid.
    expect(await vendorSalesByMonth(a.userId)).toEqual([]);
    await markPaid(orderId);
    const aOrders = (await listVendorOrderLines(a.userId)).rows;
    expect(aOrders).toHaveLength(1);
    expect(aOrders[0]?.lines.map((l) => l.name)).toEqual(["A Sprayer"]);
    expect(JSON.stringify(aOrders)).not.toContain("B Hoe");
    expect(aOrders[0]).not.toHaveProperty("total");
    expect(await countVendorStats(a.userId)).toEqual({ products: 1, orders: 1 });
    const sales = await vendorSalesByMonth(a.userId);
    expect(sales.reduce((s, m) => s + m.revenue, 0)).toBe(240_000);
    expect(sales.reduce((s, m) => s + m.units, 0)).toBe(2);
    // One sprayer returned with a refund comes off the vendor's figure.
    const line = await getDb()
      .selectFrom("order_line")
      .select(["id", "vendor_id"])
      .where("order_id", "=", orderId)
      .where("vendor_id", "=", a.userId)
      .executeTakeFirstOrThrow();
    await getDb()
      .insertInto("return_request")
      .values({
        id: `ret${orderId}`.slice(0, 16),
        order_id: orderId,
        order_line_id: line.id,
        vendor_id: line.vendor_id,
        quantity: 1,
        reason: "Nozzle cracked",
        amount_paise: 141_600,
        status: "approved",
        decided_by: null,
        decided_at: null,
        decision_note: null,
        refund_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const net = await vendorSalesByMonth(a.userId);
    expect([net.reduce((s, m) => s + m.revenue, 0), net.reduce((s, m) => s + m.units, 0)]).toEqual([120_000, 1]);
  });
});

/** The order's money received in full, as a gateway or an admin records it. */
async function markPaid(orderId: string) {
  await getDb()
    .updateTable("orders")
    .set((eb) => ({ payment_status: "paid", paid_paise: eb.ref("total_paise") }))
    .where("id", "=", orderId)
    .execute();
}

describe("vendor registration refusals", () => {
  it("refuses a GSTIN from another State with a clear message", () => {
    const result = VendorRegisterSchema.safeParse(form({ gstNumber: "29AAGCB7383J1Z4", state: "Maharashtra" }));
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === "gstNumber");
    expect(issue && issueText(issue, "en")).toBe(
      "This GSTIN starts with 29 (Karnataka), but your address is in Maharashtra, whose GST code is 27. Please check the GSTIN or the State.",
    );
  });

  it("over the registration limit writes nothing, and the same details then register from elsewhere", async () => {
    const ip = "10.66.0.1";
    for (let i = 0; i < LIMITS.register.max; i++) await hitRateLimit(`vendor-register:ip:${ip}`, LIMITS.register);
    const details = form({ gstNumber: gstin("32AAACK1234L1Z"), state: "Kerala" });
    const input = VendorRegisterSchema.parse(details);
    await expect(registerVendor(input, { ...meta(), ip })).rejects.toThrow(/Too many attempts/);
    expect(await getDb().selectFrom("user").select("id").where("email", "=", details.email).executeTakeFirst()).toBeUndefined();
    expect(
      await getDb().selectFrom("vendor").select("user_id").where("gst_number", "=", input.gstNumber).executeTakeFirst(),
    ).toBeUndefined();
    expect(await registerVendor(input, meta())).not.toBeNull();
  });

  it("failed sign-ins from the address do not leave a registration half-done", async () => {
    const ip = "10.66.0.2";
    for (let i = 0; i < LIMITS.signInPerAddress.max; i++) await hitRateLimit(`signin:ip:${ip}`, LIMITS.signInPerAddress);
    const details = form({ gstNumber: gstin("19AAACW5678M1Z"), state: "West Bengal" });
    expect(await registerVendor(VendorRegisterSchema.parse(details), { ...meta(), ip })).not.toBeNull();
    // The emailed link (with the password, from another address) signs the vendor in.
    expect((await confirmAndSignIn(details.email, details.password)).get("set-cookie")).toMatch(/angle\.session_token=/);
  });
});

describe("a suspended vendor's listings", () => {
  it("go off sale at once (list, counts, page, cart quote, checkout) and come back on reactivation", async () => {
    const admin = await createUserWithPassword({ name: "Admin", email: "susp-admin@angle.in", password: "admin-pass-1", role: "admin" });
    const v = await newVendor(
      VendorRegisterSchema.parse(form({ gstNumber: gstin("08AAACR4321K1Z"), businessName: "Suspended Seeds", state: "Rajasthan" })),
      meta(),
    );
    await createLicence(v.userId, "fertiliser");
    const live = await createVendorProduct(v.userId, productInput({ ...raw, name: "Zebra Sickle", category: "fertilizers" }));
    await reviewListing(live.id, "approve", { version: await versionOf(live.id) });
    const waiting = await createVendorProduct(v.userId, productInput({ ...raw, name: "Zebra Trowel", category: "fertilizers" }));
    const customer = await createCustomer();
    const fertilizers = () => findProducts(parseCatalogQuery(new URLSearchParams("category=fertilizers")));
    const search = () => findProducts(parseCatalogQuery(new URLSearchParams("q=Zebra")));
    const before = await fertilizers();
    const homeBefore = (await getHomeCatalog()).counts.fertilizers;
    expect(before.products.map((p) => p.id)).toContain(live.id);

    await setUserSuspended(admin.id, v.userId, true);
    const during = await fertilizers();
    expect(during.products.map((p) => p.id)).not.toContain(live.id);
    expect(during.matching).toBe(before.matching - 1);
    expect(during.total).toBe(before.total - 1);
    expect((await getHomeCatalog()).counts.fertilizers).toBe(homeBefore - 1);
    expect((await search()).matching).toBe(0);
    expect(await getProduct(live.id)).toBeNull();
    expect(await quoteCart([{ productId: live.id }])).toEqual([]);
    await expect(placeOrder(customer, checkoutInput([{ productId: live.id, quantity: 1 }]))).rejects.toThrow(
      "Zebra Sickle is no longer available.",
    );
    // Approved while the vendor is suspended: held off sale too.
    expect(await reviewListing(waiting.id, "approve", { version: await versionOf(waiting.id) })).toBe("suspended");
    expect(await getProduct(waiting.id)).toBeNull();
    expect((await fertilizers()).matching).toBe(before.matching - 1);
    const exact = await sql<{ n: number }>`select count(*) as n from product where status = 'live' and category = 'fertilizers'`.execute(
      getDb(),
    );
    expect(Number(exact.rows[0]?.n)).toBe(during.matching);

    await setUserSuspended(admin.id, v.userId, false);
    const after = await fertilizers();
    expect(after.matching).toBe(before.matching + 1);
    expect((await getHomeCatalog()).counts.fertilizers).toBe(homeBefore + 1);
    expect((await search()).matching).toBe(2);
    expect((await getProduct(live.id))?.name).toBe("Zebra Sickle");
    expect((await quoteCart([{ productId: live.id }, { productId: waiting.id }])).length).toBe(2);
    expect((await placeOrder(customer, checkoutInput([{ productId: live.id, quantity: 1 }]))).created).toBe(true);
  });
});

describe("monthly sales", () => {
  it("groups by the month in India: 2026-03-31T20:00Z is April", async () => {
    const v = await newVendor(
      VendorRegisterSchema.parse(form({ gstNumber: gstin("09AAACU1111P1Z"), businessName: "IST Tools", state: "Uttar Pradesh" })),
      meta(),
    );
    const p = await createVendorProduct(v.userId, productInput({ ...raw, name: "IST Spade", price: 50_000 }));
    await reviewListing(p.id, "approve", { version: await versionOf(p.id) });
    const customer = await createCustomer();
    const march = await placeOrder(customer, checkoutInput([{ productId: p.id, quantity: 1 }]));
    const april = await placeOrder(customer, checkoutInput([{ productId: p.id, quantity: 2 }]));
    await getDb().updateTable("orders").set({ created_at: "2026-03-31T18:29:59.000Z" }).where("id", "=", march.orderId).execute();
    await getDb().updateTable("orders").set({ created_at: "2026-03-31T20:00:00.000Z" }).where("id", "=", april.orderId).execute();
    await markPaid(march.orderId);
    await markPaid(april.orderId);
    expect(await vendorSalesByMonth(v.userId)).toEqual([
      { month: "2026-03", revenue: 50_000, units: 1 },
      { month: "2026-04", revenue: 100_000, units: 2 },
    ]);
  });
});

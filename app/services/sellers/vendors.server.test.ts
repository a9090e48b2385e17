import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct as makeProduct } from "../../../tests/factories";
import { VendorRegisterSchema } from "~/domain/vendor";
import { gstinCheckChar } from "~/domain/gstin";
import { findProducts } from "../catalog/find-products.server";
import { getProduct } from "../catalog/get-product.server";
import { parseCatalogQuery } from "~/domain/catalog-query";
import { placeOrder } from "../orders/place-order.server";
import { reviewListing, listPendingListings } from "./approve-listings.server";
import { registerVendor } from "./register-vendor.server";
import { countVendorStats, listVendorOrderLines, vendorSalesByMonth } from "./vendor-orders.server";
import { createVendorProduct, getVendorProduct, listVendorProducts, updateVendorProduct } from "./vendor-products.server";
import { VendorRefused } from "./vendor-profile.server";

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
const listing = { name: "Bamboo Rake", description: "Light rake.", category: "tools" as const, price: 45_000, stock: 10 };

describe("vendors", () => {
  it("registers with a valid GSTIN (lower case normalised) and refuses a second vendor with the same GSTIN", async () => {
    const input = VendorRegisterSchema.parse(form({ gstNumber: "27aapfu0939f1zv" }));
    expect(input.gstNumber).toBe("27AAPFU0939F1ZV");
    const { role } = await registerVendor(input, meta());
    expect(role).toBe("vendor");
    await expect(registerVendor(VendorRegisterSchema.parse(form()), meta())).rejects.toBeInstanceOf(VendorRefused);
  });

  it("refuses malformed GSTINs with a clear message", () => {
    for (const [gst, message] of [
      ["27AAPFU0939F1Z", /15 characters/],
      ["27AAPFU0939F1ZW", /check digit/],
    ] as const) {
      const result = VendorRegisterSchema.safeParse(form({ gstNumber: gst }));
      expect(result.success).toBe(false);
      expect(result.error!.issues.find((i) => i.path[0] === "gstNumber")?.message).toMatch(message);
    }
  });

  it("keeps each vendor to their own listings, and approval gates the storefront", async () => {
    const a = await registerVendor(VendorRegisterSchema.parse(form({ gstNumber: "29AAGCB7383J1Z4", businessName: "A Seeds" })), meta());
    const b = await registerVendor(
      VendorRegisterSchema.parse(form({ gstNumber: gstin("07AAACH7409R1Z"), businessName: "B Tools" })),
      meta(),
    );
    const { id } = await createVendorProduct(a.userId, { ...listing, name: "A Rake" });
    expect(await getVendorProduct(b.userId, id)).toBeNull();
    expect(await updateVendorProduct(b.userId, id, { ...listing, name: "Hijacked" })).toBe(false);
    const store = await makeProduct();
    expect(await getVendorProduct(a.userId, store.id)).toBeNull();
    expect(await updateVendorProduct(a.userId, store.id, listing)).toBe(false);
    expect((await listVendorProducts(b.userId)).rows.map((p) => p.id)).not.toContain(id);

    expect(await getProduct(id)).toBeNull();
    expect((await findProducts(parseCatalogQuery(new URLSearchParams("q=A Rake")))).matching).toBe(0);
    expect((await listPendingListings()).rows.map((p) => p.id)).toContain(id);
    expect(await reviewListing(id, "approve")).toBe(true);
    expect((await getProduct(id))?.name).toBe("A Rake");

    // An edit goes back for approval and leaves the store until approved.
    await updateVendorProduct(a.userId, id, { ...listing, name: "A Rake v2" });
    expect(await getProduct(id)).toBeNull();
    await reviewListing(id, "reject", "Photo is blurry");
    expect((await getVendorProduct(a.userId, id))?.reject_reason).toBe("Photo is blurry");
  });

  it("shows a vendor only their own order lines and sales", async () => {
    const a = await registerVendor(VendorRegisterSchema.parse(form({ gstNumber: gstin("24AAACC1206D1Z"), businessName: "A2" })), meta());
    const b = await registerVendor(VendorRegisterSchema.parse(form({ gstNumber: gstin("33AABCT3518Q1Z"), businessName: "B2" })), meta());
    const pa = await createVendorProduct(a.userId, { ...listing, name: "A Sprayer", price: 120_000 });
    const pb = await createVendorProduct(b.userId, { ...listing, name: "B Hoe", price: 30_000 });
    await reviewListing(pa.id, "approve");
    await reviewListing(pb.id, "approve");
    const customer = await createCustomer();
    await placeOrder(
      customer,
      checkoutInput([
        { productId: pa.id, quantity: 2 },
        { productId: pb.id, quantity: 1 },
      ]),
    );
    const aOrders = (await listVendorOrderLines(a.userId)).rows;
    expect(aOrders).toHaveLength(1);
    expect(aOrders[0].lines.map((l) => l.name)).toEqual(["A Sprayer"]);
    expect(JSON.stringify(aOrders)).not.toContain("B Hoe");
    expect(aOrders[0]).not.toHaveProperty("total");
    expect(await countVendorStats(a.userId)).toEqual({ products: 1, orders: 1 });
    const sales = await vendorSalesByMonth(a.userId);
    expect(sales.reduce((s, m) => s + m.revenue, 0)).toBe(240_000);
    expect(sales.reduce((s, m) => s + m.units, 0)).toBe(2);
  });
});

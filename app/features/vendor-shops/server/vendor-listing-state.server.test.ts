import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createLicence, createProduct, createVendor } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { quoteCart } from "~/features/catalog/server/quote-cart.server";
import { getCustomerOrder } from "~/features/orders/server/get-customer-order.server";
import { OrderRefused, placeOrder } from "~/features/orders/server/place-order.server";
import { getVendorProduct, listVendorProducts } from "./vendor-products.server";
import { pauseListing, removeListing, resumeListing } from "./vendor-listing-state.server";

const statusOf = async (id: string) =>
  (await getDb().selectFrom("product").select(["status", "version"]).where("id", "=", id).executeTakeFirst()) ?? null;

/** What a guest's cart quote and a customer's checkout say of one of this product. */
async function buyable(productId: string) {
  const quoted = (await quoteCart([{ productId }])).length === 1;
  const customer = await createCustomer();
  const placed = await placeOrder(customer, checkoutInput([{ productId, quantity: 1 }], { paymentMethod: "cod" })).then(
    (o) => o.orderId,
    (e: unknown) => (e instanceof OrderRefused ? null : Promise.reject(e)),
  );
  return { quoted, placed: placed !== null };
}

describe("a vendor pauses, resumes and removes their own listings", () => {
  it("a paused listing cannot be bought (cart quote, checkout) and comes back on sale when resumed, without a new approval", async () => {
    const vendor = await createVendor();
    const { id } = await createProduct({ vendorId: vendor.id, category: "tools", stock: 20 });
    expect(await pauseListing(vendor.id, id)).toBe("paused");
    expect((await statusOf(id))?.status).toBe("paused");
    expect(await buyable(id)).toEqual({ quoted: false, placed: false });
    // Still the vendor's, in their list, with its state.
    expect((await listVendorProducts(vendor.id)).rows.find((r) => r.id === id)?.status).toBe("paused");
    // Pausing twice, or resuming what is on sale, changes nothing.
    expect(await pauseListing(vendor.id, id)).toBeNull();
    expect(await resumeListing(vendor.id, id)).toBe("live");
    expect(await resumeListing(vendor.id, id)).toBeNull();
    expect(await buyable(id)).toEqual({ quoted: true, placed: true });
  });

  it("a regulated listing resumed after its licence lapsed stays off sale as unlicensed", async () => {
    const vendor = await createVendor();
    await createLicence(vendor.id, "seed");
    const { id } = await createProduct({ vendorId: vendor.id, category: "seeds" });
    expect(await pauseListing(vendor.id, id)).toBe("paused");
    await getDb().deleteFrom("vendor_licence").where("vendor_id", "=", vendor.id).execute();
    expect(await resumeListing(vendor.id, id)).toBe("unlicensed");
    expect((await buyable(id)).quoted).toBe(false);
  });

  it("another vendor's listing, the store's own product and a malformed id are refused, and nothing changes", async () => {
    const owner = await createVendor();
    const other = await createVendor();
    const { id } = await createProduct({ vendorId: owner.id });
    const store = await createProduct({});
    for (const target of [id, store.id]) {
      const before = await statusOf(target);
      expect(await pauseListing(other.id, target)).toBeNull();
      expect(await removeListing(other.id, target)).toBeNull();
      expect(await statusOf(target)).toEqual(before);
    }
    await pauseListing(owner.id, id);
    const paused = await statusOf(id);
    expect(await resumeListing(other.id, id)).toBeNull();
    expect(await statusOf(id)).toEqual(paused);
    for (const bad of ["../x", "", "x".repeat(200)]) {
      expect(await pauseListing(owner.id, bad)).toBeNull();
      expect(await resumeListing(owner.id, bad)).toBeNull();
      expect(await removeListing(owner.id, bad)).toBeNull();
    }
  });

  it("removing a listing no order names deletes it", async () => {
    const vendor = await createVendor();
    const { id } = await createProduct({ vendorId: vendor.id });
    expect(await removeListing(vendor.id, id)).toBe("deleted");
    expect(await statusOf(id)).toBeNull();
    expect(await removeListing(vendor.id, id)).toBeNull();
  });

  it("removing a listing that has orders archives it: gone from the vendor's list and the store, the order keeps its line", async () => {
    const vendor = await createVendor();
    const customer = await createCustomer();
    const { id, name } = await createProduct({ vendorId: vendor.id, stock: 5 });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: id, quantity: 2 }], { paymentMethod: "cod" }));
    expect(await removeListing(vendor.id, id)).toBe("archived");
    expect((await statusOf(id))?.status).toBe("archived");
    expect((await listVendorProducts(vendor.id)).rows.map((r) => r.id)).not.toContain(id);
    expect(await getVendorProduct(vendor.id, id)).toBeNull();
    expect(await buyable(id)).toEqual({ quoted: false, placed: false });
    // Archived is final for the vendor: it cannot be paused, resumed or removed again.
    expect(await pauseListing(vendor.id, id)).toBeNull();
    expect(await resumeListing(vendor.id, id)).toBeNull();
    expect(await removeListing(vendor.id, id)).toBeNull();
    const order = await getCustomerOrder(orderId, customer.id);
    expect(order?.items).toEqual([expect.objectContaining({ name, quantity: 2 })]);
  });
});

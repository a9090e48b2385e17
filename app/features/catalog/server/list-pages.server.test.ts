import { describe, expect, it } from "vitest";
import { createCustomer, createProduct, createVendor } from "../../../../tests/factories";
import { insertOrders, walkPages } from "../../../../tests/pagination";
import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { listProductsForAdmin } from "./list-products-admin.server";
import { listContactMessages } from "../../contact/server/list-contact-messages.server";
import { listCustomerOrders } from "../../orders/server/list-customer-orders.server";
import { listPendingListings, listVendors } from "../../vendor-shops/server/approve-listings.server";
import { listVendorOrderLines } from "../../vendor-shops/server/vendor-orders.server";
import { listVendorProducts } from "../../vendor-shops/server/vendor-products.server";
import { listUsers } from "../../accounts/server/manage-users.server";

// Every list that can grow, walked past the hard cap it used to have (a silent cut-off).

const inChunks = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += 100) await insert(rows.slice(i, i + 100));
};

describe("lists past their old caps", () => {
  it("users (old cap 500), newest first, also when joined in the same millisecond", async () => {
    const before = (await listUsers("")).total;
    const joined = new Date(Date.UTC(2026, 5, 1)).toISOString();
    const rows = Array.from({ length: 520 }, (_, i) => ({
      id: newId(24),
      name: `Farmer ${i}`,
      email: `farmer-${i}-${newId(6)}@example.in`,
      emailVerified: 0,
      image: null,
      createdAt: i % 3 === 0 ? joined : new Date(Date.UTC(2026, 5, 1) + i * 1000).toISOString(),
      updatedAt: joined,
      role: "user",
      banned: 0,
      banReason: null,
      banExpires: null,
      phone: null,
      street: null,
      city: null,
      state: null,
      pincode: null,
    }));
    await inChunks(rows, (chunk) => getDb().insertInto("user").values(chunk).execute());
    await walkPages(
      (page) => listUsers("", page),
      (u) => u.id,
      before + 520,
    );
    const farmers = await walkPages(
      (page) => listUsers("farmer-", page),
      (u) => u.id,
      520,
    );
    expect(new Set(farmers)).toEqual(new Set(rows.map((r) => r.id)));
  });

  it("admin products (old cap 500), A to Z whatever the case, the search kept across pages", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 510; i++) {
      // Duplicate names (i % 200) make the id break ties; mixed case sorts as shoppers see it.
      const name = `${i % 2 ? "zeta" : "Zeta"} Pump ${String(i % 200).padStart(3, "0")}`;
      ids.push((await createProduct({ name, status: i % 10 === 0 ? "pending" : "live" })).id);
    }
    await createProduct({ name: "Zeta Pump archived", status: "archived" });
    const seen = await walkPages(
      (page) => listProductsForAdmin({ q: "zeta pump", category: "all" }, page),
      (p) => p.id,
      510,
    );
    expect(new Set(seen)).toEqual(new Set(ids));
    const page = await listProductsForAdmin({ q: "zeta pump", category: "all" }, { cursor: null, direction: "next" });
    const names = page.rows.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it("contact messages (old cap 200)", async () => {
    const rows = Array.from({ length: 230 }, (_, i) => ({
      id: newId(),
      kind: "contact" as const,
      name: `Sender ${i}`,
      email: `s${i}@example.in`,
      phone: null,
      subject: "Seeds",
      message: "When will tomato seeds be back?",
      created_at: new Date(Date.UTC(2026, 3, 1) + Math.floor(i / 4) * 1000).toISOString(),
    }));
    await inChunks(rows, (chunk) => getDb().insertInto("contact_message").values(chunk).execute());
    const seen = await walkPages(
      (page) => listContactMessages(page),
      (m) => m.id,
      230,
    );
    expect(new Set(seen)).toEqual(new Set(rows.map((r) => r.id)));
  });

  it("a customer's orders (old cap 200), only their own", async () => {
    const asha = await createCustomer();
    const ravi = await createCustomer();
    const mine = await insertOrders(215, { userId: asha.id });
    await insertOrders(5, { userId: ravi.id });
    const seen = await walkPages(
      (page) => listCustomerOrders(asha.id, page),
      (o) => o.id,
      215,
    );
    expect(new Set(seen)).toEqual(new Set(mine));
  });

  it("a vendor's orders (old cap 500 lines): pages of orders, each with all of the vendor's lines and no one else's", async () => {
    const vendor = await createVendor({ businessName: `Kisan Tools ${newId(4)}` });
    const other = await createVendor({ businessName: `Other Tools ${newId(4)}` });
    const sprayer = await createProduct({ name: "Sprayer", vendorId: vendor.id });
    const hoe = await createProduct({ name: "Hoe", vendorId: vendor.id });
    const theirs = await createProduct({ name: "Their Rake", vendorId: other.id });
    const customer = await createCustomer();
    const orderIds = await insertOrders(260, { userId: customer.id });
    const otherOnly = await insertOrders(10, { userId: customer.id });
    const line = (orderId: string, p: { id: string; name: string }, vendorId: string) => ({
      id: newId(),
      order_id: orderId,
      product_id: p.id,
      vendor_id: vendorId,
      name: p.name,
      image: "/images/products/test.svg",
      unit_price_paise: 50_000,
      quantity: 1,
      line_total_paise: 50_000,
    });
    const lines = [
      ...orderIds.flatMap((id) => [line(id, sprayer, vendor.id), line(id, hoe, vendor.id), line(id, theirs, other.id)]),
      ...otherOnly.map((id) => line(id, theirs, other.id)),
    ];
    await inChunks(lines, (chunk) => getDb().insertInto("order_line").values(chunk).execute());
    const seen = await walkPages(
      async (page) => {
        const result = await listVendorOrderLines(vendor.id, page);
        for (const o of result.rows) expect(o.lines.map((l) => l.name)).toEqual(["Hoe", "Sprayer"]);
        return result;
      },
      (o) => o.orderId,
      260,
    );
    expect(new Set(seen)).toEqual(new Set(orderIds));
  });

  it("a vendor's listings, the vendors list and the approval queue", async () => {
    const vendor = await createVendor({ businessName: `Aaa Agro ${newId(4)}` });
    const listings: string[] = [];
    for (let i = 0; i < 60; i++) listings.push((await createProduct({ vendorId: vendor.id, status: i % 2 ? "pending" : "live" })).id);
    await createProduct({ vendorId: vendor.id, status: "archived" });
    const seen = await walkPages(
      (page) => listVendorProducts(vendor.id, page),
      (p) => p.id,
      60,
    );
    expect(new Set(seen)).toEqual(new Set(listings));

    const queueBefore = (await listPendingListings()).total;
    await walkPages(
      (page) => listPendingListings(page),
      (p) => p.id,
      queueBefore,
    );
    expect(queueBefore).toBeGreaterThanOrEqual(30);

    for (let i = 0; i < 55; i++) await createVendor({ businessName: `Vendor ${String(i % 20).padStart(2, "0")}` });
    const vendors = (await listVendors()).total;
    expect(vendors).toBeGreaterThanOrEqual(56);
    await walkPages(
      (page) => listVendors(page),
      (v) => v.id,
      vendors,
    );
  });
});

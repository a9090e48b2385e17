import { describe, expect, it } from "vitest";
import { formatOrderId } from "~/platform/core/order-id";
import { checkoutInput, createCustomer, createOrder, createProduct } from "../../../../tests/factories";
import { insertOrders, walkPages } from "../../../../tests/pagination";
import { encodeCursor } from "~/platform/core/pagination";
import { getDb } from "~/platform/db/db.server";
import { listOrdersForAdmin } from "./list-admin-orders.server";
import { placeOrder } from "./place-order.server";
import { getDashboard } from "../../dashboard/server/get-dashboard.server";

describe("admin orders list", () => {
  it("pages through more orders than the old cap of 300, each once, newest first, with the true total", async () => {
    const customer = await createCustomer();
    const ids = await insertOrders(333, { userId: customer.id });
    const all = { status: "all" as const, q: "" };
    const seen = await walkPages(
      (page) => listOrdersForAdmin(all, page),
      (o) => o.id,
      333,
    );
    expect(new Set(seen)).toEqual(new Set(ids));
    const rows = await getDb().selectFrom("orders").select(["id", "created_at"]).execute();
    const expected = rows
      .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
      .map((r) => r.id);
    // Ties on created_at are broken by id the same way on both engines (ids are lower-case a–z0–9).
    expect(seen).toEqual(expected);

    // A filter's total is its own, and pages keep it.
    await getDb().updateTable("orders").set({ status: "shipped" }).where("id", "in", ids.slice(0, 120)).execute();
    const shipped = await walkPages(
      (page) => listOrdersForAdmin({ status: "shipped", q: "" }, page),
      (o) => o.id,
      120,
    );
    expect(new Set(shipped)).toEqual(new Set(ids.slice(0, 120)));
  });

  it("treats a malformed or foreign cursor as page 1, never an error", async () => {
    const customer = await createCustomer();
    await insertOrders(3, { userId: customer.id });
    const first = await listOrdersForAdmin({ status: "all", q: "" }, { cursor: null, direction: "next" });
    for (const cursor of ["garbage", "%00", encodeCursor([1, 2]), encodeCursor(["x"]), "A".repeat(5000), encodeCursor(["2026", "zz", 3])]) {
      for (const direction of ["next", "prev"] as const) {
        const page = await listOrdersForAdmin({ status: "all", q: "" }, { cursor, direction });
        expect(page.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
        expect(page.start).toBe(1);
        expect(page.prevCursor).toBeNull();
      }
    }
  });

  it("finds an order by its id, the customer's name, email or phone", async () => {
    const asha = await createCustomer({ name: "Asha Kulkarni", email: "asha.k@example.in" });
    const product = await createProduct({ stock: 50 });
    const { orderId } = await placeOrder(asha, checkoutInput([{ productId: product.id, quantity: 1 }], { phone: "+91 98123 45678" }));
    const other = await createCustomer({ name: "Ravi Patil", email: "ravi.p@example.in" });
    await placeOrder(other, checkoutInput([{ productId: product.id, quantity: 1 }], { phone: "+91 97000 11111" }));
    const search = async (q: string) =>
      (await listOrdersForAdmin({ status: "all", q }, { cursor: null, direction: "next" })).rows.map((o) => o.id);
    expect(await search(orderId)).toEqual([orderId]);
    expect(await search(`#${orderId.slice(0, 10)}`)).toEqual([orderId]);
    // As the customer reads it out or pastes it: grouped, upper or lower case, with "#" and spaces.
    expect(await search(formatOrderId(orderId))).toEqual([orderId]);
    expect(await search(` #${formatOrderId(orderId).toLowerCase().replaceAll("-", " ")} `)).toEqual([orderId]);
    expect(await search(formatOrderId(orderId).slice(0, 10))).toEqual([orderId]);
    // An order from before readable ids is found the same way.
    const old = await createOrder(asha.id, [product.id], "pending");
    expect(await search(formatOrderId(old.id).toLowerCase())).toEqual([old.id]);
    expect(await search("asha kul")).toEqual([orderId]);
    expect(await search("ASHA.K@EXAMPLE")).toEqual([orderId]);
    expect(await search("98123 45678")).toEqual([orderId]);
    expect(await search("9812345678")).toEqual([orderId]);
    expect(await search("+91-98123-45678")).toEqual([orderId]);
    expect(await search("nobody-like-this")).toEqual([]);
    expect(await search("100%_")).toEqual([]);
    const page = await listOrdersForAdmin({ status: "pending", q: "asha" }, { cursor: null, direction: "next" });
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ customerName: "Asha Kulkarni", customerPhone: "+91 98123 45678" });
  });
});

describe("dashboard", () => {
  it("counts listings waiting for approval", async () => {
    const before = (await getDashboard()).pendingListings;
    await createProduct({ status: "pending" });
    await createProduct({ status: "pending" });
    await createProduct({ status: "rejected" });
    await createProduct({ status: "live" });
    expect((await getDashboard()).pendingListings).toBe(before + 2);
  });
});

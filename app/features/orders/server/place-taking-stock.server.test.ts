import { QueryCreator } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkoutInput, createCustomer, createOffer, createProduct } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { placeOrder } from "./place-order.server";

/**
 * A cash-on-delivery order's one statement (PostgreSQL) is built and compiled once per shape and sent
 * with each order's values (place-taking-stock.server.ts); on SQLite the order takes its own path.
 */
describe("the order's statement, compiled once", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes each order with its own values: customer, address, lines, totals, email and stock", async () => {
    const [anita, ravi] = [await createCustomer({ name: "Anita" }), await createCustomer({ name: "Ravi" })];
    const [seeds, spade] = [await createProduct({ pricePaise: 12_000, stock: 50 }), await createProduct({ pricePaise: 45_000, stock: 50 })];
    const cod = { paymentMethod: "cod" };
    const placed = [
      await placeOrder(anita, checkoutInput([{ productId: seeds.id, quantity: 2 }], { ...cod, street: "2 Mango Lane" })),
      await placeOrder(ravi, checkoutInput([{ productId: spade.id, quantity: 3 }], { ...cod, street: "9 Neem Road" })),
      // Two lines: another shape, then the first again.
      await placeOrder(
        ravi,
        checkoutInput(
          [
            { productId: seeds.id, quantity: 1 },
            { productId: spade.id, quantity: 1 },
          ],
          cod,
        ),
      ),
      await placeOrder(anita, checkoutInput([{ productId: spade.id, quantity: 4 }], { ...cod, street: "2 Mango Lane" })),
    ];
    const orders = await getDb()
      .selectFrom("orders")
      .select(["id", "customer_email", "street", "subtotal_paise"])
      .where(
        "id",
        "in",
        placed.map((p) => p.orderId),
      )
      .execute();
    const byId = new Map(orders.map((o) => [o.id, o]));
    const expected = [
      [anita.email, "2 Mango Lane", 24_000],
      [ravi.email, "9 Neem Road", 135_000],
      [ravi.email, "1 Test Street", 57_000],
      [anita.email, "2 Mango Lane", 180_000],
    ];
    expect(placed.map((p) => byId.get(p.orderId)).map((o) => [o?.customer_email, o?.street, Number(o?.subtotal_paise)])).toEqual(expected);
    const lines = await getDb()
      .selectFrom("order_line")
      .select(["order_id", "product_id", "quantity"])
      .where(
        "order_id",
        "in",
        placed.map((p) => p.orderId),
      )
      .execute();
    expect(lines.filter((l) => l.order_id === placed[2]?.orderId)).toHaveLength(2);
    expect(lines.find((l) => l.order_id === placed[3]?.orderId)).toMatchObject({ product_id: spade.id, quantity: 4 });
    const emails = await getDb()
      .selectFrom("outbox")
      .select(["dedupe_key", "recipient"])
      .where(
        "dedupe_key",
        "in",
        placed.map((p) => `order-placed:${p.orderId}`),
      )
      .execute();
    expect(placed.map((p) => emails.find((e) => e.dedupe_key === `order-placed:${p.orderId}`)?.recipient)).toEqual(
      expected.map((e) => e[0]),
    );
    const stock = await getDb().selectFrom("product").select(["id", "stock"]).where("id", "in", [seeds.id, spade.id]).execute();
    expect(Object.fromEntries(stock.map((p) => [p.id, Number(p.stock)]))).toEqual({ [seeds.id]: 47, [spade.id]: 42 });
  });

  // SQLite writes the order with statements of its own (placeOrder); PostgreSQL sends the one statement
  // built for the first order of its shape, without building it again.
  it("is not built again for an order of a shape already sent (SQLite: written with its own statements)", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 20 });
    const order = () => placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "cod" }));
    await order();
    const built = vi.spyOn(QueryCreator.prototype, "with");
    const inserted = vi.spyOn(QueryCreator.prototype, "insertInto");
    await order();
    const builtOrders = built.mock.calls.filter(([name]) => name === "placed_order").length;
    const insertedOrders = inserted.mock.calls.filter(([table]) => table === "orders").length;
    expect(builtOrders).toBe(0);
    expect(insertedOrders).toBe(process.env.TEST_DB === "postgres" ? 0 : 1);
  });

  it("takes an order using offers without limits in the one statement too, counting each use by its row", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ pricePaise: 10_000, stock: 20 });
    const coupon = await createOffer();
    const order = () =>
      placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "cod", couponCode: coupon.code }));
    await order();
    const inserted = vi.spyOn(QueryCreator.prototype, "insertInto");
    const second = await order();
    const insertedOrders = inserted.mock.calls.filter(([table]) => table === "orders").length;
    expect(insertedOrders).toBe(process.env.TEST_DB === "postgres" ? 0 : 1);
    const uses = await getDb().selectFrom("offer_use").select(["order_id", "discount_paise"]).where("offer_id", "=", coupon.id).execute();
    expect(uses).toHaveLength(2);
    const { discount_paise } = await getDb()
      .selectFrom("orders")
      .select("discount_paise")
      .where("id", "=", second.orderId)
      .executeTakeFirstOrThrow();
    expect(uses.find((u) => u.order_id === second.orderId)?.discount_paise).toBe(discount_paise);
    expect(Number(discount_paise)).toBeGreaterThan(0);
  });
});

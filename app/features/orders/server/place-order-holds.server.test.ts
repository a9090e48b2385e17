import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct } from "../../../../tests/factories";
import { orderRow, paidUpiOrder, stockOf, withFakeGateway } from "../../../../tests/paid-orders";
import { getDb } from "~/platform/db/db.server";
import { DEFAULT_DELIVERY_SETTINGS } from "~/features/delivery/domain/delivery";
import * as holds from "~/features/orders/domain/unpaid-holds";
import { parseEnv, resetEnv } from "~/platform/env.server";
import type { Refusal } from "~/platform/core/refusal";
import { english, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { saveDeliverySettings } from "~/features/delivery/server/delivery.server";
import { markTransferPaid } from "./mark-transfer-paid.server";
import { OrderRefused, placeOrder } from "./place-order.server";

const gateway = withFakeGateway();

// The fake gateway's settings stay for the whole file, so each test puts back only what it set.
const setByTest = new Map<string, string | undefined>();
function setEnv(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) {
    if (!setByTest.has(key)) setByTest.set(key, process.env[key]);
    process.env[key] = value;
  }
  resetEnv();
}
beforeEach(() => {
  // These tests place many orders per customer; the checkout rate limit is another test's subject.
  setEnv({ RATE_LIMIT_CHECKOUT_MAX: "1000" });
});
afterEach(() => {
  for (const [key, value] of setByTest) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  setByTest.clear();
  resetEnv();
});

type Item = { productId: string; quantity: number };
const { holdAllowance } = holds;
// Each refusal as the checkout page says it in English.
const unpaidOrderOverValue = (maxPaise: number) => english(holds.unpaidOrderOverValue(maxPaise));
const unpaidOrderOverUnits = (max: number) => english(holds.unpaidOrderOverUnits(max));
const unpaidCustomerOverValue = (maxPaise: number) => english(holds.unpaidCustomerOverValue(maxPaise));
const unpaidCustomerOverUnits = (max: number) => english(holds.unpaidCustomerOverUnits(max));
const unpaidShareOfStock = (max: number, name: string) => english(holds.unpaidShareOfStock(max, name));
const refusal = (error: unknown) =>
  error instanceof OrderRefused ? { status: error.status, message: error.message, field: error.field } : error;
const upi = (items: Item[]) => checkoutInput(items, { paymentMethod: "upi" });
const ordersOf = async (userId: string) =>
  Number(
    (
      await getDb()
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const totalOf = async (orderId: string) => Number((await orderRow(orderId)).total_paise);
const nameOf = async (productId: string) =>
  (await getDb().selectFrom("product").select("name").where("id", "=", productId).executeTakeFirstOrThrow()).name;

describe("finding 6: one customer can hold the whole catalogue with an unpaid order", () => {
  it("a single unpaid UPI order for every unit of every product is refused, and no stock is taken", async () => {
    await createProduct({ pricePaise: 150_000_000, stock: 6 }); // a tractor
    await createProduct({ pricePaise: 54_900, stock: 240 });
    await createProduct({ pricePaise: 4_999_900, stock: 18 });
    await createProduct({ pricePaise: 45_000, stock: 1 });
    // Every size on sale with stock, as the attacker's cart had it (a cart holds at most 50 lines).
    const catalogue = await getDb()
      .selectFrom("product_variant as v")
      .innerJoin("product as p", "p.id", "v.product_id")
      .select(["v.id", "v.product_id", "v.stock"])
      .where("p.status", "=", "live")
      .where("v.stock", ">", 0)
      .orderBy("v.stock", "desc")
      .limit(50)
      .execute();
    const stockBefore = new Map(catalogue.map((v) => [v.id, Number(v.stock)]));
    const customer = await createCustomer();

    const items = catalogue.map((v) => ({ productId: v.product_id, variantId: v.id, quantity: Math.min(Number(v.stock), 999) }));
    const error = await placeOrder(customer, checkoutInput(items, { paymentMethod: "upi" })).catch(refusal);
    expect(error).toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Orders waiting for payment can hold at most \d+ of .+ for you\./),
    });
    expect(await ordersOf(customer.id)).toBe(0);
    const after = await getDb()
      .selectFrom("product_variant")
      .select(["id", "stock"])
      .where(
        "id",
        "in",
        catalogue.map((v) => v.id),
      )
      .execute();
    for (const v of after) expect(Number(v.stock), v.id).toBe(stockBefore.get(v.id));

    // By card the same; within each size's share, the order's size is refused (its units or its value).
    const halves = catalogue.map((v) => ({
      productId: v.product_id,
      variantId: v.id,
      quantity: Math.max(1, Math.floor(Number(v.stock) / 2)),
    }));
    const byCard = await placeOrder(customer, checkoutInput(halves, { paymentMethod: "card" })).catch(refusal);
    expect(byCard).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^An order paid by card or UPI can (be at most ₹2,00,000|have at most 500 items)\./),
      field: "paymentMethod",
    });
    expect(await ordersOf(customer.id)).toBe(0);
  });

  it("the per-product share: an unpaid order holds at most half of a size's stock (never under 5 units), the customer's unpaid orders together too", async () => {
    const product = await createProduct({ pricePaise: 45_000, stock: 40 });
    const name = await nameOf(product.id);
    const customer = await createCustomer();
    expect(await placeOrder(customer, upi([{ productId: product.id, quantity: 21 }])).catch(refusal)).toEqual({
      status: 409,
      message: unpaidShareOfStock(20, name),
      field: undefined,
    });
    expect(await stockOf(product.id)).toBe(40);
    expect((await placeOrder(customer, upi([{ productId: product.id, quantity: 20 }]))).created).toBe(true);
    // A second unpaid order of the same customer adds to the first: their share is still 20.
    expect(await placeOrder(customer, upi([{ productId: product.id, quantity: 1 }])).catch(refusal)).toMatchObject({
      status: 409,
      message: unpaidShareOfStock(20, name),
    });
    expect(await stockOf(product.id)).toBe(20);
    // Another customer may hold half of what is left.
    const other = await createCustomer();
    await expect(placeOrder(other, upi([{ productId: product.id, quantity: 11 }]))).rejects.toThrow(unpaidShareOfStock(10, name));
    expect((await placeOrder(other, upi([{ productId: product.id, quantity: 10 }]))).created).toBe(true);

    // The last one, or the last three, can still be bought: the share never goes below 5 units.
    const last = await createProduct({ stock: 1 });
    expect((await placeOrder(customer, upi([{ productId: last.id, quantity: 1 }]))).created).toBe(true);
    const few = await createProduct({ stock: 3 });
    expect((await placeOrder(await createCustomer(), upi([{ productId: few.id, quantity: 3 }]))).created).toBe(true);
    // More than the stock is still the stock's refusal.
    await expect(placeOrder(await createCustomer(), upi([{ productId: product.id, quantity: 11 }]))).rejects.toThrow(
      `Only 10 of ${name} left in stock; please reduce the quantity.`,
    );
  });

  it("the per-customer total: one customer's unpaid orders together hold at most ₹4,00,000 and 1,000 units", async () => {
    setEnv({ ORDER_MAX_OPEN_UNPAID: "100" });
    const dear = await createProduct({ pricePaise: 15_000_000, stock: 100 });
    const customer = await createCustomer();
    const first = await placeOrder(customer, upi([{ productId: dear.id, quantity: 1 }]));
    const second = await placeOrder(customer, upi([{ productId: dear.id, quantity: 1 }]));
    const each = await totalOf(first.orderId);
    expect(each).toBeLessThanOrEqual(20_000_000);
    expect(each + (await totalOf(second.orderId))).toBeLessThanOrEqual(40_000_000);
    expect(3 * each).toBeGreaterThan(40_000_000);
    expect(await placeOrder(customer, upi([{ productId: dear.id, quantity: 1 }])).catch(refusal)).toEqual({
      status: 409,
      message: unpaidCustomerOverValue(40_000_000),
      field: undefined,
    });
    expect(await ordersOf(customer.id)).toBe(2);
    expect(await stockOf(dear.id)).toBe(98);
    // Another customer is not held back by them.
    expect((await placeOrder(await createCustomer(), upi([{ productId: dear.id, quantity: 1 }]))).created).toBe(true);

    const cheap = await createProduct({ pricePaise: 1_000, stock: 10_000 });
    const buyer = await createCustomer();
    for (let i = 0; i < 2; i++) expect((await placeOrder(buyer, upi([{ productId: cheap.id, quantity: 500 }]))).created).toBe(true);
    expect(await placeOrder(buyer, upi([{ productId: cheap.id, quantity: 1 }])).catch(refusal)).toEqual({
      status: 409,
      message: unpaidCustomerOverUnits(1_000),
      field: undefined,
    });
    expect(await stockOf(cheap.id)).toBe(9_000);
  });

  it("simultaneous unpaid checkouts of one customer cannot pass the share or the total together", async () => {
    setEnv({ ORDER_MAX_OPEN_UNPAID: "100" });
    // Orders of many lines: each transaction runs long enough for the others to start meanwhile.
    const many = await Promise.all(Array.from({ length: 20 }, () => createProduct({ pricePaise: 10_000, stock: 10 })));
    const items = many.map((p) => ({ productId: p.id, quantity: 3 }));
    const customer = await createCustomer();
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => placeOrder(customer, upi(items))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(refusal(r.reason)).toMatchObject({ status: 409, message: expect.stringMatching(/can hold at most 5 of .+ for you\./) });
    }
    for (const p of many) expect(await stockOf(p.id)).toBe(7);

    const dear = await createProduct({ pricePaise: 15_000_000, stock: 100 });
    const filler = many.map((p) => ({ productId: p.id, quantity: 1 }));
    const buyer = await createCustomer();
    const racing = await Promise.allSettled(
      Array.from({ length: 6 }, () => placeOrder(buyer, upi([{ productId: dear.id, quantity: 1 }, ...filler]))),
    );
    expect(racing.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of racing.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(refusal(r.reason)).toEqual({ status: 409, message: unpaidCustomerOverValue(40_000_000), field: undefined });
    }
    expect(await ordersOf(buyer.id)).toBe(2);
    expect(await stockOf(dear.id)).toBe(98);
  });

  it("the legitimate large order: a ₹15 lakh tractor is refused by card or UPI (400) and bought by bank transfer or cash on delivery", async () => {
    const tractor = await createProduct({ pricePaise: 150_000_000, stock: 6 });
    const customer = await createCustomer();
    for (const paymentMethod of ["upi", "card"]) {
      const error = await placeOrder(customer, checkoutInput([{ productId: tractor.id, quantity: 1 }], { paymentMethod })).catch(refusal);
      expect(error).toEqual({
        status: 400,
        message: "An order paid by card or UPI can be at most ₹2,00,000. Please reduce the order, or choose another payment method.",
        field: "paymentMethod",
      });
    }
    expect(await stockOf(tractor.id)).toBe(6);
    expect(await ordersOf(customer.id)).toBe(0);

    // Bank transfer: an admin records the transfer before anything ships.
    const byTransfer = await placeOrder(
      customer,
      checkoutInput([{ productId: tractor.id, quantity: 1 }], { paymentMethod: "bank_transfer" }),
    );
    expect(await orderRow(byTransfer.orderId)).toMatchObject({ payment_status: "bank_transfer_pending" });
    // Cash on delivery, where the store's cap allows it.
    await saveDeliverySettings({ ...DEFAULT_DELIVERY_SETTINGS, codMaxPaise: 500_000_000 });
    try {
      const byCash = await placeOrder(customer, checkoutInput([{ productId: tractor.id, quantity: 2 }], { paymentMethod: "cod" }));
      expect(byCash.created).toBe(true);
    } finally {
      await saveDeliverySettings(DEFAULT_DELIVERY_SETTINGS);
    }
    expect(await stockOf(tractor.id)).toBe(3);

    // The cap is the order's total, whole rupees: at the cap it is taken, a rupee under it refused.
    const kit = await createProduct({ pricePaise: 4_999_900, stock: 50 });
    const probe = await placeOrder(await createCustomer(), checkoutInput([{ productId: kit.id, quantity: 3 }]));
    const total = await totalOf(probe.orderId);
    setEnv({ ORDER_UNPAID_MAX_RUPEES: String(Math.ceil(total / 100)) });
    expect((await placeOrder(await createCustomer(), upi([{ productId: kit.id, quantity: 3 }]))).created).toBe(true);
    setEnv({ ORDER_UNPAID_MAX_RUPEES: String(Math.ceil(total / 100) - 1) });
    await expect(placeOrder(await createCustomer(), upi([{ productId: kit.id, quantity: 3 }]))).rejects.toThrow(
      "An order paid by card or UPI can be at most",
    );

    // Units: at most 500 in one order paid online (a new buyer: the tractor's transfer still waits).
    const seeds = await createProduct({ pricePaise: 1_000, stock: 5_000 });
    const farmer = await createCustomer();
    expect(await placeOrder(farmer, upi([{ productId: seeds.id, quantity: 501 }])).catch(refusal)).toEqual({
      status: 400,
      message: unpaidOrderOverUnits(500),
      field: "paymentMethod",
    });
    expect((await placeOrder(farmer, upi([{ productId: seeds.id, quantity: 500 }]))).created).toBe(true);
  });

  it("paid and cash-on-delivery orders are not held to the unpaid limits", async () => {
    const product = await createProduct({ pricePaise: 45_000, stock: 40 });
    const customer = await createCustomer();
    // A paid order no longer waits: it does not count against the customer's share.
    await paidUpiOrder(gateway, customer, [{ productId: product.id, quantity: 20 }]);
    expect((await placeOrder(customer, upi([{ productId: product.id, quantity: 10 }]))).created).toBe(true);
    expect(await stockOf(product.id)).toBe(10);

    // Cash on delivery: the whole stock, and more units than an online order may hold. (A bank
    // transfer waits for money: it is held to the customer's totals and share, tested below.)
    const all = await createProduct({ pricePaise: 1_000, stock: 600 });
    expect((await placeOrder(customer, checkoutInput([{ productId: all.id, quantity: 600 }], { paymentMethod: "cod" }))).created).toBe(
      true,
    );
    // That order holds nothing that counts against the customer's online orders.
    const more = await createProduct({ pricePaise: 1_000, stock: 1_000 });
    expect((await placeOrder(customer, upi([{ productId: more.id, quantity: 500 }]))).created).toBe(true);
  });

  it("says each refusal in Hindi, with its amount, count and product", () => {
    const refusals: Refusal[] = [
      holds.unpaidOrderOverValue(20_000_000),
      holds.unpaidOrderOverUnits(500),
      holds.unpaidCustomerOverValue(40_000_000),
      holds.unpaidCustomerOverUnits(1_000),
      holds.unpaidShareOfStock(20, "Neem Oil (1 L)"),
    ];
    for (const refused of refusals) {
      const hindi = renderRefusal(refused, "hi");
      expect(hindi, refused.code).toMatch(/[\u0900-\u097F]/);
      expect(hindi.replace("Neem Oil (1 L)", "").replaceAll("UPI", ""), refused.code).not.toMatch(/[A-Za-z]{3,}/);
    }
    expect(unpaidOrderOverValue(20_000_000)).toBe(
      "An order paid by card or UPI can be at most ₹2,00,000. Please reduce the order, or choose another payment method.",
    );
    expect(renderRefusal(holds.unpaidOrderOverValue(20_000_000), "hi")).toContain("₹2,00,000");
    expect(renderRefusal(holds.unpaidShareOfStock(20, "Neem Oil (1 L)"), "hi")).toContain("Neem Oil (1 L) के ज़्यादा से ज़्यादा 20 नग");
  });
});

const transfer = (items: Item[]) => checkoutInput(items, { paymentMethod: "bank_transfer" });

describe("finding: one customer can hold the whole catalogue by bank transfer", () => {
  it("one customer can hold the whole catalogue by bank transfer: no longer, each size's share applies and no stock is taken", async () => {
    const products = [
      await createProduct({ pricePaise: 150_000_000, stock: 6 }),
      await createProduct({ pricePaise: 54_900, stock: 240 }),
      await createProduct({ pricePaise: 45_000, stock: 40 }),
    ];
    const customer = await createCustomer();
    const error = await placeOrder(customer, transfer(products.map((p) => ({ productId: p.id, quantity: p.stock })))).catch(refusal);
    expect(error).toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Orders waiting for payment can hold at most \d+ of .+ for you\./),
    });
    expect(await ordersOf(customer.id)).toBe(0);
    for (const p of products) expect(await stockOf(p.id)).toBe(p.stock);

    // Half of each size is the customer's share, as for card and UPI; a second order adds to the first.
    const seeds = products[2];
    if (!seeds) throw new Error("no product");
    const name = await nameOf(seeds.id);
    expect(await placeOrder(customer, transfer([{ productId: seeds.id, quantity: 21 }])).catch(refusal)).toEqual({
      status: 409,
      message: unpaidShareOfStock(20, name),
      field: undefined,
    });
    expect((await placeOrder(customer, transfer([{ productId: seeds.id, quantity: 20 }]))).created).toBe(true);
    await expect(placeOrder(customer, upi([{ productId: seeds.id, quantity: 1 }]))).rejects.toThrow(unpaidShareOfStock(20, name));
    await expect(placeOrder(customer, transfer([{ productId: seeds.id, quantity: 1 }]))).rejects.toThrow(unpaidShareOfStock(20, name));
    expect(await stockOf(seeds.id)).toBe(20);
  });

  it("waiting bank transfers count toward the customer's totals with card and UPI orders, and are held to them", async () => {
    setEnv({ ORDER_MAX_OPEN_UNPAID: "100" });
    const dear = await createProduct({ pricePaise: 15_000_000, stock: 100 });
    const customer = await createCustomer();
    const first = await placeOrder(customer, transfer([{ productId: dear.id, quantity: 1 }]));
    const second = await placeOrder(customer, upi([{ productId: dear.id, quantity: 1 }]));
    expect((await totalOf(first.orderId)) + (await totalOf(second.orderId))).toBeLessThanOrEqual(40_000_000);
    for (const input of [transfer([{ productId: dear.id, quantity: 1 }]), upi([{ productId: dear.id, quantity: 1 }])]) {
      expect(await placeOrder(customer, input).catch(refusal)).toEqual({
        status: 409,
        message: unpaidCustomerOverValue(40_000_000),
        field: undefined,
      });
    }
    expect(await ordersOf(customer.id)).toBe(2);
    expect(await stockOf(dear.id)).toBe(98);

    const cheap = await createProduct({ pricePaise: 1_000, stock: 10_000 });
    const buyer = await createCustomer();
    expect((await placeOrder(buyer, transfer([{ productId: cheap.id, quantity: 500 }]))).created).toBe(true);
    expect((await placeOrder(buyer, upi([{ productId: cheap.id, quantity: 500 }]))).created).toBe(true);
    for (const input of [transfer([{ productId: cheap.id, quantity: 1 }]), upi([{ productId: cheap.id, quantity: 1 }])]) {
      expect(await placeOrder(buyer, input).catch(refusal)).toEqual({
        status: 409,
        message: unpaidCustomerOverUnits(1_000),
        field: undefined,
      });
    }
    expect(await stockOf(cheap.id)).toBe(9_000);
  });

  it("simultaneous bank-transfer checkouts of one customer cannot pass the share together", async () => {
    setEnv({ ORDER_MAX_OPEN_UNPAID: "100" });
    const many = await Promise.all(Array.from({ length: 20 }, () => createProduct({ pricePaise: 10_000, stock: 10 })));
    const items = many.map((p) => ({ productId: p.id, quantity: 3 }));
    const customer = await createCustomer();
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => placeOrder(customer, transfer(items))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(refusal(r.reason)).toMatchObject({ status: 409, message: expect.stringMatching(/can hold at most 5 of .+ for you\./) });
    }
    for (const p of many) expect(await stockOf(p.id)).toBe(7);
  });

  it("the tractor by bank transfer still works: a lone order may pass the customer's totals, but nothing more waits beside it until it is paid", async () => {
    const tractor = await createProduct({ pricePaise: 150_000_000, stock: 6 });
    const customer = await createCustomer();
    const { orderId } = await placeOrder(customer, transfer([{ productId: tractor.id, quantity: 1 }]));
    expect(await totalOf(orderId)).toBeGreaterThan(40_000_000);
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", payment_status: "bank_transfer_pending" });
    // While it waits, neither another transfer nor a UPI order of the same customer may add to it.
    const small = await createProduct({ pricePaise: 10_000, stock: 50 });
    for (const input of [transfer([{ productId: small.id, quantity: 1 }]), upi([{ productId: small.id, quantity: 1 }])]) {
      expect(await placeOrder(customer, input).catch(refusal)).toEqual({
        status: 409,
        message: unpaidCustomerOverValue(40_000_000),
        field: undefined,
      });
    }
    // Cash on delivery waits for no money: still taken.
    expect((await placeOrder(customer, checkoutInput([{ productId: small.id, quantity: 1 }], { paymentMethod: "cod" }))).created).toBe(
      true,
    );
    // Once the transfer is recorded, the customer may order online again.
    const admin = await createCustomer({ role: "admin" });
    await markTransferPaid({ orderId, reference: "UTR0001112223", actorId: admin.id });
    expect((await placeOrder(customer, upi([{ productId: small.id, quantity: 1 }]))).created).toBe(true);

    // Another farmer's two tractors by transfer, and a bulk order above the customer's unit total: each alone, within the share.
    expect((await placeOrder(await createCustomer(), transfer([{ productId: tractor.id, quantity: 2 }]))).created).toBe(true);
    const [jute, okra] = [
      await createProduct({ pricePaise: 1_000, stock: 2_000 }),
      await createProduct({ pricePaise: 1_000, stock: 2_000 }),
    ];
    const bulk = transfer([
      { productId: jute.id, quantity: 999 },
      { productId: okra.id, quantity: 999 },
    ]);
    expect((await placeOrder(await createCustomer(), bulk)).created).toBe(true);
    expect(await stockOf(tractor.id)).toBe(3);
  });
});

describe("the unpaid-hold settings", () => {
  it("default to ₹2,00,000 and 500 units an order, ₹4,00,000 and 1,000 a customer, half a size's stock and at least 5 units", () => {
    expect(parseEnv({})).toMatchObject({
      ORDER_UNPAID_MAX_RUPEES: 200_000,
      ORDER_UNPAID_MAX_UNITS: 500,
      ORDER_UNPAID_CUSTOMER_MAX_RUPEES: 400_000,
      ORDER_UNPAID_CUSTOMER_MAX_UNITS: 1_000,
      ORDER_UNPAID_STOCK_SHARE_PERCENT: 50,
      ORDER_UNPAID_STOCK_MIN_UNITS: 5,
    });
    expect(() => parseEnv({ ORDER_UNPAID_STOCK_SHARE_PERCENT: "101" })).toThrow(/ORDER_UNPAID_STOCK_SHARE_PERCENT/);
    expect(() => parseEnv({ ORDER_UNPAID_MAX_RUPEES: "2,00,000" })).toThrow(/ORDER_UNPAID_MAX_RUPEES/);
  });

  it("the share is of the stock left plus what the customer already holds, never under the minimum", () => {
    const limits = { stockSharePercent: 50, stockMinUnits: 5 };
    expect(holdAllowance(40, 0, limits)).toBe(20);
    expect(holdAllowance(20, 20, limits)).toBe(20);
    expect(holdAllowance(21, 0, limits)).toBe(10);
    expect(holdAllowance(1, 0, limits)).toBe(5);
    expect(holdAllowance(0, 0, limits)).toBe(5);
    expect(holdAllowance(7, 3, { stockSharePercent: 100, stockMinUnits: 1 })).toBe(10);
  });
});

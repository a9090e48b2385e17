import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct } from "../../../../tests/factories";
import { countOrders, orderLinesOf, sizeOf, sizesOf, summaryFor, summaryOf } from "../../../../tests/sizes";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { defined } from "~/platform/defined";
import { saveVariants } from "~/features/catalog/server/variants.server";
import { changeOrderStatus } from "./admin-orders.server";
import { getCustomerOrder } from "./get-customer-order.server";
import { OrderRefused, placeOrder } from "./place-order.server";

const refusal = (error: unknown) => (error instanceof OrderRefused ? { status: error.status, message: error.message } : error);

/** Neem oil in three sizes, each within its MRP with 18% GST (₹531, ₹165.20, ₹2,358.82); the 5 L is sold out. */
const neem = (name: string) =>
  createProduct({
    name,
    variants: [
      { label: "1 L", pricePaise: 45_000, mrpPaise: 55_000, stock: 10, sku: `${name}-1L` },
      { label: "250 ml", pricePaise: 14_000, mrpPaise: 17_000, stock: 2, sku: `${name}-250` },
      { label: "5 L", pricePaise: 199_900, mrpPaise: 240_000, stock: 0, sku: `${name}-5L` },
    ],
  });

/** Every size's stock and the product's summary: what a refused order must leave as it was. */
const snapshot = async (productId: string) => ({ sizes: await sizesOf(productId), summary: await summaryOf(productId) });

describe("placeOrder with pack sizes", () => {
  it("sells two sizes of one product as two lines, each with its label, SKU and price, each size's stock taken", async () => {
    const customer = await createCustomer();
    const product = await neem("Neem Oil A");
    const litre = await sizeOf(product.id, "1 L");
    const small = await sizeOf(product.id, "250 ml");
    const { orderId, created } = await placeOrder(
      customer,
      checkoutInput([
        { productId: product.id, variantId: small.id, quantity: 2 },
        { productId: product.id, variantId: litre.id, quantity: 3 },
      ]),
    );
    expect(created).toBe(true);
    expect(await orderLinesOf(orderId)).toEqual([
      {
        productId: product.id,
        variantId: litre.id,
        variantLabel: "1 L",
        sku: "Neem Oil A-1L",
        name: "Neem Oil A",
        unitPricePaise: 45_000,
        quantity: 3,
        lineTotalPaise: 135_000,
      },
      {
        productId: product.id,
        variantId: small.id,
        variantLabel: "250 ml",
        sku: "Neem Oil A-250",
        name: "Neem Oil A",
        unitPricePaise: 14_000,
        quantity: 2,
        lineTotalPaise: 28_000,
      },
    ]);
    // ₹1,350 + ₹280 = ₹1,630, with GST below ₹50,000: ₹500 delivery. GST by the product's rate, 18%,
    // line by line: ₹121.50 × 2 = ₹243 and ₹25.20 × 2 = ₹50.40 (₹293.40). Prices are shown with GST, so
    // the ₹500 paid for delivery holds its GST at the order's highest rate, 18%: ₹38.13 × 2 = ₹76.26
    // (18% of ₹423.72, the most whose charge stays within ₹500), on ₹423.74. GST in all ₹369.66.
    const order = defined(await getCustomerOrder(orderId, customer.id), "the order");
    expect(order).toMatchObject({ subtotal: 163_000, tax: 29_340 + 7_626, total: 163_000 + 50_000 + 29_340 });
    expect(order.items.map((i) => i.name).sort()).toEqual(["Neem Oil A (1 L)", "Neem Oil A (250 ml)"]);
    expect((await sizesOf(product.id)).map((s) => [s.label, s.stock])).toEqual([
      ["1 L", 7],
      ["250 ml", 0],
      ["5 L", 0],
    ]);
    // The 250 ml is sold out now: the 1 L sets the price.
    expect(await summaryOf(product.id)).toEqual({ pricePaise: 45_000, mrpPaise: 55_000, stock: 7, priceVaries: true, variantCount: 3 });
  });

  // Cash on delivery takes its stock last (on PostgreSQL in the statement that writes the order),
  // a bank transfer before pricing: each refuses the same way and writes nothing.
  for (const paymentMethod of ["bank_transfer", "cod"] as const) {
    const name = (base: string) => `${base}${paymentMethod === "cod" ? " (COD)" : ""}`;

    it(`refuses a sold-out size by name and size, writing nothing: no order, no stock taken from any size (${paymentMethod})`, async () => {
      const customer = await createCustomer();
      const product = await neem(name("Neem Oil B"));
      const litre = await sizeOf(product.id, "1 L");
      const five = await sizeOf(product.id, "5 L");
      const before = await snapshot(product.id);
      const orders = await countOrders();
      const items = [
        { productId: product.id, variantId: litre.id, quantity: 2 },
        { productId: product.id, variantId: five.id, quantity: 1 },
      ];
      await expect(placeOrder(customer, checkoutInput(items, { paymentMethod })).catch(refusal)).resolves.toEqual({
        status: 409,
        message: `${name("Neem Oil B")} (5 L) is out of stock.`,
      });
      expect(await snapshot(product.id)).toEqual(before);
      expect(await countOrders()).toBe(orders);
    });

    it(`refuses more than a size has: 'Only N of Name (size) left', nothing written (${paymentMethod})`, async () => {
      const customer = await createCustomer();
      const product = await neem(name("Neem Oil C"));
      const litre = await sizeOf(product.id, "1 L");
      const small = await sizeOf(product.id, "250 ml");
      const before = await snapshot(product.id);
      const orders = await countOrders();
      // The 1 L line is fine and comes first in the lock order or not: either way it is rolled back.
      const items = [
        { productId: product.id, variantId: litre.id, quantity: 1 },
        { productId: product.id, variantId: small.id, quantity: 3 },
      ];
      await expect(placeOrder(customer, checkoutInput(items, { paymentMethod })).catch(refusal)).resolves.toEqual({
        status: 409,
        message: `Only 2 of ${name("Neem Oil C")} (250 ml) left in stock; please reduce the quantity.`,
      });
      expect(await snapshot(product.id)).toEqual(before);
      expect(await countOrders()).toBe(orders);

      // A product with one size is named without one.
      const single = await createProduct({ name: "Khurpi", variants: [{ label: "Standard", pricePaise: 9_900, stock: 1 }] });
      await expect(
        placeOrder(customer, checkoutInput([{ productId: single.id, quantity: 2 }], { paymentMethod })).catch(refusal),
      ).resolves.toEqual({
        status: 409,
        message: "Only 1 of Khurpi left in stock; please reduce the quantity.",
      });
    });
  }

  it("refuses a size of another product than the line names (a tampered cart), writing nothing", async () => {
    const customer = await createCustomer();
    const cheap = await createProduct({ name: "Cheap Twine", variants: [{ label: "Standard", pricePaise: 1_000, stock: 5 }] });
    const dear = await neem("Neem Oil D");
    const litre = await sizeOf(dear.id, "1 L");
    const before = [await snapshot(cheap.id), await snapshot(dear.id)];
    const orders = await countOrders();
    await expect(
      placeOrder(customer, checkoutInput([{ productId: cheap.id, variantId: litre.id, quantity: 1 }])).catch(refusal),
    ).resolves.toEqual({ status: 409, message: "A product in your cart is no longer available." });
    // A size id that does not exist at all.
    await expect(
      placeOrder(customer, checkoutInput([{ productId: cheap.id, variantId: "nosuchsize12345", quantity: 1 }])).catch(refusal),
    ).resolves.toEqual({ status: 409, message: "A product in your cart is no longer available." });
    expect([await snapshot(cheap.id), await snapshot(dear.id)]).toEqual(before);
    expect(await countOrders()).toBe(orders);
  });

  it("refuses a size of a product no longer on sale, by the product's name", async () => {
    const customer = await createCustomer();
    const product = await createProduct({
      name: "Archived Sprayer",
      status: "archived",
      variants: [
        { label: "8 L", pricePaise: 150_000, stock: 5 },
        { label: "16 L", pricePaise: 250_000, stock: 5 },
      ],
    });
    const big = await sizeOf(product.id, "16 L");
    await expect(
      placeOrder(customer, checkoutInput([{ productId: product.id, variantId: big.id, quantity: 1 }])).catch(refusal),
    ).resolves.toEqual({ status: 409, message: "Archived Sprayer is no longer available." });
    expect((await sizeOf(product.id, "16 L")).stock).toBe(5);
  });

  it("buys the product's first size (its id is the product's) for a line from before sizes", async () => {
    const customer = await createCustomer();
    const product = await neem("Neem Oil E");
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 4 }]));
    const lines = await orderLinesOf(orderId);
    expect(lines).toEqual([
      expect.objectContaining({ variantId: product.id, variantLabel: "1 L", sku: "Neem Oil E-1L", unitPricePaise: 45_000, quantity: 4 }),
    ]);
    expect((await sizesOf(product.id)).map((s) => s.stock)).toEqual([6, 2, 0]);

    // The old line and a line naming the same size are one line of their sum. Another customer: the
    // first one's waiting bank transfer already holds their share of this size.
    const { orderId: merged } = await placeOrder(
      await createCustomer(),
      checkoutInput([
        { productId: product.id, quantity: 1 },
        { productId: product.id, variantId: product.id, quantity: 2 },
      ]),
    );
    expect((await orderLinesOf(merged)).map((l) => [l.variantId, l.quantity])).toEqual([[product.id, 3]]);
    expect((await sizeOf(product.id, "1 L")).stock).toBe(3);
  });

  it("keeps a product with one size unlabelled on its order line, with its default SKU", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ name: "Garden Hoe", variants: [{ label: "Standard", pricePaise: 35_000, stock: 4 }] });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, variantId: product.id, quantity: 1 }]));
    expect(await orderLinesOf(orderId)).toEqual([
      {
        productId: product.id,
        variantId: product.id,
        variantLabel: "",
        sku: `AG-${product.id.toUpperCase()}`,
        name: "Garden Hoe",
        unitPricePaise: 35_000,
        quantity: 1,
        lineTotalPaise: 35_000,
      },
    ]);
    expect((await getCustomerOrder(orderId, customer.id))?.items.map((i) => i.name)).toEqual(["Garden Hoe"]);
  });

  it("merges one size's lines before the 999 cap; other sizes have caps of their own", async () => {
    const customer = await createCustomer();
    const product = await createProduct({
      variants: [
        { label: "1 kg", pricePaise: 1_000, stock: 5000 },
        { label: "5 kg", pricePaise: 4_000, stock: 5000 },
      ],
    });
    const five = await sizeOf(product.id, "5 kg");
    const before = await snapshot(product.id);
    const orders = await countOrders();
    await expect(
      placeOrder(
        customer,
        checkoutInput([
          { productId: product.id, variantId: five.id, quantity: 600 },
          { productId: product.id, variantId: product.id, quantity: 1 },
          { productId: product.id, variantId: five.id, quantity: 400 },
        ]),
      ).catch(refusal),
    ).resolves.toEqual({ status: 400, message: "At most 999 of one product per order." });
    expect(await snapshot(product.id)).toEqual(before);
    expect(await countOrders()).toBe(orders);

    // 999 of each size is allowed: the cap is per size.
    const { orderId } = await placeOrder(
      customer,
      checkoutInput([
        { productId: product.id, variantId: five.id, quantity: 500 },
        { productId: product.id, variantId: product.id, quantity: 999 },
        { productId: product.id, variantId: five.id, quantity: 499 },
      ]),
    );
    expect((await orderLinesOf(orderId)).map((l) => [l.variantLabel, l.quantity])).toEqual([
      ["1 kg", 999],
      ["5 kg", 999],
    ]);
    expect((await sizesOf(product.id)).map((s) => s.stock)).toEqual([4001, 4001]);
    expect((await summaryOf(product.id)).stock).toBe(8002);
  });
});

// A bank transfer holds its stock before the order is priced; cash on delivery takes it last, on
// PostgreSQL in the statement that writes the order (placeTakingStock): both under the same rush.
for (const paymentMethod of ["bank_transfer", "cod"] as const) {
  describe(`simultaneous orders for one size (${paymentMethod})`, () => {
    it(`sells the last 5 of a size to exactly 5 of 10 customers (${getDatabase().engine}); the other size and the summary stay right`, async () => {
      const product = await createProduct({
        name: "Hybrid Tomato Seeds",
        variants: [
          { label: "10 g", pricePaise: 9_000, stock: 5 },
          { label: "50 g", pricePaise: 40_000, stock: 3 },
        ],
      });
      const customers = await Promise.all(Array.from({ length: 10 }, () => createCustomer()));
      const orders = await countOrders();
      const results = await Promise.allSettled(
        customers.map((c) =>
          placeOrder(c, checkoutInput([{ productId: product.id, variantId: product.id, quantity: 1 }], { paymentMethod })),
        ),
      );
      const ok = results.filter((r) => r.status === "fulfilled");
      const refused = results.flatMap((r) => (r.status === "rejected" ? [refusal(r.reason)] : []));
      expect(ok).toHaveLength(5);
      expect(refused).toEqual(Array.from({ length: 5 }, () => ({ status: 409, message: "Hybrid Tomato Seeds (10 g) is out of stock." })));
      expect((await countOrders()) - orders).toBe(5);
      expect((await sizesOf(product.id)).map((s) => [s.label, s.stock])).toEqual([
        ["10 g", 0],
        ["50 g", 3],
      ]);
      const sizes = await sizesOf(product.id);
      expect(await summaryOf(product.id)).toEqual(summaryFor(sizes));
      expect(await summaryOf(product.id)).toEqual({ pricePaise: 40_000, mrpPaise: 47_200, stock: 3, priceVaries: true, variantCount: 2 });
      // Every sale is on record: 5 lines of one unit.
      const sold = await getDb()
        .selectFrom("order_line")
        .select((eb) => eb.fn.sum<number>("quantity").as("n"))
        .where("variant_id", "=", product.id)
        .executeTakeFirstOrThrow();
      expect(Number(sold.n)).toBe(5);
    });

    it("never sells below zero when customers ask for different amounts of one size at once", async () => {
      const product = await createProduct({
        variants: [
          { label: "1 kg", pricePaise: 5_000, stock: 7 },
          { label: "25 kg", pricePaise: 90_000, stock: 2 },
        ],
      });
      const customers = await Promise.all(Array.from({ length: 8 }, () => createCustomer()));
      const quantities = [3, 2, 4, 1, 5, 2, 3, 1];
      const results = await Promise.allSettled(
        customers.map((c, i) =>
          placeOrder(
            c,
            checkoutInput([{ productId: product.id, variantId: product.id, quantity: defined(quantities[i], "a quantity") }], {
              paymentMethod,
            }),
          ),
        ),
      );
      const sold = results.reduce((sum, r, i) => sum + (r.status === "fulfilled" ? defined(quantities[i], "a quantity") : 0), 0);
      const left = (await sizeOf(product.id, "1 kg")).stock;
      expect(left).toBeGreaterThanOrEqual(0);
      expect(sold + left).toBe(7);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(OrderRefused);
      expect(await summaryOf(product.id)).toEqual(summaryFor(await sizesOf(product.id)));
    });

    it("does not deadlock on orders naming two products' sizes in opposite orders, with cancels running alongside", async () => {
      const admin = await createCustomer({ role: "admin" });
      const p = await createProduct({
        variants: [
          { label: "A1", pricePaise: 1_000, stock: 100 },
          { label: "A2", pricePaise: 2_000, stock: 100 },
        ],
      });
      const q = await createProduct({
        variants: [
          { label: "B1", pricePaise: 3_000, stock: 100 },
          { label: "B2", pricePaise: 4_000, stock: 100 },
        ],
      });
      const [a1, a2] = await sizesOf(p.id);
      const [b1, b2] = await sizesOf(q.id);
      if (!a1 || !a2 || !b1 || !b2) throw new Error("two sizes each");
      const forward = [
        { productId: p.id, variantId: a1.id, quantity: 1 },
        { productId: p.id, variantId: a2.id, quantity: 1 },
        { productId: q.id, variantId: b1.id, quantity: 1 },
        { productId: q.id, variantId: b2.id, quantity: 1 },
      ];
      const backward = [...forward].reverse();
      // Earlier orders to cancel while the new ones are placed: a cancel takes the same rows.
      const early = await Promise.all(Array.from({ length: 4 }, () => createCustomer()));
      const toCancel = [];
      for (const c of early) toCancel.push((await placeOrder(c, checkoutInput(forward, { paymentMethod }))).orderId);
      const customers = await Promise.all(Array.from({ length: 12 }, () => createCustomer()));
      const results = await Promise.allSettled([
        ...customers.map((c, i) => placeOrder(c, checkoutInput(i % 2 ? forward : backward, { paymentMethod }))),
        ...toCancel.map((id) => changeOrderStatus(id, "cancelled", admin.id)),
      ]);
      expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason)).toEqual([]);
      // 100 − 4 early + 4 cancelled − 12 = 88 of every size.
      for (const productId of [p.id, q.id]) {
        expect((await sizesOf(productId)).map((s) => s.stock)).toEqual([88, 88]);
        expect(await summaryOf(productId)).toEqual(summaryFor(await sizesOf(productId)));
      }
    });
  });
}

describe("cancelling an order with several sizes", () => {
  it("puts each size's stock back and the summary with it; a size deleted since has nothing to take back", async () => {
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const product = await neem("Neem Oil F");
    const other = await createProduct({ variants: [{ label: "Standard", pricePaise: 7_000, stock: 3 }] });
    const litre = await sizeOf(product.id, "1 L");
    const small = await sizeOf(product.id, "250 ml");
    const before = await snapshot(product.id);
    const { orderId } = await placeOrder(
      customer,
      checkoutInput([
        { productId: product.id, variantId: litre.id, quantity: 4 },
        { productId: product.id, variantId: small.id, quantity: 2 },
        { productId: other.id, quantity: 3 },
      ]),
    );
    expect((await sizesOf(product.id)).map((s) => s.stock)).toEqual([6, 0, 0]);
    expect(await summaryOf(product.id)).toMatchObject({ pricePaise: 45_000, mrpPaise: 55_000, stock: 6 });
    expect(await summaryOf(other.id)).toMatchObject({ stock: 0 });

    await changeOrderStatus(orderId, "cancelled", admin.id);
    expect(await snapshot(product.id)).toEqual(before);
    expect(await summaryOf(product.id)).toEqual({ pricePaise: 14_000, mrpPaise: 17_000, stock: 12, priceVaries: true, variantCount: 3 });
    expect(await summaryOf(other.id)).toMatchObject({ stock: 3 });

    // Sold again, then the 250 ml is dropped from the product before the cancel.
    const again = await placeOrder(
      customer,
      checkoutInput([
        { productId: product.id, variantId: litre.id, quantity: 1 },
        { productId: product.id, variantId: small.id, quantity: 1 },
      ]),
    );
    const sizes = await sizesOf(product.id);
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("product").set({ updated_at: new Date().toISOString() }).where("id", "=", product.id).execute();
        await saveVariants(
          trx,
          product.id,
          sizes
            .filter((s) => s.id !== small.id)
            .map((s) => ({
              id: s.id,
              label: s.label,
              packQuantity: s.packQuantity,
              packUnit: s.packUnit,
              sku: s.sku,
              mrpPaise: s.mrpPaise,
              pricePaise: s.pricePaise,
              stock: s.stock,
              weightGrams: 1000,
            })),
          { isNew: false },
        );
      });
    await changeOrderStatus(again.orderId, "cancelled", admin.id);
    expect((await sizesOf(product.id)).map((s) => [s.label, s.stock])).toEqual([
      ["1 L", 10],
      ["5 L", 0],
    ]);
    expect(await summaryOf(product.id)).toEqual({ pricePaise: 45_000, mrpPaise: 55_000, stock: 10, priceVaries: true, variantCount: 2 });
  });
});

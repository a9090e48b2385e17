import { afterEach, describe, expect, it, vi } from "vitest";
import { createCustomer, createProduct, checkoutInput } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { CheckoutSchema } from "~/features/cart/domain/checkout";
import { defined } from "~/platform/defined";
import { withLocale } from "~/platform/i18n/i18n.server";
import { OrderRefused, placeOrder } from "./place-order.server";
import { getCustomerOrder } from "./get-customer-order.server";
import { listCustomerOrders } from "./list-customer-orders.server";
import { issueText } from "~/platform/i18n/render-refusal.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/features/settings/domain/settings";
import { saveSetting } from "~/features/settings/server/save-setting.server";

afterEach(() => saveSetting("general", DEFAULT_GENERAL_SETTINGS));

const stockOf = async (id: string) =>
  Number((await getDb().selectFrom("product").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock);
const orderCount = async () =>
  Number(
    (
      await getDb()
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("placeOrder", () => {
  it("charges the database's prices, whatever the browser sent", async () => {
    const customer = await createCustomer();
    const seeds = await createProduct({ pricePaise: 54_900, stock: 10 });
    const pump = await createProduct({ pricePaise: 2_499_900, stock: 3 });
    // A tampered form: prices and totals in the payload are not part of the schema and are dropped.
    const form = {
      ...checkoutInput([]),
      items: JSON.stringify([
        { productId: seeds.id, quantity: 2, pricePaise: 1 },
        { productId: pump.id, quantity: 2, price: 0 },
      ]),
      total: "1",
      subtotal: "1",
    };
    const input = CheckoutSchema.parse(form);
    const { orderId } = await placeOrder(customer, input);
    const order = await getCustomerOrder(orderId, customer.id);
    // 2 × ₹549 + 2 × ₹24,999 = ₹51,096. GST by each product's rate, 18%, in halves rounded to the paisa:
    // ₹98.82 × 2 on ₹1,098 and ₹4,499.82 × 2 on ₹49,998: ₹9,197.28. With GST above ₹50,000: free delivery.
    expect(order).toMatchObject({ subtotal: 5_109_600, tax: 919_728, total: 5_109_600 + 919_728, status: "pending" });
    expect(order?.items.map((i) => i.unitPrice).sort((a, b) => a - b)).toEqual([54_900, 2_499_900]);
    expect(await stockOf(seeds.id)).toBe(8);
    expect(await stockOf(pump.id)).toBe(1);
  });

  it("stores the page's language on the order, for its emails", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 10 });
    const localeOf = async (id: string) =>
      (await getDb().selectFrom("orders").select("locale").where("id", "=", id).executeTakeFirstOrThrow()).locale;
    const hindi = await withLocale("hi", () => placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }])));
    const english = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]));
    expect(await localeOf(hindi.orderId)).toBe("hi");
    expect(await localeOf(english.orderId)).toBe("en");
  });

  it("the specification's arithmetic (flat 18%, prices before GST): ₹500 shipping at exactly ₹50,000 and none at ₹50,001", async () => {
    await saveSetting("general", { ...DEFAULT_GENERAL_SETTINGS, taxMode: "flat", priceDisplay: "exclusive" });
    const customer = await createCustomer();
    const fifty = await createProduct({ pricePaise: 5_000_000 });
    const fiftyOne = await createProduct({ pricePaise: 5_000_100 });
    const orderOf = async (productId: string) =>
      defined(
        await getCustomerOrder((await placeOrder(customer, checkoutInput([{ productId, quantity: 1 }]))).orderId, customer.id),
        "the order just placed",
      );
    const a = await orderOf(fifty.id);
    const b = await orderOf(fiftyOne.id);
    expect(a.total - a.subtotal - a.tax).toBe(50_000);
    expect(b.total - b.subtotal - b.tax).toBe(0);
  });

  it("by default free delivery is measured on the goods with their GST, and the ₹500 paid for it holds its own GST", async () => {
    const customer = await createCustomer();
    // ₹42,372.88 + 18% GST (₹3,813.56 × 2) = ₹50,000.00 exactly; a paisa more, with the same GST
    // (each half ₹3,813.5601 rounds to ₹3,813.56), comes to ₹50,000.01.
    const fifty = await createProduct({ pricePaise: 4_237_288, gstRate: 18 });
    const overFifty = await createProduct({ pricePaise: 4_237_289, gstRate: 18 });
    const orderOf = async (productId: string) =>
      defined(
        await getCustomerOrder((await placeOrder(customer, checkoutInput([{ productId, quantity: 1 }]))).orderId, customer.id),
        "the order just placed",
      );
    const a = await orderOf(fifty.id);
    const b = await orderOf(overFifty.id);
    expect(a.total).toBe(5_000_000 + 50_000);
    expect(b.total).toBe(5_000_001);
    expect(b.tax).toBe(762_712);
  });

  it("sells the last 5 units to exactly 5 of 20 simultaneous customers", async () => {
    const product = await createProduct({ stock: 5, pricePaise: 100_000 });
    const customers = await Promise.all(Array.from({ length: 20 }, () => createCustomer()));
    const before = await orderCount();
    const results = await Promise.allSettled(customers.map((c) => placeOrder(c, checkoutInput([{ productId: product.id, quantity: 1 }]))));
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(OrderRefused);
    expect(await stockOf(product.id)).toBe(0);
    expect((await orderCount()) - before).toBe(5);
  });

  it("returns the first order for a repeated checkout key, even when the repeats race", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 10 });
    const input = checkoutInput([{ productId: product.id, quantity: 2 }]);
    const before = await orderCount();
    const results = await Promise.all([placeOrder(customer, input), placeOrder(customer, input), placeOrder(customer, input)]);
    expect(new Set(results.map((r) => r.orderId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect((await orderCount()) - before).toBe(1);
    expect(await stockOf(product.id)).toBe(8);
  });

  it("changes nothing when one line cannot be filled, and names the product", async () => {
    const customer = await createCustomer();
    const plenty = await createProduct({ stock: 10 });
    const scarce = await createProduct({ name: "Neem Cake Powder 40 kg", stock: 1 });
    const before = await orderCount();
    await expect(
      placeOrder(
        customer,
        checkoutInput([
          { productId: plenty.id, quantity: 3 },
          { productId: scarce.id, quantity: 2 },
        ]),
      ),
    ).rejects.toThrow("Only 1 of Neem Cake Powder 40 kg left in stock");
    expect(await stockOf(plenty.id)).toBe(10);
    expect(await stockOf(scarce.id)).toBe(1);
    expect(await orderCount()).toBe(before);
  });

  it("refuses products that are out of stock, hidden or unknown", async () => {
    const customer = await createCustomer();
    const gone = await createProduct({ name: "Rotavator 6 ft", stock: 0 });
    const pending = await createProduct({ name: "Pending Listing", status: "pending" });
    await expect(placeOrder(customer, checkoutInput([{ productId: gone.id, quantity: 1 }]))).rejects.toThrow(
      "Rotavator 6 ft is out of stock.",
    );
    await expect(placeOrder(customer, checkoutInput([{ productId: pending.id, quantity: 1 }]))).rejects.toThrow(
      "Pending Listing is no longer available.",
    );
    await expect(placeOrder(customer, checkoutInput([{ productId: "nosuchproduct1", quantity: 1 }]))).rejects.toThrow(
      /no longer available/,
    );
  });

  it("caps a product at 999 after its cart lines are merged: three lines of 999 are one order of 2,997", async () => {
    const customer = await createCustomer();
    const product = await createProduct({ stock: 5000 });
    const before = await orderCount();
    const threeLines = [1, 2, 3].map(() => ({ productId: product.id, quantity: 999 }));
    await expect(placeOrder(customer, checkoutInput(threeLines))).rejects.toThrow("At most 999 of one product per order.");
    const parsed = CheckoutSchema.safeParse({ ...checkoutInput([]), items: JSON.stringify(threeLines) });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path[0], issueText(i, "en")])).toEqual([["items", "At most 999 of one product per order."]]);
    expect(await stockOf(product.id)).toBe(5000);
    expect(await orderCount()).toBe(before);

    // 500 + 499 on two lines is 999 of it: one order line.
    const twoLines = CheckoutSchema.parse({
      ...checkoutInput([]),
      items: JSON.stringify([
        { productId: product.id, quantity: 500 },
        { productId: product.id, quantity: 499 },
      ]),
    });
    expect(twoLines.items).toEqual([{ productId: product.id, variantId: product.id, quantity: 999 }]);
    const { orderId } = await placeOrder(customer, twoLines);
    expect((await getCustomerOrder(orderId, customer.id))?.items.map((i) => i.quantity)).toEqual([999]);
    expect(await stockOf(product.id)).toBe(4001);
  });

  it("rejects malformed quantities before touching the database", () => {
    for (const quantity of [0, -1, 1.5, 1000, "abc"]) {
      const parsed = CheckoutSchema.safeParse({ ...checkoutInput([]), items: JSON.stringify([{ productId: "abcdef123456", quantity }]) });
      expect(parsed.success).toBe(false);
    }
    expect(CheckoutSchema.safeParse({ ...checkoutInput([]), items: "not json" }).success).toBe(false);
    expect(CheckoutSchema.safeParse({ ...checkoutInput([]), items: "[]" }).success).toBe(false);
    expect(
      CheckoutSchema.safeParse({
        ...checkoutInput([]),
        items: JSON.stringify([{ productId: "abcdef123456", quantity: 1 }]),
        pincode: "12345",
      }).success,
    ).toBe(false);
    expect(
      CheckoutSchema.safeParse({
        ...checkoutInput([]),
        items: JSON.stringify([{ productId: "abcdef123456", quantity: 1 }]),
        paymentMethod: "<script>",
      }).success,
    ).toBe(false);
  });
});

describe("reading orders", () => {
  it("shows a customer only their own orders, newest first", async () => {
    const asha = await createCustomer();
    const ravi = await createCustomer();
    const product = await createProduct({ stock: 10 });
    // Placed a minute apart by the clock, not by waiting.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-11-22T10:00:00.000Z"));
    const first = await placeOrder(asha, checkoutInput([{ productId: product.id, quantity: 1 }]));
    vi.setSystemTime(new Date("2025-11-22T10:01:00.000Z"));
    const second = await placeOrder(asha, checkoutInput([{ productId: product.id, quantity: 1 }]));
    vi.useRealTimers();
    expect(await getCustomerOrder(first.orderId, ravi.id)).toBeNull();
    expect((await listCustomerOrders(ravi.id)).rows).toEqual([]);
    const list = (await listCustomerOrders(asha.id)).rows;
    expect(list.map((o) => o.id)).toEqual([second.orderId, first.orderId]);
    expect(list[0]?.items[0]?.current?.stock).toBe(8);
  });
});

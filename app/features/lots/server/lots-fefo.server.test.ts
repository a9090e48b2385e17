import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createLot, createProduct } from "../../../../tests/factories";
import { sizeOf, sizesOf } from "../../../../tests/sizes";
import { saveVariants } from "~/features/catalog/server/variants.server";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { addDays, indiaToday } from "~/platform/core/india-day";
import { OrderRefused, placeOrder } from "~/features/orders/server/place-order.server";
import { cancelOrder } from "~/features/orders/server/cancel-order.server";
import { syncLotStock } from "./lot-stock.server";
import { lotsLeft, lotsOfOrder, stockOf } from "../../../../tests/lots";

const engine = getDatabase().engine;
const today = indiaToday();

async function tomatoSeed(stock = 0) {
  const product = await createProduct({
    name: `Tomato seed ${Date.now().toString(36)}`,
    category: "seeds",
    variants: [{ label: "10 g", pricePaise: 15_000, stock }],
  });
  return { product, size: await sizeOf(product.id, "10 g") };
}

async function order(productId: string, variantId: string, quantity: number, paymentMethod: "cod" | "upi" = "cod") {
  const customer = await createCustomer();
  const placed = await placeOrder(customer, checkoutInput([{ productId, variantId, quantity }], { paymentMethod }));
  return { ...placed, customer };
}

describe(`lots, first expiry first out (${engine})`, () => {
  it("a size's stock is the sum of its sellable lots: expired, past the margin and recalled lots are not counted", async () => {
    const { size } = await tomatoSeed(99);
    await createLot(size.id, { number: "A", quantity: 5 });
    expect(await stockOf(size.id)).toBe(5);
    await createLot(size.id, { number: "OLD", quantity: 7, expiresOn: today });
    await createLot(size.id, { number: "MARGIN", quantity: 3, expiresOn: addDays(today, 20), sellBefore: today });
    await createLot(size.id, { number: "RECALLED", quantity: 4, recalled: true });
    await createLot(size.id, { number: "B", quantity: 2, expiresOn: addDays(today, 1) });
    expect(await stockOf(size.id)).toBe(7);
  });

  it("an order takes the earliest-expiring sellable lots first and records them; a cancellation puts them back", async () => {
    const { product, size } = await tomatoSeed();
    await createLot(size.id, { number: "LATE", quantity: 10, expiresOn: addDays(today, 300) });
    await createLot(size.id, { number: "SOON", quantity: 3, expiresOn: addDays(today, 30) });
    await createLot(size.id, { number: "NONE", quantity: 10, expiresOn: null });
    await createLot(size.id, { number: "GONE", quantity: 10, expiresOn: addDays(today, -1) });
    expect(await stockOf(size.id)).toBe(23);

    const placed = await order(product.id, size.id, 5);
    expect(await lotsOfOrder(placed.orderId)).toEqual([
      ["LATE", 2],
      ["SOON", 3],
    ]);
    expect(await lotsLeft(size.id)).toEqual({ LATE: 8, SOON: 0, NONE: 10, GONE: 10 });
    expect(await stockOf(size.id)).toBe(18);

    // Paid online: the stock is taken before the lines are written, on both engines.
    const prepaid = await order(product.id, size.id, 9, "upi");
    expect(await lotsOfOrder(prepaid.orderId)).toEqual([
      ["LATE", 8],
      ["NONE", 1],
    ]);
    expect(await stockOf(size.id)).toBe(9);

    await cancelOrder({ orderId: placed.orderId, actor: { role: "customer", id: placed.customer.id } });
    expect(await lotsLeft(size.id)).toEqual({ LATE: 2, SOON: 3, NONE: 9, GONE: 10 });
    expect(await stockOf(size.id)).toBe(14);
  });

  it("a lot that reached its sell-by day since the stock was counted is not sold: the order is refused with what is left", async () => {
    const { product, size } = await tomatoSeed();
    const soon = await createLot(size.id, { number: "SOON", quantity: 4, expiresOn: addDays(today, 5) });
    await createLot(size.id, { number: "LATER", quantity: 2, expiresOn: addDays(today, 50) });
    // The day passes: the lot's sell-by day is today, and no sweep has run yet.
    await getDb().updateTable("lot").set({ sell_before: today }).where("id", "=", soon.id).execute();
    expect(await stockOf(size.id)).toBe(6);

    const refused = await order(product.id, size.id, 3).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OrderRefused);
    expect((refused as OrderRefused).message).toMatch(/only 2 of .* left/i);
    expect(await stockOf(size.id)).toBe(2);
    expect(await lotsLeft(size.id)).toEqual({ SOON: 4, LATER: 2 });

    const placed = await order(product.id, size.id, 2);
    expect(await lotsOfOrder(placed.orderId)).toEqual([["LATER", 2]]);
  });

  it("racing orders never take more than the lots hold", async () => {
    const { product, size } = await tomatoSeed();
    await createLot(size.id, { number: "L1", quantity: 3, expiresOn: addDays(today, 10) });
    await createLot(size.id, { number: "L2", quantity: 3, expiresOn: addDays(today, 20) });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => order(product.id, size.id, 1)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(6);
    expect(await lotsLeft(size.id)).toEqual({ L1: 0, L2: 0 });
    const taken = await getDb()
      .selectFrom("order_line_lot as t")
      .innerJoin("lot", "lot.id", "t.lot_id")
      .select((eb) => eb.fn.sum<number>("t.quantity").as("units"))
      .where("lot.variant_id", "=", size.id)
      .executeTakeFirstOrThrow();
    expect(Number(taken.units)).toBe(6);
    expect(await stockOf(size.id)).toBe(0);
    expect(await syncLotStock(getDb(), engine, [size.id])).toEqual([]);
  });
});

describe(`a size whose lots are empty, deleted (${engine})`, () => {
  it("keeps its lots and the orders' record of them", async () => {
    const product = await createProduct({
      name: `Chilli seed ${Date.now().toString(36)}`,
      category: "seeds",
      variants: [
        { label: "10 g", pricePaise: 15_000, stock: 0 },
        { label: "50 g", pricePaise: 60_000, stock: 5 },
      ],
    });
    const small = await sizeOf(product.id, "10 g");
    const large = await sizeOf(product.id, "50 g");
    await createLot(small.id, { number: "C1", quantity: 2 });
    const placed = await order(product.id, small.id, 2);
    // The product's form saved with the 10 g size left out.
    const kept = { id: large.id, label: "50 g", packQuantity: 50, packUnit: "g" as const, sku: large.sku, mrpPaise: 60_000 };
    await getDb()
      .transaction()
      .execute((trx) => saveVariants(trx, product.id, [{ ...kept, pricePaise: 60_000, stock: 5, weightGrams: 60 }], { isNew: false }));
    expect(await sizesOf(product.id)).toHaveLength(1);
    expect(await lotsOfOrder(placed.orderId)).toEqual([["C1", 2]]);
    expect(await lotsLeft(small.id)).toEqual({ C1: 0 });
  });
});

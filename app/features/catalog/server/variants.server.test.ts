import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, versionOf } from "../../../../tests/factories";
import { orderLinesOf, sizeOf, sizesOf, summaryFor, summaryOf } from "../../../../tests/sizes";
import { getDb } from "~/platform/db/db.server";
import type { VariantInput, VariantView } from "~/features/catalog/domain/variants";
import { changeOrderStatus } from "~/features/orders/server/admin-orders.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { saveVariants } from "./variants.server";

// Three sizes whose cheapest (500 g) is not the first: the summary must not just take position 0.
const threeSizes = [
  { label: "1 kg", pricePaise: 50_000, mrpPaise: 60_000, stock: 3 },
  { label: "500 g", pricePaise: 30_000, mrpPaise: 32_000, stock: 1 },
  { label: "5 kg", pricePaise: 200_000, mrpPaise: 250_000, stock: 2 },
];

/** A size as the edit form sends it back, with changes. */
const input = (s: VariantView, changes: Partial<VariantInput> = {}): VariantInput => ({
  id: s.id,
  label: s.label,
  packQuantity: s.packQuantity,
  packUnit: s.packUnit,
  sku: s.sku,
  mrpPaise: s.mrpPaise,
  pricePaise: s.pricePaise,
  stock: s.stock,
  weightGrams: 1000,
  ...changes,
});

/** The product form's save: the product row first (its version counted), then the sizes. */
async function saveSizes(productId: string, variants: VariantInput[]) {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable("product")
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .where("id", "=", productId)
        .execute();
      await saveVariants(trx, productId, variants, { isNew: false });
    });
}

describe("the product's summary of its sizes", () => {
  it("after creation: lowest in-stock price with its MRP, total stock, price varies, three sizes", async () => {
    const product = await createProduct({ variants: threeSizes });
    expect(await summaryOf(product.id)).toEqual({ pricePaise: 30_000, mrpPaise: 32_000, stock: 6, priceVaries: true, variantCount: 3 });
    const sizes = await sizesOf(product.id);
    expect(sizes.map((s) => [s.label, s.pricePaise, s.mrpPaise, s.stock])).toEqual([
      ["1 kg", 50_000, 60_000, 3],
      ["500 g", 30_000, 32_000, 1],
      ["5 kg", 200_000, 250_000, 2],
    ]);
    // The first size has the product's id and the default SKU; the others ids and SKUs of their own.
    expect(sizes[0]?.id).toBe(product.id);
    expect(sizes[0]?.sku).toBe(`AG-${product.id.toUpperCase()}`);
    expect(new Set(sizes.map((s) => s.id)).size).toBe(3);
    expect(new Set(sizes.map((s) => s.sku)).size).toBe(3);
  });

  it("a sale that sells out the cheapest size moves the price up to the next size in stock; a cancel moves it back", async () => {
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const product = await createProduct({ variants: threeSizes });
    const half = await sizeOf(product.id, "500 g");
    const before = await versionOf(product.id);

    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, variantId: half.id, quantity: 1 }]));
    expect((await sizeOf(product.id, "500 g")).stock).toBe(0);
    expect(await summaryOf(product.id)).toEqual({ pricePaise: 50_000, mrpPaise: 60_000, stock: 5, priceVaries: true, variantCount: 3 });
    // A sale changes stock an open edit form shows: the form is now stale.
    expect(await versionOf(product.id)).toBe(before + 1);

    await changeOrderStatus(orderId, "cancelled", admin.id);
    expect((await sizeOf(product.id, "500 g")).stock).toBe(1);
    expect(await summaryOf(product.id)).toEqual({ pricePaise: 30_000, mrpPaise: 32_000, stock: 6, priceVaries: true, variantCount: 3 });
    expect(await versionOf(product.id)).toBe(before + 2);
  });

  it("with every size sold out: the lowest price of all, its MRP, stock 0", async () => {
    const customer = await createCustomer();
    const product = await createProduct({
      variants: [
        { label: "1 kg", pricePaise: 50_000, mrpPaise: 60_000, stock: 1 },
        { label: "500 g", pricePaise: 30_000, mrpPaise: 32_000, stock: 0 },
      ],
    });
    // The 500 g is sold out from the start: the 1 kg sets the price.
    expect(await summaryOf(product.id)).toEqual({ pricePaise: 50_000, mrpPaise: 60_000, stock: 1, priceVaries: true, variantCount: 2 });
    await placeOrder(customer, checkoutInput([{ productId: product.id, variantId: product.id, quantity: 1 }]));
    expect(await summaryOf(product.id)).toEqual({ pricePaise: 30_000, mrpPaise: 32_000, stock: 0, priceVaries: true, variantCount: 2 });

    const none = await createProduct({ variants: [{ label: "Standard", pricePaise: 12_300, mrpPaise: 15_000, stock: 0 }] });
    expect(await summaryOf(none.id)).toEqual({ pricePaise: 12_300, mrpPaise: 15_000, stock: 0, priceVaries: false, variantCount: 1 });
  });

  it("on a price tie the MRP is the first such size's, by position", async () => {
    const product = await createProduct({
      variants: [
        { label: "A", pricePaise: 40_000, mrpPaise: 45_000, stock: 1 },
        { label: "B", pricePaise: 40_000, mrpPaise: 49_000, stock: 1 },
      ],
    });
    expect(await summaryOf(product.id)).toEqual({ pricePaise: 40_000, mrpPaise: 45_000, stock: 2, priceVaries: false, variantCount: 2 });
  });

  it("follows the product form's edits: a price change, a removal, a new size, equal prices", async () => {
    const product = await createProduct({ variants: threeSizes });
    const [kilo, half, five] = await sizesOf(product.id);
    if (!kilo || !half || !five) throw new Error("three sizes");
    const version = await versionOf(product.id);

    // The 1 kg on offer below the 500 g.
    await saveSizes(product.id, [input(kilo, { pricePaise: 25_000, mrpPaise: 55_000 }), input(half), input(five)]);
    expect(await summaryOf(product.id)).toEqual({ pricePaise: 25_000, mrpPaise: 55_000, stock: 6, priceVaries: true, variantCount: 3 });
    // The form's own save counted its write once; the summary does not count it again.
    expect(await versionOf(product.id)).toBe(version + 1);

    // The 1 kg removed, the 5 kg restocked, a new 10 kg added: order kept as sent.
    await saveSizes(product.id, [
      input(half),
      input(five, { stock: 7 }),
      { label: "10 kg", packQuantity: 10, packUnit: "kg", sku: "", mrpPaise: 390_000, pricePaise: 380_000, stock: 4, weightGrams: 10_000 },
    ]);
    const after = await sizesOf(product.id);
    expect(after.map((s) => [s.label, s.stock])).toEqual([
      ["500 g", 1],
      ["5 kg", 7],
      ["10 kg", 4],
    ]);
    expect(after.map((s) => s.id).slice(0, 2)).toEqual([half.id, five.id]);
    expect(after.map((s) => s.id)).not.toContain(kilo.id);
    expect(after[2]?.sku).toBe(`AG-${after[2]?.id.toUpperCase()}`);
    expect(await summaryOf(product.id)).toEqual({ pricePaise: 30_000, mrpPaise: 32_000, stock: 12, priceVaries: true, variantCount: 3 });
    expect(await summaryOf(product.id)).toEqual(summaryFor(after));

    // One price for all: no "from".
    const [a, b, c] = after;
    if (!a || !b || !c) throw new Error("three sizes");
    await saveSizes(
      product.id,
      [a, b, c].map((s) => input(s, { pricePaise: 30_000, mrpPaise: 30_000 })),
    );
    expect(await summaryOf(product.id)).toMatchObject({ pricePaise: 30_000, priceVaries: false, variantCount: 3 });

    // Down to one size.
    await saveSizes(product.id, [input(b, { pricePaise: 31_000, mrpPaise: 33_000, stock: 0 })]);
    expect(await summaryOf(product.id)).toEqual({ pricePaise: 31_000, mrpPaise: 33_000, stock: 0, priceVaries: false, variantCount: 1 });
  });

  it("lets two sizes swap SKUs in one save; a removed size's order lines keep their snapshot", async () => {
    const customer = await createCustomer();
    const product = await createProduct({
      variants: [
        { label: "1 L", pricePaise: 40_000, stock: 5, sku: "NEEM-1L" },
        { label: "5 L", pricePaise: 180_000, stock: 5, sku: "NEEM-5L" },
      ],
    });
    const [one, five] = await sizesOf(product.id);
    if (!one || !five) throw new Error("two sizes");
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, variantId: five.id, quantity: 2 }]));

    await saveSizes(product.id, [input(one, { sku: "NEEM-5L" }), input(five, { sku: "NEEM-1L" })]);
    expect((await sizesOf(product.id)).map((s) => [s.id, s.sku])).toEqual([
      [one.id, "NEEM-5L"],
      [five.id, "NEEM-1L"],
    ]);

    await saveSizes(product.id, [input(one, { sku: "NEEM-5L" })]);
    expect((await sizesOf(product.id)).map((s) => s.id)).toEqual([one.id]);
    expect(await orderLinesOf(orderId)).toEqual([
      {
        productId: product.id,
        variantId: five.id,
        variantLabel: "5 L",
        sku: "NEEM-5L",
        name: product.name,
        unitPricePaise: 180_000,
        quantity: 2,
        lineTotalPaise: 360_000,
      },
    ]);
    // The 1 L's MRP: ₹400 with 18% GST (the factory's MRP for a size without one).
    expect(await summaryOf(product.id)).toEqual({ pricePaise: 40_000, mrpPaise: 47_200, stock: 5, priceVaries: false, variantCount: 1 });
  });

  it("refuses a SKU another product's size has, writing nothing of the save", async () => {
    const other = await createProduct({ variants: [{ label: "1 kg", pricePaise: 10_000, stock: 1, sku: "TAKEN-1" }] });
    const product = await createProduct({ variants: [{ label: "1 kg", pricePaise: 20_000, stock: 1, sku: "MINE-1" }] });
    const [mine] = await sizesOf(product.id);
    if (!mine) throw new Error("one size");
    await expect(saveSizes(product.id, [input(mine, { sku: "TAKEN-1", pricePaise: 5_000, mrpPaise: 5_000 })])).rejects.toThrow();
    expect((await sizesOf(product.id)).map((s) => [s.sku, s.pricePaise])).toEqual([["MINE-1", 20_000]]);
    expect((await sizesOf(other.id)).map((s) => s.sku)).toEqual(["TAKEN-1"]);
    expect(await summaryOf(product.id)).toMatchObject({ pricePaise: 20_000 });
  });
});

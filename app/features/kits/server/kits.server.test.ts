import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createOffer, createProduct } from "../../../../tests/factories";
import { sizeOf, sizesOf } from "../../../../tests/sizes";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { saveVariants } from "~/features/catalog/server/variants.server";
import { cancelOrder } from "~/features/orders/server/cancel-order.server";
import { OrderRefused, placeOrder } from "~/features/orders/server/place-order.server";
import { getCustomerOrder } from "~/features/orders/server/get-customer-order.server";
import { quoteCart } from "~/features/catalog/server/quote-cart.server";
import { receiveReturn } from "~/features/orders/server/decide-return.server";
import { requestReturn } from "~/features/orders/server/request-return.server";
import { advanceOrder } from "../../../../tests/paid-orders";
import { sizesAboveMrpUnder } from "~/features/catalog/server/mrp-check.server";
import { issueInvoices } from "~/features/tax/server/issue-documents.server";
import type { TaxDocument } from "~/features/tax/domain/tax-documents";
import { splitKitPrice } from "~/features/kits/domain/kit-split";
import { cartShownOffers, priceCart } from "~/features/cart/domain/order-pricing";
import { quotedProduct } from "~/features/cart/domain/cart-cookie";
import { unitPriceAt } from "~/features/catalog/domain/price-breaks";
import { quoteOffers } from "~/features/offers/server/order-offers.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import { taxConfig } from "~/features/tax/server/tax-config.server";
import { KitRefused, kitForCrops, readKitParts, saveKit } from "./save-kit.server";

const engine = getDatabase().engine;
const refusal = (error: unknown) =>
  error instanceof OrderRefused || error instanceof KitRefused ? { status: error.status, message: error.message } : error;

let n = 0;
/**
 * A 1-acre tomato kit and its parts: tomato seed 10 g × 2 (₹150, HSN 1209, 5%), DAP 50 kg × 1 (₹1,350,
 * HSN 3105, 5%), a spray 250 ml × 1 (₹300, HSN 3808, 18%); ₹1,950 bought apart, the kit ₹1,500.
 */
async function tomatoKit(stock: { seed?: number; dap?: number; spray?: number } = {}) {
  const tag = `${Date.now().toString(36)}${n++}`;
  const seed = await createProduct({
    name: `Tomato seed ${tag}`,
    category: "seeds",
    hsnCode: "1209",
    gstRate: 5,
    variants: [
      { label: "10 g", pricePaise: 15_000, mrpPaise: 18_000, stock: stock.seed ?? 20, sku: `SEED10-${tag}` },
      { label: "50 g", pricePaise: 60_000, stock: 4, sku: `SEED50-${tag}` },
    ],
  });
  const dap = await createProduct({
    name: `DAP ${tag}`,
    category: "fertilizers",
    hsnCode: "3105",
    gstRate: 5,
    variants: [{ label: "50 kg", pricePaise: 135_000, mrpPaise: 142_000, stock: stock.dap ?? 5, sku: `DAP-${tag}` }],
  });
  const spray = await createProduct({
    name: `Spray ${tag}`,
    category: "fertilizers",
    hsnCode: "3808",
    gstRate: 18,
    variants: [{ label: "250 ml", pricePaise: 30_000, mrpPaise: 35_400, stock: stock.spray ?? 10, sku: `SPRAY-${tag}` }],
  });
  // Sold on its own, in one size: may become a kit.
  await createProduct({ name: `Gloves ${tag}`, variants: [{ label: "Pair", pricePaise: 20_000, stock: 3, sku: `GLOVES-${tag}` }] });
  const kit = await createProduct({
    name: `1 acre tomato kit ${tag}`,
    category: "seeds",
    hsnCode: "1209",
    gstRate: 18,
    variants: [{ label: "1 acre", pricePaise: 150_000, stock: 999, sku: `KIT-${tag}` }],
  });
  await saveKit({
    kitSku: `KIT-${tag}`,
    pricePaise: 150_000,
    parts: [
      { sku: `SEED10-${tag}`, quantity: 2 },
      { sku: `DAP-${tag}`, quantity: 1 },
      { sku: `SPRAY-${tag}`, quantity: 1 },
    ],
  });
  const seed10 = await sizeOf(seed.id, "10 g");
  return { tag, seed, seed10, dap, spray, kit };
}

const stockOf = async (variantId: string) =>
  Number((await getDb().selectFrom("product_variant").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow()).stock);
const summaryStock = async (productId: string) =>
  Number((await getDb().selectFrom("product").select("stock").where("id", "=", productId).executeTakeFirstOrThrow()).stock);
const linesOf = (orderId: string) =>
  getDb()
    .selectFrom("order_line")
    .select([
      "variant_id",
      "quantity",
      "unit_price_paise",
      "line_total_paise",
      "hsn_code",
      "gst_rate",
      "taxable_paise",
      "cgst_paise",
      "sgst_paise",
      "igst_paise",
      "kit_variant_id",
      "kit_name",
      "kit_quantity",
    ])
    .where("order_id", "=", orderId)
    .orderBy("hsn_code")
    .execute();

/**
 * The cart's numbers as checkout computes its summary (quoteCart, the /resources/cart-offers quote,
 * priceCart and cartShownOffers with the store's tax config), then the order placed from the same cart.
 */
async function cartAndOrder(items: { productId: string; variantId: string; quantity: number }[], code: string) {
  const customer = await createCustomer();
  const config = taxConfig(await getGeneralSettings());
  const quoted = await quoteCart(
    items.map(({ productId, variantId }) => ({ productId, variantId })),
    customer.id,
  );
  const count = (variantId: string) => items.find((i) => i.variantId === variantId)?.quantity ?? 0;
  const quote = await quoteOffers({
    lines: quoted.map((q) => ({
      productId: q.productId,
      variantId: q.variantId,
      category: q.category,
      quantity: count(q.variantId),
      unitPaise: unitPriceAt(q.pricePaise, q.priceBreaks, count(q.variantId)),
    })),
    code,
    stateCode: "27",
    pincode: "411001",
    userId: customer.id,
  });
  expect(quote.couponRefusal).toBeNull();
  const offers = { discounts: quote.discounts, parts: quote.parts, offers: quote.applied, freeShipping: quote.freeShipping };
  const lines = quoted.map((q) => ({ product: quotedProduct(q), quantity: count(q.variantId) }));
  const cart = priceCart(lines, config, "Maharashtra", offers);
  const shown = cartShownOffers(lines, config, offers);
  const { orderId } = await placeOrder(customer, checkoutInput(items, { couponCode: code }));
  const order = await getDb()
    .selectFrom("orders")
    .select(["subtotal_paise", "discount_paise", "tax_paise", "shipping_paise", "total_paise", "offers"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const saved = (JSON.parse(String(order.offers)) as { offerId: string; paise: number; withGstPaise: number }[]).map((o) => ({
    offerId: o.offerId,
    paise: o.paise,
    withGstPaise: o.withGstPaise,
  }));
  return {
    cart: {
      subtotal: cart.subtotal,
      discount: Object.values(quote.discounts).reduce((s, d) => s + d, 0),
      tax: cart.tax,
      shipping: cart.shipping,
      total: cart.total,
      offers: shown.map((o) => ({ offerId: o.offerId, paise: o.paise, withGstPaise: o.withGstPaise })),
    },
    order: {
      subtotal: Number(order.subtotal_paise),
      discount: Number(order.discount_paise),
      tax: Number(order.tax_paise),
      shipping: Number(order.shipping_paise),
      total: Number(order.total_paise),
      offers: saved,
    },
    lines: await linesOf(orderId),
  };
}

describe(`kits (${engine})`, () => {
  for (const display of ["inclusive", "exclusive"] as const) {
    describe(`the cart's total for a kit with an offer is the order's, to the paisa (prices shown ${display})`, () => {
      const withDisplay = async (run: () => Promise<void>) => {
        const before = await getGeneralSettings();
        await saveSetting("general", { ...before, priceDisplay: display });
        try {
          await run();
        } finally {
          await saveSetting("general", before);
        }
      };

      it("a percentage coupon: judged on the kit as one line, its discount shared over the parts", () =>
        withDisplay(async () => {
          const k = await tomatoKit();
          const coupon = await createOffer({ discount_percent: 10 });
          const { cart, order, lines } = await cartAndOrder(
            [{ productId: k.kit.id, variantId: k.kit.id, quantity: 2 }],
            String(coupon.code),
          );
          // 10% of ₹3,000 is ₹300 exactly (a percentage floored per part line would give ₹299.99).
          expect(order.discount).toBe(30_000);
          expect(lines.reduce((s, l) => s + Number(l.line_total_paise) - Number(l.taxable_paise), 0)).toBe(30_000);
          expect(cart).toEqual(order);
        }));

      it("a fixed coupon", () =>
        withDisplay(async () => {
          const k = await tomatoKit();
          const coupon = await createOffer({ discount_type: "fixed", discount_percent: null, discount_paise: 10_001 });
          const { cart, order } = await cartAndOrder([{ productId: k.kit.id, variantId: k.kit.id, quantity: 3 }], String(coupon.code));
          expect(order.discount).toBe(10_001);
          expect(cart).toEqual(order);
        }));

      it("a mixed cart: a kit and sizes bought on their own, with a percentage coupon", () =>
        withDisplay(async () => {
          const k = await tomatoKit();
          const coupon = await createOffer({ discount_percent: 7 });
          const { cart, order } = await cartAndOrder(
            [
              { productId: k.kit.id, variantId: k.kit.id, quantity: 1 },
              { productId: k.spray.id, variantId: k.spray.id, quantity: 3 },
              { productId: k.seed.id, variantId: k.seed10.id, quantity: 1 },
            ],
            String(coupon.code),
          );
          // 7% of the kit's ₹1,500 (₹105), of 3 sprays' ₹900 (₹63), of a seed's ₹150 (₹10.50, floored).
          expect(order.discount).toBe(10_500 + 6_300 + 1_050);
          expect(cart).toEqual(order);
        }));
    });
  }

  it("the dosage calculator's kit: the cheapest kit on sale and in stock for the crops, never the product itself", async () => {
    const k = await tomatoKit();
    await getDb().insertInto("product_crop").values({ product_id: k.kit.id, crop: "brinjal" }).execute();
    expect(await kitForCrops(["brinjal"], k.dap.id)).toMatchObject({ productId: k.kit.id, pricePaise: 150_000 });
    expect(await kitForCrops(["brinjal"], k.kit.id)).toBeNull();
    await getDb().updateTable("product_variant").set({ stock: 0 }).where("id", "=", k.dap.id).execute();
    expect(await kitForCrops(["brinjal"], k.dap.id)).toBeNull();
  });

  it("a kit's stock is what its parts allow, its MRP its parts' MRPs, and it is listed with its parts", async () => {
    const k = await tomatoKit();
    // min(20 / 2, 5 / 1, 10 / 1) = 5, whatever the kit's form said (999).
    expect(await stockOf(k.kit.id)).toBe(5);
    expect(await summaryStock(k.kit.id)).toBe(5);
    // Shown with the GST of its main part, DAP's 5% (the order charges each part's own).
    const kitRow = await getDb().selectFrom("product").select("gst_rate").where("id", "=", k.kit.id).executeTakeFirstOrThrow();
    expect(Number(kitRow.gst_rate)).toBe(5);
    const [size] = await sizesOf(k.kit.id);
    expect(size).toMatchObject({ pricePaise: 150_000, mrpPaise: 2 * 18_000 + 142_000 + 35_400 });
    expect((await readKitParts(getDb(), [k.kit.id])).map((p) => [p.name, p.label, p.quantity, p.pricePaise])).toEqual([
      [`Tomato seed ${k.tag}`, "10 g", 2, 15_000],
      [`DAP ${k.tag}`, "", 1, 135_000],
      [`Spray ${k.tag}`, "", 1, 30_000],
    ]);
  });

  it("the cart's quote of a kit carries its parts as its GST is charged; of any other size, nothing more", async () => {
    const k = await tomatoKit();
    const [kit, dap] = await quoteCart([
      { productId: k.kit.id, variantId: k.kit.id },
      { productId: k.dap.id, variantId: k.dap.id },
    ]);
    expect(kit?.kitTax).toEqual([
      { weight: 30_000, quantity: 2, rate: 5, sellerStateCode: null },
      { weight: 135_000, quantity: 1, rate: 5, sellerStateCode: null },
      { weight: 30_000, quantity: 1, rate: 18, sellerStateCode: null },
    ]);
    expect(dap?.kitTax).toBeUndefined();
  });

  it("a kit shown at its main part's rate would be above its MRP: it is shown at its parts' lowest", async () => {
    const tag = `${Date.now().toString(36)}${n++}`;
    // A ₹100 spray at 18% (MRP ₹118) and ₹90 of seed, nil-rated (MRP ₹90), as a ₹190 kit: at 18%, ₹224.20 > ₹208.
    await createProduct({
      name: `Spray ${tag}`,
      gstRate: 18,
      variants: [{ label: "1", pricePaise: 10_000, mrpPaise: 11_800, stock: 5, sku: `S-${tag}` }],
    });
    await createProduct({
      name: `Seed ${tag}`,
      gstRate: 0,
      variants: [{ label: "1", pricePaise: 9_000, mrpPaise: 9_000, stock: 5, sku: `D-${tag}` }],
    });
    const kit = await createProduct({
      name: `Kit ${tag}`,
      gstRate: 18,
      variants: [{ label: "1", pricePaise: 19_000, stock: 0, sku: `K-${tag}` }],
    });
    await saveKit({
      kitSku: `K-${tag}`,
      pricePaise: 19_000,
      parts: [
        { sku: `S-${tag}`, quantity: 1 },
        { sku: `D-${tag}`, quantity: 1 },
      ],
    });
    const row = await getDb().selectFrom("product").select("gst_rate").where("id", "=", kit.id).executeTakeFirstOrThrow();
    expect(Number(row.gst_rate)).toBe(0);
    expect(await sizesAboveMrpUnder("by_rate")).toEqual([]);
  });

  for (const paymentMethod of ["cod", "bank_transfer"] as const) {
    it(`an order of a kit takes its parts' stock and writes a line per part, taxed as the part (${paymentMethod})`, async () => {
      const k = await tomatoKit();
      const customer = await createCustomer();
      const { orderId } = await placeOrder(
        customer,
        checkoutInput([{ productId: k.kit.id, variantId: k.kit.id, quantity: 2 }], { paymentMethod }),
      );
      const lines = await linesOf(orderId);
      // One kit's ₹1,500 by weight: 23,077 + 103,846 + 23,077. The seed's 23,077 is 2 × ₹115.385: ₹115.39 a
      // packet, and DAP (the largest part of quantity 1) takes the paisa over: ₹1,038.45.
      expect(splitKitPrice(150_000, [30_000, 135_000, 30_000])).toEqual([23_077, 103_846, 23_077]);
      expect(
        lines.map((l) => [
          l.variant_id,
          l.quantity,
          Number(l.unit_price_paise),
          Number(l.line_total_paise),
          l.hsn_code,
          Number(l.gst_rate),
        ]),
      ).toEqual([
        [k.seed10.id, 4, 11_539, 46_156, "1209", 5],
        [k.dap.id, 2, 103_845, 207_690, "3105", 5],
        [k.spray.id, 2, 23_077, 46_154, "3808", 18],
      ]);
      // Each line multiplies out: unit × quantity is its amount, as the tax invoice prints them.
      for (const l of lines) expect(Number(l.unit_price_paise) * Number(l.quantity)).toBe(Number(l.line_total_paise));
      expect(lines.reduce((s, l) => s + Number(l.line_total_paise), 0)).toBe(300_000);
      for (const l of lines) {
        expect(l).toMatchObject({ kit_variant_id: k.kit.id, kit_name: `1 acre tomato kit ${k.tag}`, kit_quantity: 2 });
        // Whole-paise units are taxed as any size's (issue 29): a unit's CGST and SGST times the units.
        const units = Number(l.quantity);
        expect(Number(l.igst_paise)).toBe(0);
        expect(Number(l.cgst_paise) % units).toBe(0);
        expect(Number(l.sgst_paise) % units).toBe(0);
        const tax = Number(l.cgst_paise) + Number(l.sgst_paise);
        expect(Math.abs(tax - (Number(l.taxable_paise) * Number(l.gst_rate)) / 100)).toBeLessThanOrEqual(units);
      }
      // Seeds 20 − 4, DAP 5 − 2, spray 10 − 2; the kit: min(16 / 2, 3, 8) = 3, on its size and its summary.
      expect(await stockOf(k.seed10.id)).toBe(16);
      expect(await stockOf(k.dap.id)).toBe(3);
      expect(await stockOf(k.spray.id)).toBe(8);
      expect(await stockOf(k.kit.id)).toBe(3);
      expect(await summaryStock(k.kit.id)).toBe(3);
      expect(await summaryStock(k.seed.id)).toBe(16 + 4);
      // The order's page names each part with the kit it was sold in.
      const page = await getCustomerOrder(orderId, customer.id);
      expect(page?.items.map((i) => i.name).sort()).toEqual(
        [`DAP ${k.tag}`, `Spray ${k.tag}`, `Tomato seed ${k.tag} (10 g)`].map((name) => `${name} — 1 acre tomato kit ${k.tag}`),
      );
    });
  }

  it("refuses more kits than the parts allow, by the part short, writing nothing", async () => {
    const k = await tomatoKit({ dap: 1 });
    const before = await Promise.all([k.seed10.id, k.dap.id, k.spray.id, k.kit.id].map(stockOf));
    await expect(
      placeOrder(
        await createCustomer(),
        checkoutInput([{ productId: k.kit.id, variantId: k.kit.id, quantity: 2 }], { paymentMethod: "cod" }),
      ).catch(refusal),
    ).resolves.toEqual({ status: 409, message: `Only 1 of DAP ${k.tag} left in stock; please reduce the quantity.` });
    expect(await Promise.all([k.seed10.id, k.dap.id, k.spray.id, k.kit.id].map(stockOf))).toEqual(before);
  });

  it("a part bought alone and in a kit in one order is taken once, summed: never more than its stock", async () => {
    const k = await tomatoKit({ dap: 2 });
    const cart = (dap: number) =>
      checkoutInput(
        [
          { productId: k.kit.id, variantId: k.kit.id, quantity: 1 },
          { productId: k.dap.id, variantId: k.dap.id, quantity: dap },
        ],
        { paymentMethod: "cod" },
      );
    await expect(placeOrder(await createCustomer(), cart(2)).catch(refusal)).resolves.toEqual({
      status: 409,
      message: `Only 2 of DAP ${k.tag} left in stock; please reduce the quantity.`,
    });
    expect(await stockOf(k.dap.id)).toBe(2);
    const { orderId } = await placeOrder(await createCustomer(), cart(1));
    expect((await linesOf(orderId)).filter((l) => l.variant_id === k.dap.id).map((l) => [l.quantity, l.kit_variant_id])).toEqual(
      expect.arrayContaining([
        [1, k.kit.id],
        [1, null],
      ]),
    );
    expect(await stockOf(k.dap.id)).toBe(0);
    expect(await stockOf(k.kit.id)).toBe(0);
  });

  it("refuses a kit whose part is no longer on sale, by the part's name", async () => {
    const k = await tomatoKit();
    await getDb().updateTable("product").set({ status: "paused" }).where("id", "=", k.spray.id).execute();
    await expect(
      placeOrder(
        await createCustomer(),
        checkoutInput([{ productId: k.kit.id, variantId: k.kit.id, quantity: 1 }], { paymentMethod: "cod" }),
      ).catch(refusal),
    ).resolves.toMatchObject({ status: 409, message: expect.stringContaining(`Spray ${k.tag}`) });
    expect(await stockOf(k.seed10.id)).toBe(20);
  });

  it("the kit's stock follows a part sold alone, an admin's stock edit, and is never kept by hand", async () => {
    const k = await tomatoKit();
    await placeOrder(
      await createCustomer(),
      checkoutInput([{ productId: k.dap.id, variantId: k.dap.id, quantity: 3 }], { paymentMethod: "cod" }),
    );
    expect(await stockOf(k.kit.id)).toBe(2);
    expect(await summaryStock(k.kit.id)).toBe(2);
    const [spray] = await sizesOf(k.spray.id);
    if (!spray) throw new Error("no spray");
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("product").set({ updated_at: new Date().toISOString() }).where("id", "=", k.spray.id).execute();
        await saveVariants(
          trx,
          k.spray.id,
          [
            {
              id: spray.id,
              label: "250 ml",
              packQuantity: 250,
              packUnit: "ml",
              sku: spray.sku,
              mrpPaise: 35_400,
              pricePaise: 30_000,
              stock: 0,
              weightGrams: 300,
            },
          ],
          { isNew: false },
        );
      });
    expect(await stockOf(k.kit.id)).toBe(0);
    expect(await summaryStock(k.kit.id)).toBe(0);
    await getDb().updateTable("product_variant").set({ stock: 40 }).where("id", "=", k.spray.id).execute();
    expect(await stockOf(k.kit.id)).toBe(2);
    await getDb().updateTable("product_variant").set({ stock: 77 }).where("id", "=", k.kit.id).execute();
    expect(await stockOf(k.kit.id)).toBe(2);
    expect(await summaryStock(k.kit.id)).toBe(2);
  });

  it("deleting a part's size takes the kit off sale: it is never sold short of a part", async () => {
    const k = await tomatoKit();
    const [, fifty] = await sizesOf(k.seed.id);
    if (!fifty) throw new Error("no 50 g");
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("product").set({ updated_at: new Date().toISOString() }).where("id", "=", k.seed.id).execute();
        await saveVariants(
          trx,
          k.seed.id,
          [
            {
              id: fifty.id,
              label: "50 g",
              packQuantity: 50,
              packUnit: "g",
              sku: fifty.sku,
              mrpPaise: fifty.mrpPaise,
              pricePaise: 60_000,
              stock: 4,
              weightGrams: 80,
            },
          ],
          { isNew: false },
        );
      });
    const kit = await getDb().selectFrom("product").select("status").where("id", "=", k.kit.id).executeTakeFirstOrThrow();
    expect(kit.status).toBe("paused");
    await expect(
      placeOrder(
        await createCustomer(),
        checkoutInput([{ productId: k.kit.id, variantId: k.kit.id, quantity: 1 }], { paymentMethod: "cod" }),
      ).catch(refusal),
    ).resolves.toEqual({ status: 409, message: expect.stringContaining(`1 acre tomato kit ${k.tag}`) });
    expect(await stockOf(k.dap.id)).toBe(5);
  });

  it("cancelling a kit's order puts its parts' stock back, and the kit's with them", async () => {
    const k = await tomatoKit();
    const customer = await createCustomer();
    const { orderId } = await placeOrder(
      customer,
      checkoutInput([{ productId: k.kit.id, variantId: k.kit.id, quantity: 3 }], { paymentMethod: "cod" }),
    );
    expect(await stockOf(k.kit.id)).toBe(2);
    await cancelOrder({ orderId, actor: { role: "customer", id: customer.id } });
    expect([await stockOf(k.seed10.id), await stockOf(k.dap.id), await stockOf(k.spray.id)]).toEqual([20, 5, 10]);
    expect(await stockOf(k.kit.id)).toBe(5);
    expect(await summaryStock(k.kit.id)).toBe(5);
  });

  it("a returned part of a kit, restocked, raises the kit's stock with it", async () => {
    const k = await tomatoKit({ dap: 2 });
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const { orderId } = await placeOrder(
      customer,
      checkoutInput([{ productId: k.kit.id, variantId: k.kit.id, quantity: 2 }], { paymentMethod: "cod" }),
    );
    expect(await stockOf(k.kit.id)).toBe(0);
    await advanceOrder(orderId, "delivered", admin.id);
    const line = await getDb()
      .selectFrom("order_line")
      .select("id")
      .where("order_id", "=", orderId)
      .where("variant_id", "=", k.dap.id)
      .executeTakeFirstOrThrow();
    const { returnId } = await requestReturn(customer, orderId, {
      lineId: line.id,
      quantity: 1,
      reason: "One bag was torn",
      reasonCode: "damaged",
      payout: { to: "upi", upiId: "ramesh.k@okicici" },
    });
    await receiveReturn({ returnId, decider: { role: "admin", id: admin.id }, restock: 1 });
    expect(await stockOf(k.dap.id)).toBe(1);
    expect(await stockOf(k.kit.id)).toBe(1);
    expect(await summaryStock(k.kit.id)).toBe(1);
  });

  it("the kit's invoice lists each part with its own HSN, rate, taxable value and tax", async () => {
    const k = await tomatoKit();
    const { orderId } = await placeOrder(
      await createCustomer(),
      checkoutInput([{ productId: k.kit.id, variantId: k.kit.id, quantity: 1 }], { paymentMethod: "cod" }),
    );
    await getDb()
      .transaction()
      .execute((trx) => issueInvoices(trx, orderId));
    const doc = await getDb().selectFrom("tax_document").select("snapshot").where("order_id", "=", orderId).executeTakeFirstOrThrow();
    const invoice = JSON.parse(doc.snapshot) as TaxDocument;
    const parts = invoice.lines.filter((l) => l.hsn !== "996812" && l.description !== "Delivery charge");
    expect(parts.map((l) => [l.hsn, l.rate, l.quantity, l.description])).toEqual(
      expect.arrayContaining([
        ["1209", 5, 2, `Tomato seed ${k.tag} (10 g) — 1 acre tomato kit ${k.tag}`],
        ["3105", 5, 1, `DAP ${k.tag} — 1 acre tomato kit ${k.tag}`],
        ["3808", 18, 1, `Spray ${k.tag} — 1 acre tomato kit ${k.tag}`],
      ]),
    );
    expect(parts).toHaveLength(3);
    expect(parts.reduce((s, l) => s + l.taxable, 0)).toBe(150_000);
    const spray = parts.find((l) => l.hsn === "3808");
    expect(spray && Math.abs(spray.cgst + spray.sgst + spray.igst - spray.taxable * 0.18)).toBeLessThanOrEqual(1);
  });

  it(`kit buyers and part buyers at once never oversell a part (${engine})`, async () => {
    const k = await tomatoKit({ dap: 5 });
    const kitBuyers = await Promise.all(Array.from({ length: 6 }, () => createCustomer()));
    const dapBuyers = await Promise.all(Array.from({ length: 6 }, () => createCustomer()));
    const results = await Promise.allSettled([
      ...kitBuyers.map((c) =>
        placeOrder(c, checkoutInput([{ productId: k.kit.id, variantId: k.kit.id, quantity: 1 }], { paymentMethod: "cod" })),
      ),
      ...dapBuyers.map((c) =>
        placeOrder(c, checkoutInput([{ productId: k.dap.id, variantId: k.dap.id, quantity: 1 }], { paymentMethod: "cod" })),
      ),
    ]);
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [refusal(r.reason)] : []));
    expect(ok).toHaveLength(5);
    expect(refused).toEqual(Array.from({ length: 7 }, () => ({ status: 409, message: `DAP ${k.tag} is out of stock.` })));
    const sold = await getDb()
      .selectFrom("order_line")
      .select((eb) => eb.fn.sum<number>("quantity").as("n"))
      .where("variant_id", "=", k.dap.id)
      .executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(5);
    expect(await stockOf(k.dap.id)).toBe(0);
    expect(await stockOf(k.kit.id)).toBe(0);
    expect(await summaryStock(k.kit.id)).toBe(0);
    // The seeds and spray went only with the kits sold.
    const kits = 20 - (await stockOf(k.seed10.id));
    expect(kits % 2).toBe(0);
    expect(10 - (await stockOf(k.spray.id))).toBe(kits / 2);
  });

  it("orders of parts of two kits in crossing orders all finish: the kits' products are locked before any part's stock (no deadlock)", async () => {
    // Kit X = P1 + P4, kit Y = P2 + P3, the parts' products in id order P1 < P2 < P3 < P4. One buyer takes
    // P1 then P2 (reaching X, then Y), the other P3 then P4 (Y, then X): without the kits' locks taken
    // first, in order, each would hold one kit's row and wait for the other's.
    const tag = `${Date.now().toString(36)}${n++}`;
    const part = (letter: string) =>
      createProduct({
        id: `${tag}${letter}`,
        name: `Part ${letter} ${tag}`,
        variants: [{ label: "One", pricePaise: 10_000, stock: 200, sku: `P${letter}-${tag}` }],
      });
    const [p1, p2, p3, p4] = [await part("a"), await part("b"), await part("c"), await part("d")];
    for (const [kit, parts] of [
      ["x", ["a", "d"]],
      ["y", ["b", "c"]],
    ] as const) {
      await createProduct({
        id: `${tag}k${kit}`,
        name: `Kit ${kit} ${tag}`,
        variants: [{ label: "Kit", pricePaise: 15_000, stock: 0, sku: `K${kit}-${tag}` }],
      });
      await saveKit({ kitSku: `K${kit}-${tag}`, pricePaise: 15_000, parts: parts.map((l) => ({ sku: `P${l}-${tag}`, quantity: 1 })) });
    }
    const line = (p: { id: string }) => ({ productId: p.id, variantId: p.id, quantity: 1 });
    const buyers = await Promise.all(Array.from({ length: 16 }, () => createCustomer()));
    const results = await Promise.allSettled(
      buyers.map((c, i) => placeOrder(c, checkoutInput(i % 2 ? [line(p1), line(p2)] : [line(p3), line(p4)], { paymentMethod: "cod" }))),
    );
    expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect(await stockOf(`${tag}kx`)).toBe(200 - 8);
    expect(await stockOf(`${tag}ky`)).toBe(200 - 8);
    expect(await summaryStock(`${tag}kx`)).toBe(200 - 8);
  });

  describe("the admin's kit form refuses, writing nothing", () => {
    const cases: [string, (t: string) => Parameters<typeof saveKit>[0], string][] = [
      [
        "no kit SKU",
        (t) => ({ kitSku: " ", pricePaise: 100, parts: [{ sku: `DAP-${t}`, quantity: 1 }] }),
        "Enter the SKU of the kit's pack size.",
      ],
      [
        "an unknown kit SKU",
        () => ({ kitSku: "NOPE-KIT", pricePaise: 100, parts: [{ sku: "X", quantity: 1 }] }),
        "No pack size has the SKU NOPE-KIT.",
      ],
      ["no parts", (t) => ({ kitSku: `KIT-${t}`, pricePaise: 100, parts: [] }), "Add at least one part: its SKU and quantity."],
      [
        "an unknown part",
        (t) => ({ kitSku: `KIT-${t}`, pricePaise: 100, parts: [{ sku: "NOPE-PART", quantity: 1 }] }),
        "No pack size has the SKU NOPE-PART.",
      ],
      [
        "a part twice",
        (t) => ({
          kitSku: `KIT-${t}`,
          pricePaise: 100,
          parts: [
            { sku: `DAP-${t}`, quantity: 1 },
            { sku: `DAP-${t}`, quantity: 2 },
          ],
        }),
        `DAP-{t} is listed twice: give it once, with the quantity in the kit.`,
      ],
      [
        "a quantity of 0",
        (t) => ({ kitSku: `KIT-${t}`, pricePaise: 100, parts: [{ sku: `DAP-${t}`, quantity: 0 }] }),
        "The quantity of DAP-{t} must be a whole number from 1 to 99.",
      ],
      [
        "a quantity of 100",
        (t) => ({ kitSku: `KIT-${t}`, pricePaise: 100, parts: [{ sku: `DAP-${t}`, quantity: 100 }] }),
        "The quantity of DAP-{t} must be a whole number from 1 to 99.",
      ],
      [
        "a price of ₹0",
        (t) => ({ kitSku: `KIT-${t}`, pricePaise: 0, parts: [{ sku: `DAP-${t}`, quantity: 1 }] }),
        "Enter the kit's price in rupees, above ₹0.",
      ],
      [
        "a price above the parts'",
        (t) => ({ kitSku: `KIT-${t}`, pricePaise: 135_001, parts: [{ sku: `DAP-${t}`, quantity: 1 }] }),
        "The kit's price must not be above its parts' price bought apart, ₹1,350.",
      ],
      [
        "the kit as its own part",
        (t) => ({ kitSku: `KIT-${t}`, pricePaise: 100, parts: [{ sku: `KIT-${t}`, quantity: 1 }] }),
        "A kit cannot be a part of itself.",
      ],
      [
        "a part that is a kit",
        (t) => ({ kitSku: `GLOVES-${t}`, pricePaise: 100, parts: [{ sku: `KIT-${t}`, quantity: 1 }] }),
        "KIT-{t} is a kit: a kit's parts must be products sold on their own.",
      ],
      [
        "a kit that is a part",
        (t) => ({ kitSku: `DAP-${t}`, pricePaise: 100, parts: [{ sku: `SPRAY-${t}`, quantity: 1 }] }),
        "DAP-{t} is a part of another kit, so it cannot be a kit.",
      ],
    ];
    for (const [what, input, message] of cases) {
      it(what, async () => {
        const k = await tomatoKit();
        const before = await readKitParts(getDb(), [k.kit.id]);
        const price = (await sizesOf(k.kit.id))[0]?.pricePaise;
        await expect(saveKit(input(k.tag)).catch(refusal)).resolves.toEqual({ status: 400, message: message.replaceAll("{t}", k.tag) });
        expect(await readKitParts(getDb(), [k.kit.id])).toEqual(before);
        expect((await sizesOf(k.kit.id))[0]?.pricePaise).toBe(price);
      });
    }
  });
});

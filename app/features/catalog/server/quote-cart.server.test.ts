import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, createVendor, testGstin } from "../../../../tests/factories";
import { orderLinesOf, sizeOf, sizesOf } from "../../../../tests/sizes";
import { getDb } from "~/platform/db/db.server";
import type { VariantView } from "~/features/catalog/domain/variants";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { saveVariants } from "./variants.server";
import { MAX_CART_LINES } from "~/features/cart/domain/cart-limits";
import { parseCartKeys, quoteCart } from "./quote-cart.server";

describe("parseCartKeys", () => {
  it("reads bare product ids and product~size pairs", () => {
    expect(parseCartKeys("abcdef123456,abcdef123456~size000001")).toEqual([
      { productId: "abcdef123456" },
      { productId: "abcdef123456", variantId: "size000001" },
    ]);
  });

  it("drops malformed parts and repeats", () => {
    expect(
      parseCartKeys(
        [
          "",
          "short",
          "UPPERCASE123",
          "abc-def-123",
          "abcdef123456~",
          "abcdef123456~bad!",
          "~size000001",
          "abcdef123456~size000001~extra0001",
          "a".repeat(41),
          "goodid000001",
          "goodid000001",
          "goodid000002~size000002",
        ].join(","),
      ),
    ).toEqual([{ productId: "goodid000001" }, { productId: "goodid000002", variantId: "size000002" }]);
  });

  it(`reads at most ${MAX_CART_LINES} lines`, () => {
    const parts = Array.from({ length: MAX_CART_LINES + 10 }, (_, i) => `product${String(i).padStart(6, "0")}`);
    const keys = parseCartKeys(parts.join(","));
    expect(keys).toHaveLength(MAX_CART_LINES);
    expect(keys.at(-1)).toEqual({ productId: `product${String(MAX_CART_LINES - 1).padStart(6, "0")}` });
  });
});

describe("quoteCart", () => {
  const twoSizes = (name: string, status: "live" | "archived" = "live") =>
    createProduct({
      name,
      status,
      variants: [
        { label: "100 g", pricePaise: 12_000, mrpPaise: 15_000, stock: 4 },
        { label: "1 kg", pricePaise: 90_000, mrpPaise: 99_000, stock: 0 },
      ],
    });

  it("quotes each size at its own price, MRP and stock, named by its size", async () => {
    const product = await twoSizes("Bio Fertilizer A");
    const kilo = await sizeOf(product.id, "1 kg");
    expect(await quoteCart([{ productId: product.id, variantId: kilo.id }])).toEqual([
      {
        key: kilo.id,
        productId: product.id,
        variantId: kilo.id,
        variantLabel: "1 kg",
        name: "Bio Fertilizer A",
        pricePaise: 90_000,
        mrpPaise: 99_000,
        image: "/images/products/test.svg",
        category: "tools",
        stock: 0,
        gstRate: 18,
        sellerStateCode: null,
      },
    ]);
  });

  it("says each line's GST rate and, for a vendor's product, the State of the vendor's GSTIN (issue 14)", async () => {
    const vendor = await createVendor({ gstNumber: testGstin("29"), state: "Karnataka", city: "Bengaluru", pincode: "560001" });
    const theirs = await createProduct({ vendorId: vendor.id, gstRate: 5 });
    const own = await createProduct({ gstRate: 0 });
    const quoted = await quoteCart([{ productId: theirs.id }, { productId: own.id }]);
    expect(quoted.map((q) => [q.gstRate, q.sellerStateCode])).toEqual([
      [5, "29"],
      [0, null],
    ]);
  });

  it("gives a bare product id (a cart from before sizes) the product's first size, keyed by the product id", async () => {
    const product = await twoSizes("Bio Fertilizer B");
    const kilo = await sizeOf(product.id, "1 kg");
    const items = await quoteCart([{ productId: product.id }, { productId: product.id, variantId: kilo.id }]);
    expect(items.map((i) => [i.key, i.variantId, i.variantLabel, i.pricePaise, i.stock])).toEqual([
      [product.id, product.id, "100 g", 12_000, 4],
      [kilo.id, kilo.id, "1 kg", 90_000, 0],
    ]);
  });

  it("gives a bare product id the size made from the product even after the sizes are reordered; the first by position once it is gone", async () => {
    const customer = await createCustomer();
    const product = await twoSizes("Bio Fertilizer F");
    const [made, kilo] = await sizesOf(product.id);
    if (!made || !kilo) throw new Error("two sizes");
    const asSent = (s: VariantView) => ({ ...s, id: s.id, weightGrams: 1000 });
    const save = (sizes: VariantView[]) =>
      getDb()
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable("product").set({ updated_at: new Date().toISOString() }).where("id", "=", product.id).execute();
          await saveVariants(trx, product.id, sizes.map(asSent), { isNew: false });
        });

    // The 1 kg moved first: a line from before sizes still means the 100 g, the size it was, as checkout reads it.
    await save([{ ...kilo, stock: 3 }, made]);
    expect((await sizesOf(product.id)).map((s) => s.id)).toEqual([kilo.id, made.id]);
    expect((await quoteCart([{ productId: product.id }])).map((i) => [i.key, i.variantId, i.pricePaise])).toEqual([
      [product.id, made.id, 12_000],
    ]);
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]));
    expect((await orderLinesOf(orderId)).map((l) => [l.variantId, l.unitPricePaise])).toEqual([[made.id, 12_000]]);

    // The 100 g removed: the line is quoted as the first size left rather than dropped.
    await save([{ ...kilo, stock: 3 }]);
    expect((await quoteCart([{ productId: product.id }])).map((i) => [i.key, i.variantId])).toEqual([[product.id, kilo.id]]);
  });

  it("names no size for a product with one size", async () => {
    const product = await createProduct({ variants: [{ label: "Standard", pricePaise: 5_000, stock: 2 }] });
    expect(await quoteCart([{ productId: product.id }])).toEqual([
      // Its MRP: ₹50 with 18% GST (the factory's MRP for a size without one).
      expect.objectContaining({ key: product.id, variantId: product.id, variantLabel: null, pricePaise: 5_000, mrpPaise: 5_900 }),
    ]);
  });

  it("leaves out sizes of a product not on sale, sizes named under another product, and sizes that do not exist", async () => {
    const live = await twoSizes("Bio Fertilizer C");
    const archived = await twoSizes("Bio Fertilizer D", "archived");
    const other = await twoSizes("Bio Fertilizer E");
    const archivedKilo = await sizeOf(archived.id, "1 kg");
    const otherKilo = await sizeOf(other.id, "1 kg");
    const items = await quoteCart([
      { productId: archived.id },
      { productId: archived.id, variantId: archivedKilo.id },
      // A size of another (live) product under this product's id: a tampered or stale cart.
      { productId: live.id, variantId: otherKilo.id },
      { productId: live.id, variantId: "nosuchsize00001" },
      { productId: "nosuchproduct01" },
      { productId: live.id },
    ]);
    expect(items.map((i) => [i.key, i.productId, i.variantId])).toEqual([[live.id, live.id, live.id]]);
  });

  it("quotes nothing for no keys", async () => {
    expect(await quoteCart([])).toEqual([]);
  });
});

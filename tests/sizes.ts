import { getDb } from "~/platform/db/db.server";
import type { VariantView } from "~/features/catalog/domain/variants";
import { defined } from "~/platform/defined";
import { listVariants } from "~/features/catalog/server/variants.server";

/** What the product row says of its sizes (the catalogue reads only this). */
export async function summaryOf(productId: string) {
  const r = await getDb()
    .selectFrom("product")
    .select(["price_paise", "mrp_paise", "stock", "price_varies", "variant_count"])
    .where("id", "=", productId)
    .executeTakeFirstOrThrow();
  return {
    pricePaise: Number(r.price_paise),
    mrpPaise: r.mrp_paise === null ? null : Number(r.mrp_paise),
    stock: Number(r.stock),
    // SQLite stores 0/1, PostgreSQL a boolean.
    priceVaries: Boolean(r.price_varies),
    variantCount: Number(r.variant_count),
  };
}

/** A product's sizes in order, as the store lists them. */
export async function sizesOf(productId: string) {
  return (await listVariants(getDb(), [productId])).get(productId) ?? [];
}

/** One size of a product by its label. */
export async function sizeOf(productId: string, label: string) {
  return defined(
    (await sizesOf(productId)).find((s) => s.label === label),
    `size ${label}`,
  );
}

/**
 * The summary a product's sizes call for, worked out here independently of the SQL: the lowest
 * price among sizes in stock (of all when none is), that size's MRP (the first such size by
 * position on a tie), the total stock.
 */
export function summaryFor(sizes: readonly VariantView[]) {
  const inStock = sizes.filter((s) => s.stock > 0);
  const pool = inStock.length ? inStock : sizes;
  const cheapest = defined(
    pool.reduce<VariantView | undefined>((best, s) => (!best || s.pricePaise < best.pricePaise ? s : best), undefined),
    "a size",
  );
  return {
    pricePaise: cheapest.pricePaise,
    mrpPaise: cheapest.mrpPaise,
    stock: sizes.reduce((sum, s) => sum + s.stock, 0),
    priceVaries: new Set(sizes.map((s) => s.pricePaise)).size > 1,
    variantCount: sizes.length,
  };
}

export async function orderLinesOf(orderId: string) {
  const rows = await getDb()
    .selectFrom("order_line")
    .select(["product_id", "variant_id", "variant_label", "sku", "name", "unit_price_paise", "quantity", "line_total_paise"])
    .where("order_id", "=", orderId)
    .orderBy("variant_label")
    .execute();
  return rows.map((r) => ({
    productId: r.product_id,
    variantId: r.variant_id,
    variantLabel: r.variant_label,
    sku: r.sku,
    name: r.name,
    unitPricePaise: Number(r.unit_price_paise),
    quantity: Number(r.quantity),
    lineTotalPaise: Number(r.line_total_paise),
  }));
}

export async function countOrders() {
  const r = await getDb()
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

import { sql } from "kysely";
import type { Db } from "~/db/db.server";
import { defaultSku, type VariantInput, type VariantView } from "~/domain/variants";
import { newId } from "~/lib/ids";

/**
 * Writes a product's summary of its variants into the product row: the lowest price among sizes
 * in stock (the lowest of all when none is), that size's MRP, the total stock, and whether sizes
 * differ in price. Call it in the transaction that changed a variant, after the change; the
 * catalogue's filters, sorts and pages read only these columns.
 *
 * Concurrency: every writer of a product's variants first writes (so locks) the product row, or
 * this statement does; on PostgreSQL two writers of one product therefore take turns, and the
 * second computes from the first's committed variants.
 */
export async function syncProductSummary(db: Db, productIds: readonly string[], options: { bumpVersion: boolean } = { bumpVersion: true }) {
  if (productIds.length === 0) return;
  const v = (column: string) => sql.ref(`product_variant.${column}`);
  const ofThis = sql`${v("product_id")} = product.id`;
  await db
    .updateTable("product")
    .set({
      stock: sql<number>`(select coalesce(sum(${v("stock")}), 0) from product_variant where ${ofThis})`,
      price_paise: sql<number>`coalesce(
        (select min(${v("price_paise")}) from product_variant where ${ofThis} and ${v("stock")} > 0),
        (select min(${v("price_paise")}) from product_variant where ${ofThis}))`,
      mrp_paise: sql<number>`(select ${v("mrp_paise")} from product_variant where ${ofThis}
        order by case when ${v("stock")} > 0 then 0 else 1 end, ${v("price_paise")}, ${v("position")} limit 1)`,
      price_varies: sql<boolean>`(select count(distinct ${v("price_paise")}) > 1 from product_variant where ${ofThis})`,
      variant_count: sql<number>`(select count(*) from product_variant where ${ofThis})`,
      // A sale or a cancellation changes stock an open edit form shows: that form is now stale.
      // A form's own save has already counted its write.
      ...(options.bumpVersion ? { version: sql<number>`version + 1` } : {}),
    })
    .where("id", "in", [...productIds])
    .execute();
}

/**
 * Makes a product's variants the given list, in order: sizes with an id of this product are
 * updated, new ones inserted (the first size of a new product gets the product's id), and sizes
 * left out are deleted (order lines keep their own snapshot). Then the summary is written. The
 * caller has written the product row in this transaction (created it, or saved its form).
 */
export async function saveVariants(db: Db, productId: string, variants: readonly VariantInput[], options: { isNew: boolean }) {
  const existing = options.isNew ? [] : await db.selectFrom("product_variant").select("id").where("product_id", "=", productId).execute();
  const keep = new Set(variants.flatMap((v) => (v.id ? [v.id] : [])));
  const gone = existing.map((e) => e.id).filter((id) => !keep.has(id));
  if (gone.length) await db.deleteFrom("product_variant").where("product_id", "=", productId).where("id", "in", gone).execute();
  const owned = new Set(existing.map((e) => e.id));
  // SKUs may move between this product's sizes in one save: the kept sizes first let go of theirs.
  const kept = [...keep].filter((id) => owned.has(id));
  if (kept.length) {
    await db
      .updateTable("product_variant")
      .set({ sku: sql<string>`${"~"} || id` })
      .where("product_id", "=", productId)
      .where("id", "in", kept)
      .execute();
  }
  let position = 0;
  for (const variant of variants) {
    const id = variant.id && owned.has(variant.id) ? variant.id : options.isNew && position === 0 ? productId : newId();
    const row = {
      position,
      label: variant.label,
      pack_quantity: variant.packQuantity,
      pack_unit: variant.packUnit,
      sku: variant.sku || defaultSku(id),
      mrp_paise: variant.mrpPaise,
      price_paise: variant.pricePaise,
      stock: variant.stock,
      weight_grams: variant.weightGrams,
    };
    if (id === variant.id) {
      await db.updateTable("product_variant").set(row).where("id", "=", id).where("product_id", "=", productId).execute();
    } else {
      await db
        .insertInto("product_variant")
        .values({ id, product_id: productId, ...row })
        .execute();
    }
    position++;
  }
  // Called by the product forms, whose save has already counted its write on the product row.
  await syncProductSummary(db, [productId], { bumpVersion: false });
}

/** A product's sizes in order, for its page, its forms and the cart. */
export async function listVariants(db: Db, productIds: readonly string[]) {
  if (productIds.length === 0) return new Map<string, VariantView[]>();
  const rows = await db
    .selectFrom("product_variant")
    .select(["id", "product_id", "label", "pack_quantity", "pack_unit", "sku", "mrp_paise", "price_paise", "stock"])
    .where("product_id", "in", [...productIds])
    .orderBy("product_id")
    .orderBy("position")
    .execute();
  const byProduct = new Map<string, VariantView[]>();
  for (const r of rows) {
    const list = byProduct.get(r.product_id) ?? [];
    list.push({
      id: r.id,
      label: r.label,
      packQuantity: Number(r.pack_quantity),
      packUnit: r.pack_unit,
      sku: r.sku,
      mrpPaise: Number(r.mrp_paise),
      pricePaise: Number(r.price_paise),
      stock: Number(r.stock),
    });
    byProduct.set(r.product_id, list);
  }
  return byProduct;
}

/** A SKU already taken by another product's size: the form names it. */
export function isSkuConflict(error: unknown) {
  const e = error as { code?: string; message?: string; constraint?: string; detail?: string };
  return (
    (e.code === "23505" && /sku/i.test(`${e.constraint ?? ""} ${e.detail ?? ""}`)) ||
    /UNIQUE constraint failed: product_variant\.sku/i.test(e.message ?? "")
  );
}

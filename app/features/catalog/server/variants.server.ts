import { type Insertable, sql } from "kysely";
import { chunks, type ColumnType, idChunks, rowsPerStatement, updateEach } from "~/platform/db/batch.server";
import type { Db } from "~/platform/db/db.server";
import type { ProductVariantTable } from "~/platform/db/schema";
import { defaultSku, type VariantInput, type VariantView } from "~/features/catalog/domain/variants";
import { decodePriceBreaks, encodePriceBreaks } from "~/features/catalog/domain/price-breaks-input";
import { newId } from "~/platform/ids";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";

/**
 * Writes a product's summary of its variants into the product row: the lowest price among sizes
 * in stock (the lowest of all when none is), that size's MRP, the total stock, and whether sizes
 * differ in price. Call it in the transaction that changed a variant, after the change; the
 * catalogue's filters, sorts and pages read only these columns.
 *
 * Concurrency: every writer of a product's variants first locks the product row (writes it, or
 * reads it for update), or this statement does; on PostgreSQL two writers of one product therefore take turns, and the
 * second computes from the first's committed variants.
 */
export async function syncProductSummary(db: Db, productIds: readonly string[], options: { bumpVersion: boolean } = { bumpVersion: true }) {
  // One pass over the sizes of the products (a window per product) rather than a subquery per
  // column and product: an import's thousands of products cost one sort, whatever plan the
  // database picks for a table it has no statistics of yet. The first size in the window's order
  // (in stock first, then cheapest, then first listed) gives the price and its MRP.
  for (const ids of idChunks(productIds)) {
    await sql`with summary as (
        select product_id, price_paise, mrp_paise, total, sizes, varies from (
          select product_id, price_paise, mrp_paise,
            row_number() over (partition by product_id order by case when stock > 0 then 0 else 1 end, price_paise, position) as first,
            sum(stock) over (partition by product_id) as total,
            count(*) over (partition by product_id) as sizes,
            max(price_paise) over (partition by product_id) > min(price_paise) over (partition by product_id) as varies
          from product_variant where product_id in (${sql.join(ids)})
        ) ranked where first = 1)
      update product set stock = summary.total, price_paise = summary.price_paise, mrp_paise = summary.mrp_paise,
        price_varies = summary.varies, variant_count = summary.sizes
        ${
          // A sale or a cancellation changes stock an open edit form shows: that form is now stale.
          // A form's own save has already counted its write.
          options.bumpVersion ? sql`, version = version + 1` : sql``
        }
      from summary where product.id = summary.product_id`.execute(db);
  }
}

/**
 * Makes a product's variants the given list, in order: sizes with an id of this product are
 * updated, new ones inserted (the first size of a new product gets the product's id), and sizes
 * left out are deleted (order lines keep their own snapshot). Then the summary is written. The
 * caller has written the product row in this transaction (created it, or saved its form).
 */
export async function saveVariants(db: Db, productId: string, variants: readonly VariantInput[], options: { isNew: boolean }) {
  await saveVariantsOfProducts(db, [{ productId, variants, isNew: options.isNew }]);
}

/**
 * saveVariants for many products at once (a CSV import), in a few statements whatever their
 * number: one read of the sizes there are, then deletes, SKU releases, updates and inserts each
 * batched (app/platform/db/batch.server.ts), then the summaries.
 */
export async function saveVariantsOfProducts(
  db: Db,
  products: readonly { productId: string; variants: readonly VariantInput[]; isNew: boolean }[],
) {
  const existing = new Map<string, Map<string, string>>();
  // A lot-tracked size's stock is what its sellable lots hold (docs/decisions/056-lots.md): kept as
  // it is, whatever a form or a file says. The caller has locked the product, so it is current.
  const lotStock = new Map<string, number>();
  /** Sizes whose lots still hold units (recalled or past their day included). */
  const onHand = new Set<string>();
  for (const ids of idChunks(products.filter((p) => !p.isNew).map((p) => p.productId))) {
    const rows = await db
      .selectFrom("product_variant as v")
      .select(["v.id", "v.product_id", "v.sku", "v.stock"])
      .select((eb) => eb.exists(eb.selectFrom("lot").select("lot.id").whereRef("lot.variant_id", "=", "v.id")).as("lotted"))
      .select((eb) =>
        eb
          .selectFrom("lot")
          .select((l) => l.fn.coalesce(l.fn.sum<number>("lot.quantity"), l.lit(0)).as("units"))
          .whereRef("lot.variant_id", "=", "v.id")
          .as("on_hand"),
      )
      .where("v.product_id", "in", ids)
      .execute();
    for (const r of rows) {
      existing.set(r.product_id, (existing.get(r.product_id) ?? new Map()).set(r.id, r.sku));
      if (Number(r.lotted)) lotStock.set(r.id, Number(r.stock));
      if (Number(r.on_hand) > 0) onHand.add(r.id);
    }
  }
  const gone: string[] = [];
  const release: string[] = [];
  const updates: unknown[][] = [];
  const inserts: Insertable<ProductVariantTable>[] = [];
  const levels: unknown[][] = [];
  for (const { productId, variants, isNew } of products) {
    const owned = existing.get(productId) ?? new Map<string, string>();
    const keep = new Set(variants.flatMap((v) => (v.id && owned.has(v.id) ? [v.id] : [])));
    for (const id of owned.keys()) if (!keep.has(id)) gone.push(id);
    let position = 0;
    for (const variant of variants) {
      const kept = variant.id !== undefined && keep.has(variant.id);
      const id = kept && variant.id ? variant.id : isNew && position === 0 ? productId : newId();
      const sku = variant.sku || defaultSku(id);
      const row = {
        position,
        label: variant.label,
        pack_quantity: variant.packQuantity,
        pack_unit: variant.packUnit,
        sku,
        mrp_paise: variant.mrpPaise,
        price_paise: variant.pricePaise,
        stock: kept ? (lotStock.get(id) ?? variant.stock) : variant.stock,
        weight_grams: variant.weightGrams,
        price_breaks: encodePriceBreaks(variant.priceBreaks),
      };
      // A level the save does not speak of (a CSV import) stays as it is.
      const level = variant.reorderLevel === undefined ? {} : { reorder_level: variant.reorderLevel };
      if (kept) {
        // SKUs may move between this product's sizes in one save: a kept size whose SKU changes
        // first lets go of its own.
        if (owned.get(id) !== sku) release.push(id);
        updates.push([id, ...VARIANT_COLUMNS.map((c) => row[c.name])]);
        if (variant.reorderLevel !== undefined) levels.push([id, variant.reorderLevel]);
      } else inserts.push({ id, product_id: productId, ...row, ...level });
      position++;
    }
  }
  // A size whose lots still hold units stays until they are sold or adjusted to 0; once empty it may go,
  // its lots kept (no foreign key ties them to it) with the orders that took from them.
  const lotted = gone.find((id) => onHand.has(id));
  if (lotted !== undefined) {
    const sku = [...existing.values()].find((sizes) => sizes.has(lotted))?.get(lotted) ?? "";
    const refused = refusal("product.size_has_lots", { sku });
    throw new RefusalError(refused, { status: 409, english: english(refused) });
  }
  for (const ids of idChunks(gone)) await db.deleteFrom("product_variant").where("id", "in", ids).execute();
  for (const ids of idChunks(release)) {
    await db
      .updateTable("product_variant")
      .set({ sku: sql<string>`${"~"} || id` })
      .where("id", "in", ids)
      .execute();
  }
  await updateEach(db, "product_variant", "id", VARIANT_COLUMNS, updates);
  await updateEach(db, "product_variant", "id", REORDER_COLUMN, levels);
  for (const slice of chunks(inserts, rowsPerStatement(12))) await db.insertInto("product_variant").values(slice).execute();
  // Called by the product forms and the import, whose save has already counted its write on the product row.
  await syncProductSummary(
    db,
    products.map((p) => p.productId),
    { bumpVersion: false },
  );
}

const VARIANT_COLUMNS = [
  { name: "position", type: "integer" },
  { name: "label", type: "text" },
  { name: "pack_quantity", type: "double precision" },
  { name: "pack_unit", type: "text" },
  { name: "sku", type: "text" },
  { name: "mrp_paise", type: "bigint" },
  { name: "price_paise", type: "bigint" },
  { name: "stock", type: "integer" },
  { name: "weight_grams", type: "integer" },
  { name: "price_breaks", type: "text" },
] as const satisfies readonly { name: keyof ProductVariantTable; type: ColumnType }[];

const REORDER_COLUMN = [{ name: "reorder_level", type: "integer" }] as const satisfies readonly {
  name: keyof ProductVariantTable;
  type: ColumnType;
}[];

/** A product's sizes in order, for its page, its forms and the cart. */
export async function listVariants(db: Db, productIds: readonly string[]) {
  if (productIds.length === 0) return new Map<string, VariantView[]>();
  const rows = await db
    .selectFrom("product_variant")
    .select(["id", "product_id", "label", "pack_quantity", "pack_unit", "sku", "mrp_paise", "price_paise", "stock", "price_breaks"])
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
      priceBreaks: decodePriceBreaks(r.price_breaks),
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

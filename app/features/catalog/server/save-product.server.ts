import { type Insertable, sql } from "kysely";
import { chunks, idChunks, rowsPerStatement } from "~/platform/db/batch.server";
import { getDb, type Db } from "~/platform/db/db.server";
import type { ProductStatus, ProductTable } from "~/platform/db/schema";
import type { CropKey } from "~/features/catalog/domain/crops";
import { MAX_GALLERY, type ProductFormInput } from "~/features/catalog/domain/product-form";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import type { VariantInput } from "~/features/catalog/domain/variants";
import { isId, newId } from "~/platform/ids";
import { discardProductImage } from "~/features/catalog/server/store-product-image.server";
import { syncListing } from "~/features/vendor-shops/server/licensed-listings.server";
import { isSkuConflict, saveVariants, syncProductSummary } from "./variants.server";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { productSnapshot } from "~/features/audit/server/snapshots.server";

export const PLACEHOLDER_IMAGE = "/images/products/placeholder.svg";

/**
 * Every write to a product row sets this: the edit forms carry the version they were filled from
 * and a save whose version is no longer current is refused. A counter, not a timestamp: two
 * writes in one millisecond share a timestamp, never a version.
 */
export const nextVersion = () => sql<number>`version + 1`;

/** Another product's size already has this SKU: the form names the field. */
export class SkuTaken extends RefusalError {
  constructor(readonly sku: string) {
    const taken = refusal("product.sku_taken");
    super(taken, { status: 409, english: english(taken) });
  }
}

/** The pictures a save brings: a new cover, extra photos to add, extra photos to remove. */
export type ProductPictures = { image?: string; galleryAdd?: readonly string[]; galleryRemove?: readonly string[] };

/** Creates a product (store-owned when vendorId is null) with its sizes; in `options.db` when given, e.g. a transaction. */
export async function createProduct(
  input: ProductFormInput,
  options: ProductPictures & { vendorId?: string | null; status?: ProductStatus; db?: Db },
) {
  if (options.db) return insertProduct(options.db, input, options);
  return inSkuGuard(input, null, () =>
    getDb()
      .transaction()
      .execute((trx) => insertProduct(trx, input, options)),
  );
}

async function insertProduct(
  db: Db,
  input: ProductFormInput,
  options: ProductPictures & { vendorId?: string | null; status?: ProductStatus },
) {
  const id = newId();
  await refuseTakenSkus(db, id, input.variants);
  await db
    .insertInto("product")
    .values(newProductRow(id, input, options))
    .execute();
  await writeCrops(db, [{ productId: id, crops: input.crops, isNew: true }]);
  await saveVariants(db, id, input.variants, { isNew: true });
  await recordAudit(db, { kind: "product.create", object: { type: "product", id }, before: null, after: await productSnapshot(db, id) });
  return { id };
}

/**
 * A new product's row (the form's and the CSV import's). Its price and stock are placeholders
 * until saveVariants writes the summary of its sizes.
 */
export function newProductRow(
  id: string,
  input: ProductFormInput,
  options: ProductPictures & { vendorId?: string | null; status?: ProductStatus },
  now = new Date().toISOString(),
): Insertable<ProductTable> {
  return {
    id,
    name: input.name,
    description: input.description,
    category: input.category,
    regulated_as: input.regulatedAs,
    subsidised: input.subsidised ? 1 : 0,
    price_paise: Math.min(...input.variants.map((v) => v.pricePaise)),
    stock: 0,
    rating: 0,
    reviews: 0,
    image: options.image ?? PLACEHOLDER_IMAGE,
    vendor_id: options.vendorId ?? null,
    status: options.status ?? "live",
    reject_reason: null,
    created_at: now,
    updated_at: now,
    ...productDetails(input),
    gallery: JSON.stringify((options.galleryAdd ?? []).slice(0, MAX_GALLERY)),
  };
}

/** The farmer-facing columns of a form, and its HSN code and GST rate. */
export function productDetails(input: ProductFormInput) {
  return {
    hsn_code: input.hsnCode,
    gst_rate: input.gstRate,
    brand: input.brand,
    season: input.season,
    dosage_amount: input.dosageAmount,
    dosage_unit: input.dosageUnit,
    how_to_use: input.howToUse,
    name_hi: input.nameHi,
    description_hi: input.descriptionHi,
    how_to_use_hi: input.howToUseHi,
  };
}

/** The columns a product form changes (shared by the admin's and a vendor's edits). */
export function productEdits(input: ProductFormInput, image?: string) {
  return {
    name: input.name,
    description: input.description,
    category: input.category,
    regulated_as: input.regulatedAs,
    ...(input.subsidised === undefined ? {} : { subsidised: input.subsidised ? 1 : 0 }),
    ...productDetails(input),
    ...(image ? { image } : {}),
    version: nextVersion(),
    updated_at: new Date().toISOString(),
  };
}

/**
 * Updates a product's editable fields: "missing" when there is no such product, "stale" when it
 * changed since the form was loaded (a sale took stock, say), so an old stock figure never
 * overwrites a newer one. Throws SkuTaken (and writes nothing) when a size's SKU is another product's.
 */
export async function updateProduct(
  id: string,
  input: ProductFormInput,
  options: ProductPictures & { version: number },
): Promise<"updated" | "missing" | "stale"> {
  // Not one of our ids (a NUL in the URL would be a database error on PostgreSQL): nothing to update.
  if (!isId(id)) return "missing";
  const updated = await inSkuGuard(input, id, () =>
    getDb()
      .transaction()
      .execute(async (trx) => {
        const before = await productSnapshot(trx, id);
        const result = await trx
          .updateTable("product")
          .set(productEdits(input, options.image))
          .where("id", "=", id)
          .where("status", "!=", "archived")
          .where("version", "=", options.version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return null;
        // A vendor's listing may now be regulated as something its vendor holds no licence for.
        await syncListing(trx, id);
        const written = await writeFormParts(trx, id, input, options);
        await recordAudit(trx, { kind: "product.update", object: { type: "product", id }, before, after: await productSnapshot(trx, id) });
        return written;
      }),
  );
  if (updated) {
    await discardRemoved(updated.removed);
    return "updated";
  }
  const exists = await getDb().selectFrom("product").select("id").where("id", "=", id).where("status", "!=", "archived").executeTakeFirst();
  return exists ? "stale" : "missing";
}

/**
 * What an edit form writes besides the product row (which the caller has just updated, so holds):
 * crops, extra photos and sizes. Returns the extra photos it took off, to delete once committed.
 */
export async function writeFormParts(db: Db, productId: string, input: ProductFormInput, pictures: ProductPictures) {
  await refuseTakenSkus(db, productId, input.variants);
  await writeCrops(db, [{ productId, crops: input.crops, isNew: false }]);
  const removed = await writeGallery(db, productId, pictures);
  await writeVariantsOfForm(db, productId, input);
  return { removed };
}

/** Makes each product's crops the given ones (a new product has none to delete), in a few statements for any number of products. */
export async function writeCrops(db: Db, products: readonly { productId: string; crops: readonly CropKey[]; isNew: boolean }[]) {
  for (const ids of idChunks(products.filter((p) => !p.isNew).map((p) => p.productId))) {
    await db.deleteFrom("product_crop").where("product_id", "in", ids).execute();
  }
  const rows = products.flatMap((p) => p.crops.map((crop) => ({ product_id: p.productId, crop })));
  for (const slice of chunks(rows, rowsPerStatement(2))) await db.insertInto("product_crop").values(slice).execute();
}

/** The extra photos after removing and adding: only this product's own photos can be removed. */
async function writeGallery(db: Db, productId: string, pictures: ProductPictures) {
  if (!pictures.galleryAdd?.length && !pictures.galleryRemove?.length) return [];
  const row = await db.selectFrom("product").select("gallery").where("id", "=", productId).executeTakeFirstOrThrow();
  const current = parseGallery(row.gallery);
  const remove = new Set(pictures.galleryRemove ?? []);
  const removed = current.filter((path) => remove.has(path));
  const next = [...current.filter((path) => !remove.has(path)), ...(pictures.galleryAdd ?? [])].slice(0, MAX_GALLERY);
  await db
    .updateTable("product")
    .set({ gallery: JSON.stringify(next) })
    .where("id", "=", productId)
    .execute();
  return removed;
}

/** A product's extra photos (the column is a JSON list; anything else reads as none). */
/** The stored list of extra pictures; anything but a list of our image paths is none. */
export function parseGallery(json: string | null | undefined): string[] {
  try {
    const list: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === "string" && /^\/(images|uploads)\//.test(p)) : [];
  } catch {
    return [];
  }
}

export async function discardRemoved(paths: readonly string[]) {
  await Promise.all(paths.map((path) => discardProductImage(path)));
}

/** Refuses, before anything is written, a SKU another product's size has. */
async function refuseTakenSkus(db: Db, productId: string, variants: readonly VariantInput[]) {
  const skus = variants.map((v) => v.sku).filter(Boolean);
  if (!skus.length) return;
  const taken = await db
    .selectFrom("product_variant")
    .select("sku")
    .where("sku", "in", skus)
    .where("product_id", "!=", productId)
    .orderBy("sku")
    .limit(1)
    .executeTakeFirst();
  if (taken) throw new SkuTaken(taken.sku);
}

/**
 * Runs a save; a SKU taken by another product between our check and the write (two saves at
 * once) fails the insert on the unique index, which rolls the save back: it is reported the same way.
 */
export async function inSkuGuard<T>(input: ProductFormInput, productId: string | null, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (!isSkuConflict(error)) throw error;
    const skus = input.variants.map((v) => v.sku).filter(Boolean);
    const taken = skus.length
      ? await getDb()
          .selectFrom("product_variant")
          .select("sku")
          .where("sku", "in", skus)
          .where("product_id", "!=", productId ?? "")
          .executeTakeFirst()
      : undefined;
    throw new SkuTaken(taken?.sku ?? skus[0] ?? "");
  }
}

/**
 * Deletes a product, or archives it when past orders name it, so those orders keep their lines.
 */
export async function deleteOrArchiveProduct(id: string): Promise<"deleted" | "archived" | "missing"> {
  try {
    return await deleteOrArchiveOnce(id);
  } catch (error) {
    // An order for it was committed between our check and the delete: archive it instead.
    if (/foreign key/i.test(String((error as Error).message))) return archiveProduct(id);
    throw error;
  }
}

function archiveProduct(id: string) {
  return getDb()
    .transaction()
    .execute(async (trx) => ((await archiveIn(trx, id)) ? ("archived" as const) : ("missing" as const)));
}

/** Archives a product (past orders name it) and records it; false when there is no such product. */
async function archiveIn(trx: Db, id: string) {
  const before = await productSnapshot(trx, id);
  const r = await trx
    .updateTable("product")
    .set({ status: "archived", version: nextVersion(), updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (!Number(r.numUpdatedRows)) return false;
  await recordAudit(trx, { kind: "product.archive", object: { type: "product", id }, before, after: await productSnapshot(trx, id) });
  return true;
}

function deleteOrArchiveOnce(id: string): Promise<"deleted" | "archived" | "missing"> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const sold = await trx.selectFrom("order_line").select("id").where("product_id", "=", id).limit(1).executeTakeFirst();
      if (sold) return (await archiveIn(trx, id)) ? "archived" : "missing";
      const before = await productSnapshot(trx, id);
      const r = await trx.deleteFrom("product").where("id", "=", id).executeTakeFirst();
      if (!Number(r.numDeletedRows)) return "missing";
      await recordAudit(trx, { kind: "product.delete", object: { type: "product", id }, before, after: null });
      return "deleted";
    });
}

/**
 * The sizes an edit form sent. A form with one price and stock (no sizes) edits the product's
 * only size, or its first when it has several, and leaves the others as they are.
 */
export async function writeVariantsOfForm(db: Db, productId: string, input: ProductFormInput) {
  const one = input.variants[0];
  if (!input.singleSize || !one) return saveVariants(db, productId, input.variants, { isNew: false });
  const first = await db
    .selectFrom("product_variant")
    .select(["id", "mrp_paise"])
    .where("product_id", "=", productId)
    .orderBy("position")
    .limit(1)
    .executeTakeFirst();
  if (!first) return saveVariants(db, productId, input.variants, { isNew: false });
  await db
    .updateTable("product_variant")
    // A form without an MRP: what the size is charged with GST (settleMrp) is never above its MRP.
    .set({
      price_paise: one.pricePaise,
      mrp_paise: Math.max(Number(first.mrp_paise), one.mrpPaise),
      // A lot-tracked size's stock is its sellable lots' (docs/decisions/056-lots.md), not the form's.
      stock: sql<number>`case when exists (select 1 from lot where lot.variant_id = product_variant.id) then stock else ${one.stock} end`,
    })
    .where("id", "=", first.id)
    .execute();
  await syncProductSummary(db, [productId], { bumpVersion: false });
}

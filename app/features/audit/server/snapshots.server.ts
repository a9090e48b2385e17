import type { Db } from "~/platform/db/db.server";

/**
 * The fields of an object an audit entry compares, read in the change's transaction before and after
 * it. A product: its own columns that a form or a decision changes, and each size's price, MRP,
 * stock and SKU under the size's label ("1 kg · price_paise"), so a price's history is its own.
 */
export async function productSnapshot(db: Db, productId: string): Promise<Record<string, unknown> | null> {
  const product = await db
    .selectFrom("product")
    .select([
      "name",
      "name_hi",
      "category",
      "status",
      "brand",
      "regulated_as",
      "subsidised",
      "hsn_code",
      "gst_rate",
      "season",
      "image",
      "description",
      "reject_reason",
    ])
    .where("id", "=", productId)
    .executeTakeFirst();
  if (!product) return null;
  const sizes = await db
    .selectFrom("product_variant")
    .select(["label", "price_paise", "mrp_paise", "stock", "sku"])
    .where("product_id", "=", productId)
    .orderBy("position")
    .execute();
  const snapshot: Record<string, unknown> = { ...product };
  for (const size of sizes) {
    snapshot[`${size.label} · price_paise`] = Number(size.price_paise);
    snapshot[`${size.label} · mrp_paise`] = Number(size.mrp_paise);
    snapshot[`${size.label} · stock`] = Number(size.stock);
    snapshot[`${size.label} · sku`] = size.sku;
  }
  return snapshot;
}

/** An offer's terms and state (not its running count of uses and spend, nor when it was last touched). */
export async function offerSnapshot(db: Db, offerId: string): Promise<Record<string, unknown> | null> {
  const row = await db.selectFrom("offer").selectAll().where("id", "=", offerId).executeTakeFirst();
  if (!row) return null;
  const { uses: _uses, spent_paise: _spent, updated_at: _updated, created_at: _created, id: _id, ...terms } = row;
  return terms;
}

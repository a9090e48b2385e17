import { getDb } from "~/platform/db/db.server";
import { CROPS, type CropKey } from "~/features/catalog/domain/crops";

export type CropWithCount = { key: CropKey; label: string; emoji: string; count: number };

/**
 * Every crop the store lists, in its order, with how many products on sale are for it. From
 * crop_count (kept by triggers, 0014): a grouped count of product_crop ⨝ product took ~190 ms at
 * 100,000 products (SQLite), this sums a few hundred rows.
 */
export async function countCropProducts(): Promise<CropWithCount[]> {
  const rows = await getDb()
    .selectFrom("crop_count")
    .where("status", "=", "live")
    .groupBy("crop")
    .select((eb) => ["crop", eb.fn.sum<number>("n").as("n")])
    .execute();
  const counts = new Map(rows.map((r) => [r.crop, Number(r.n)]));
  return CROPS.map((c) => ({ key: c.key, label: c.label, emoji: c.emoji, count: counts.get(c.key) ?? 0 }));
}

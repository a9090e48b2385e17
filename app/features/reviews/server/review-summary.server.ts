import { sql } from "kysely";
import type { Db, Engine } from "~/platform/db/db.server";
import { averageRating } from "~/features/reviews/domain/reviews";

/**
 * Takes the product's row for this transaction before any change to its reviews. On PostgreSQL
 * this is the lock every review writer queues on (SQLite's writes are serial anyway), so the
 * summary written after the change counts every committed review, and two customers' reviews or
 * an edit and a hide of one product cannot both write a summary that misses the other.
 * Returns whether the product exists.
 */
export async function holdProduct(trx: Db, engine: Engine, productId: string): Promise<boolean> {
  let query = trx.selectFrom("product").select("id").where("id", "=", productId);
  if (engine === "postgres") query = query.forNoKeyUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Writes the product's rating (the average of its visible reviews, one decimal) and review count.
 * Call it in the transaction that changed a review, after `holdProduct` and the change. The
 * product's version is left alone: its edit forms do not write these, so a review never makes an
 * admin's open form stale.
 */
export async function syncReviewSummary(trx: Db, productId: string) {
  const row = await trx
    .selectFrom("review")
    .select([sql<number | string | null>`sum(rating)`.as("sum"), sql<number | string>`count(*)`.as("n")])
    .where("product_id", "=", productId)
    .where("hidden", "=", 0)
    .executeTakeFirstOrThrow();
  const count = Number(row.n);
  await trx
    .updateTable("product")
    .set({ rating: averageRating(Number(row.sum ?? 0), count), reviews: count })
    .where("id", "=", productId)
    .execute();
}

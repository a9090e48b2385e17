import { sql } from "kysely";
import type { Db, Engine } from "~/platform/db/db.server";
import { indiaToday } from "~/platform/core/india-day";
import { lockKitsOfParts } from "~/features/kits/server/order-kits.server";
import { syncProductSummary } from "~/features/catalog/server/variants.server";

/**
 * A lot-tracked size's stock is the sum of its sellable lots (docs/decisions/056-lots.md): on hand,
 * not recalled, and before its sell-by day. The condition as SQL, for a lot table named `lot`.
 */
export function sellableLot(today: string = indiaToday()) {
  return sql<boolean>`(lot.quantity > 0 and lot.recalled_at is null and (lot.sell_before is null or lot.sell_before > ${today}))`;
}

/** The order of first expiry first out, as the order's trigger takes lots (migration 0051); `desc`: the reverse. */
export function fefoOrder(direction: "asc" | "desc" = "asc") {
  const d = sql.raw(direction);
  return sql`lot.expires_on is null ${d}, lot.expires_on ${d}, lot.received_at ${d}, lot.id ${d}`;
}

/**
 * Makes each lot-tracked size's stock (of `variantIds`, or of every size with lots) the sum of its
 * sellable lots, and its product's summary with it. The sizes' products are locked first, in id
 * order, then the kits their sizes are parts of, as an order takes them. Returns the sizes changed.
 * Every writer of lots calls it in its transaction after its writes; the lots sweep calls it for the
 * days passing (a lot reaching its sell-by day leaves the stock the storefront shows).
 */
export async function syncLotStock(trx: Db, engine: Engine, variantIds?: readonly string[]): Promise<string[]> {
  if (variantIds && variantIds.length === 0) return [];
  const today = indiaToday();
  const stale = await trx
    .selectFrom("product_variant as v")
    .innerJoin("lot", "lot.variant_id", "v.id")
    .select(["v.id", "v.product_id", "v.stock"])
    .select(sql<number>`coalesce(sum(case when ${sellableLot(today)} then lot.quantity else 0 end), 0)`.as("sellable"))
    .$if(variantIds !== undefined, (qb) => qb.where("v.id", "in", variantIds ?? []))
    .groupBy(["v.id", "v.product_id", "v.stock"])
    .execute();
  const changed = stale.filter((v) => Number(v.stock) !== Number(v.sellable));
  if (changed.length === 0) return [];
  const productIds = [...new Set(changed.map((v) => v.product_id))].sort();
  await lockProducts(trx, engine, productIds);
  await lockKitsOfParts(
    trx,
    engine,
    changed.map((v) => v.id),
  );
  // Re-read under the locks: an order may have taken from these lots while this waited.
  for (const size of changed) {
    await trx
      .updateTable("product_variant")
      .set({
        stock: sql`(select coalesce(sum(lot.quantity), 0) from lot where lot.variant_id = product_variant.id and ${sellableLot(today)})`,
      })
      .where("id", "=", size.id)
      .execute();
  }
  await syncProductSummary(trx, productIds);
  return changed.map((v) => v.id);
}

/**
 * PostgreSQL: the products' rows, in id order, before any lot of theirs is written (the lock order of
 * docs/decisions/056-lots.md). SQLite's write transaction already holds the whole database.
 */
export async function lockProducts(trx: Db, engine: Engine, productIds: readonly string[]) {
  if (engine !== "postgres" || productIds.length === 0) return;
  await trx
    .selectFrom("product")
    .select("id")
    .where("id", "in", [...new Set(productIds)].sort())
    .orderBy("id")
    .forNoKeyUpdate()
    .execute();
}

/** An order's statement that could not fill a line from sellable lots (the trigger of migration 0051). */
export function isLotsShort(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e) return false;
  if (e.code === "AN410") return true;
  return typeof e.message === "string" && e.message.includes("lots_short");
}

import { sql } from "kysely";
import { type Db, getDatabase } from "~/platform/db/db.server";
import { lockKitsOfParts } from "~/features/kits/server/order-kits.server";
import { syncProductSummary } from "~/features/catalog/server/variants.server";
import { giveBackOfferUses } from "~/features/offers/server/order-offers.server";

/**
 * Puts a cancelled order's stock back, inside the cancelling transaction. Same lock order as
 * placeOrder (the product rows by id, then the sizes), so a cancel and a checkout cannot deadlock.
 * A size deleted since the order has no stock to take back. The order's offers get their uses and
 * budget back (issue 31, docs/decisions/050-offers.md), after the stock, as placeOrder counts them.
 */
export async function restoreOrderStock(trx: Db, orderId: string, now: string) {
  const lines = await trx
    .selectFrom("order_line")
    .select(["product_id", "variant_id", "quantity"])
    .where("order_id", "=", orderId)
    .orderBy("product_id")
    .orderBy("variant_id")
    .execute();
  const productIds = [...new Set(lines.map((l) => l.product_id))];
  for (const productId of productIds) {
    await trx.updateTable("product").set({ updated_at: now }).where("id", "=", productId).execute();
  }
  // Kits whose stock follows these sizes (docs/decisions/055-kits.md): their products next, in order.
  await lockKitsOfParts(
    trx,
    getDatabase().engine,
    lines.map((l) => l.variant_id ?? l.product_id),
  );
  for (const line of lines) {
    await trx
      .updateTable("product_variant")
      .set({ stock: sql`stock + ${line.quantity}` })
      .where("id", "=", line.variant_id ?? line.product_id)
      .where("product_id", "=", line.product_id)
      .execute();
  }
  await syncProductSummary(trx, productIds);
  await giveBackOfferUses(trx, orderId);
}

/**
 * Puts `quantity` of one returned line back into stock, inside the transaction that records the
 * goods' return: the product row first, then its size, as placeOrder takes them. A size or product
 * deleted since has nothing to take it back: 0 is returned, else the quantity restocked.
 */
export async function restockReturnedLine(
  trx: Db,
  line: { product_id: string; variant_id: string | null },
  quantity: number,
  now: string,
): Promise<number> {
  if (quantity <= 0) return 0;
  await trx.updateTable("product").set({ updated_at: now }).where("id", "=", line.product_id).execute();
  const result = await trx
    .updateTable("product_variant")
    .set({ stock: sql`stock + ${quantity}` })
    .where("id", "=", line.variant_id ?? line.product_id)
    .where("product_id", "=", line.product_id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return 0;
  await syncProductSummary(trx, [line.product_id]);
  return quantity;
}

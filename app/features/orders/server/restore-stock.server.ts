import { sql } from "kysely";
import { type Db, getDatabase } from "~/platform/db/db.server";
import { lockKitsOfParts } from "~/features/kits/server/order-kits.server";
import { syncProductSummary } from "~/features/catalog/server/variants.server";
import { fefoOrder, syncLotStock } from "~/features/lots/server/lot-stock.server";
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
  // Lot-tracked sizes (docs/decisions/056-lots.md): each unit back into the lot it came from, and the
  // sizes' stock what their sellable lots now hold (a lot recalled or past its day since takes none).
  const lotLines = await trx
    .selectFrom("order_line_lot as t")
    .innerJoin("order_line as l", "l.id", "t.order_line_id")
    .select(["t.order_line_id", "t.lot_id", "t.quantity", "t.returned", "l.variant_id"])
    .where("l.order_id", "=", orderId)
    .whereRef("t.returned", "<", "t.quantity")
    .orderBy("t.lot_id")
    .execute();
  for (const taken of lotLines) await putBackIntoLot(trx, taken, Number(taken.quantity) - Number(taken.returned));
  await syncProductSummary(trx, productIds);
  await syncLotStock(trx, getDatabase().engine, [...new Set(lotLines.flatMap((t) => (t.variant_id ? [t.variant_id] : [])))]);
  await giveBackOfferUses(trx, orderId);
}

/** `units` of a line's units from one lot back into it, counted as returned on the line's record of it. */
async function putBackIntoLot(trx: Db, taken: { order_line_id: string; lot_id: string }, units: number) {
  await trx
    .updateTable("lot")
    .set({ quantity: sql`quantity + ${units}` })
    .where("id", "=", taken.lot_id)
    .execute();
  await trx
    .updateTable("order_line_lot")
    .set({ returned: sql`returned + ${units}` })
    .where("order_line_id", "=", taken.order_line_id)
    .where("lot_id", "=", taken.lot_id)
    .execute();
}

/**
 * Puts `quantity` of one returned line back into stock, inside the transaction that records the
 * goods' return: the product row first, then its size, as placeOrder takes them. A size or product
 * deleted since has nothing to take it back: 0 is returned, else the quantity restocked.
 */
export async function restockReturnedLine(
  trx: Db,
  line: { order_line_id: string; product_id: string; variant_id: string | null },
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
  // A lot-tracked line's units go back into its lots, the latest-expiring first (docs/decisions/056-lots.md).
  const lots = await trx
    .selectFrom("order_line_lot as t")
    .innerJoin("lot", "lot.id", "t.lot_id")
    .select(["t.order_line_id", "t.lot_id", "t.quantity", "t.returned"])
    .where("t.order_line_id", "=", line.order_line_id)
    .orderBy(fefoOrder("desc"))
    .execute();
  let left = quantity;
  for (const taken of lots) {
    const units = Math.min(left, Number(taken.quantity) - Number(taken.returned));
    if (units <= 0) continue;
    await putBackIntoLot(trx, taken, units);
    left -= units;
  }
  await syncProductSummary(trx, [line.product_id]);
  if (lots.length > 0 && line.variant_id) await syncLotStock(trx, getDatabase().engine, [line.variant_id]);
  return quantity;
}

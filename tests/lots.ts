import { getDb } from "~/platform/db/db.server";

/** A pack size's stock as stored (for a lot-tracked size: what its sellable lots hold). */
export async function stockOf(variantId: string) {
  const row = await getDb().selectFrom("product_variant").select("stock").where("id", "=", variantId).executeTakeFirstOrThrow();
  return Number(row.stock);
}

/** A pack size's lots as { number: units on hand }. */
export async function lotsLeft(variantId: string) {
  const lots = await getDb().selectFrom("lot").select(["number", "quantity"]).where("variant_id", "=", variantId).execute();
  return Object.fromEntries(lots.map((l) => [l.number, Number(l.quantity)]));
}

/** An order's lots as [number, units], by lot number; `out`: less the units put back. */
export async function lotsOfOrder(orderId: string, options: { out?: boolean } = {}) {
  const rows = await getDb()
    .selectFrom("order_line_lot as t")
    .innerJoin("order_line as l", "l.id", "t.order_line_id")
    .innerJoin("lot", "lot.id", "t.lot_id")
    .select(["lot.number", "t.quantity", "t.returned"])
    .where("l.order_id", "=", orderId)
    .orderBy("lot.number")
    .execute();
  return rows.map((r) => [r.number, Number(r.quantity) - (options.out ? Number(r.returned) : 0)] as [string, number]);
}

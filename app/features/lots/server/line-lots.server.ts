import type { Db } from "~/platform/db/db.server";
import type { LineLot } from "~/features/lots/domain/line-lots";

/**
 * The lots each of these order lines took its units from (order_line_lot, written by the order's
 * trigger), first expiry first, by line id. Lines of sizes without lots are absent from the map.
 */
export async function listLineLots(db: Db, lineIds: readonly string[]): Promise<Map<string, LineLot[]>> {
  const byLine = new Map<string, LineLot[]>();
  if (lineIds.length === 0) return byLine;
  const rows = await db
    .selectFrom("order_line_lot as ol")
    .innerJoin("lot", "lot.id", "ol.lot_id")
    .select(["ol.order_line_id", "lot.number", "lot.expires_on", "ol.quantity"])
    .where("ol.order_line_id", "in", [...new Set(lineIds)])
    .orderBy("ol.order_line_id")
    .orderBy("lot.expires_on")
    .orderBy("lot.number")
    .execute();
  for (const r of rows) {
    const lots = byLine.get(r.order_line_id) ?? [];
    lots.push({ number: r.number, expiresOn: r.expires_on, quantity: Number(r.quantity) });
    byLine.set(r.order_line_id, lots);
  }
  return byLine;
}

import { sql } from "kysely";
import { type Db, getDatabase, getDb } from "~/platform/db/db.server";
import { indiaToday } from "~/platform/core/india-day";
import { isId, newId } from "~/platform/ids";
import { refusal } from "~/platform/core/refusal";
import { HELD_STATUSES, type RecallHoldView } from "~/features/lots/domain/recall";
import { cancelOrder } from "~/features/orders/server/cancel-order.server";
import { fefoOrder, sellableLot, syncLotStock } from "./lot-stock.server";
import { RecallRefused } from "./recall-lot.server";
import { lockProducts } from "./lot-stock.server";

const HOLD_GONE = refusal("recalls.hold_gone");
const isHeld = (status: string) => (HELD_STATUSES as readonly string[]).includes(status);

/** An order's unresolved recall flags, for the admin's order page: the lot, its reason, the units it holds. */
export async function listOrderRecallHolds(orderId: string, db: Db = getDb()): Promise<RecallHoldView[]> {
  if (!isId(orderId)) return [];
  const rows = await db
    .selectFrom("recall_hold as h")
    .innerJoin("orders as o", "o.id", "h.order_id")
    .innerJoin("lot", "lot.id", "h.lot_id")
    .select(["h.lot_id", "lot.number", "lot.recall_reason"])
    .select(
      sql<number>`(select coalesce(sum(t.quantity - t.returned), 0) from order_line_lot t join order_line l on l.id = t.order_line_id
        where l.order_id = h.order_id and t.lot_id = h.lot_id)`.as("units"),
    )
    .where("h.order_id", "=", orderId)
    .where("h.resolved_at", "is", null)
    .where("o.status", "in", HELD_STATUSES)
    .orderBy("lot.number")
    .execute();
  return rows.map((r) => ({ lotId: r.lot_id, lot: r.number, reason: r.recall_reason ?? "", units: Number(r.units) }));
}

/** The flag, its lot and its order as they stand, or a refusal: none unresolved, or the order has left. */
async function openHold(trx: Db, orderId: string, lotId: string) {
  if (!isId(orderId) || !isId(lotId)) throw new RecallRefused(HOLD_GONE, 404);
  const hold = await trx
    .selectFrom("recall_hold as h")
    .innerJoin("orders as o", "o.id", "h.order_id")
    .innerJoin("lot", "lot.id", "h.lot_id")
    .select(["o.status", "lot.number", "lot.product_id", "lot.variant_id"])
    .where("h.order_id", "=", orderId)
    .where("h.lot_id", "=", lotId)
    .where("h.resolved_at", "is", null)
    .executeTakeFirst();
  if (!hold) throw new RecallRefused(HOLD_GONE, 404);
  if (!isHeld(hold.status)) throw new RecallRefused(refusal("recalls.order_moved", { status: hold.status }), 409);
  return hold;
}

/**
 * Swaps a flagged order's units of a recalled lot for units of its size's other sellable lots, first
 * expiry first out, in one transaction: the product locked, then the size's lots; refused with nothing
 * written when they hold too few. The recalled lot gets its units back on hand (never for sale), the
 * line's record of it counts them returned, the new lots' records are written, the size's stock made
 * what its sellable lots hold, the flag resolved and an event added to the order's history.
 */
export async function swapRecalledLot(request: { orderId: string; lotId: string; adminId: string }) {
  const { orderId, lotId, adminId } = request;
  const { engine } = getDatabase();
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const hold = await openHold(trx, orderId, lotId);
      await lockProducts(trx, engine, [hold.product_id]);
      const out = await trx
        .selectFrom("order_line_lot as t")
        .innerJoin("order_line as l", "l.id", "t.order_line_id")
        .select(["t.order_line_id", sql<number>`t.quantity - t.returned`.as("units")])
        .where("l.order_id", "=", orderId)
        .where("t.lot_id", "=", lotId)
        .whereRef("t.quantity", ">", "t.returned")
        .orderBy("t.order_line_id")
        .execute();
      const needed = out.reduce((sum, line) => sum + Number(line.units), 0);
      // The size's other lots, locked in id order as the order's trigger locks them, then taken first expiry first.
      const today = indiaToday();
      const sellable = trx
        .selectFrom("lot")
        .select(["lot.id", "lot.number", "lot.quantity"])
        .where("lot.variant_id", "=", hold.variant_id)
        .where("lot.id", "<>", lotId)
        .where(sellableLot(today));
      if (engine === "postgres") await sellable.orderBy("lot.id").forUpdate().execute();
      const lots = (await sellable.orderBy(fefoOrder("asc")).execute()).map((l) => ({ ...l, quantity: Number(l.quantity) }));
      const available = lots.reduce((sum, l) => sum + l.quantity, 0);
      if (available < needed) throw new RecallRefused(refusal("recalls.swap_short", { lot: hold.number, needed, available }), 409);

      const taken = new Map<string, number>();
      for (const line of out) {
        let left = Number(line.units);
        for (const lot of lots) {
          const take = Math.min(left, lot.quantity);
          if (take <= 0) continue;
          lot.quantity -= take;
          left -= take;
          taken.set(lot.number, (taken.get(lot.number) ?? 0) + take);
          await trx
            .updateTable("lot")
            .set({ quantity: sql`quantity - ${take}` })
            .where("id", "=", lot.id)
            .execute();
          await trx
            .insertInto("order_line_lot")
            .values({ order_line_id: line.order_line_id, lot_id: lot.id, quantity: take, returned: 0 })
            .onConflict((oc) => oc.columns(["order_line_id", "lot_id"]).doUpdateSet({ quantity: sql`order_line_lot.quantity + ${take}` }))
            .execute();
        }
        await trx
          .updateTable("lot")
          .set({ quantity: sql`quantity + ${Number(line.units)}` })
          .where("id", "=", lotId)
          .execute();
        await trx
          .updateTable("order_line_lot")
          .set({ returned: sql`quantity` })
          .where("order_line_id", "=", line.order_line_id)
          .where("lot_id", "=", lotId)
          .execute();
      }
      await syncLotStock(trx, engine, [hold.variant_id]);
      const now = new Date().toISOString();
      await resolve(trx, orderId, [lotId], "swapped", adminId, now);
      const into = [...taken].map(([number, units]) => `${number} (${units})`).join(", ");
      await trx
        .insertInto("order_event")
        .values({
          id: newId(),
          order_id: orderId,
          status: hold.status,
          note: `Recalled lot ${hold.number}: ${needed} swapped to lot ${into}`.slice(0, 500),
          actor_id: adminId,
          created_at: now,
        })
        .execute();
      return { lot: hold.number, units: needed, into };
    });
}

/**
 * Cancels and refunds a flagged order (the store's one cancel: stock back into its lots, credit notes,
 * the refund, the customer's email), noting the recall on its event; then its flags are resolved.
 */
export async function cancelRecalledOrder(request: { orderId: string; lotId: string; adminId: string; payoutReference?: string }) {
  const { orderId, lotId, adminId } = request;
  const hold = await openHold(getDb(), orderId, lotId);
  const outcome = await cancelOrder({
    orderId,
    actor: { role: "admin", id: adminId },
    note: `Holds recalled lot ${hold.number}`,
    ...(request.payoutReference ? { payoutReference: request.payoutReference } : {}),
  });
  // The cancel has committed: its flags (every lot it held went back) are resolved with it.
  await resolve(getDb(), orderId, null, "cancelled", adminId, new Date().toISOString());
  return { lot: hold.number, ...outcome };
}

async function resolve(
  db: Db,
  orderId: string,
  lotIds: readonly string[] | null,
  resolution: "swapped" | "cancelled",
  by: string,
  now: string,
) {
  await db
    .updateTable("recall_hold")
    .set({ resolved_at: now, resolution, resolved_by: by })
    .where("order_id", "=", orderId)
    .where("resolved_at", "is", null)
    .$if(lotIds !== null, (qb) => qb.where("lot_id", "in", lotIds ?? []))
    .execute();
}

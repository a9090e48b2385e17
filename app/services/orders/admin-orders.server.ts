import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import { type OrderStatus, ORDER_STATUSES } from "~/domain/orders";
import { isId, newId } from "~/lib/ids";

export class StatusRefused extends Error {}

/** Allowed moves: pending → confirmed → shipped → delivered, and cancel before delivery. */
const NEXT: Record<OrderStatus, OrderStatus[]> = {
  pending: ["confirmed", "cancelled"],
  confirmed: ["shipped", "cancelled"],
  shipped: ["delivered", "cancelled"],
  delivered: [],
  cancelled: [],
};
export function allowedNextStatuses(status: OrderStatus) {
  return NEXT[status];
}

export async function getOrderForAdmin(id: string) {
  if (!isId(id)) return null;
  const db = getDb();
  const order = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  if (!order) return null;
  const [lines, events] = await Promise.all([
    db.selectFrom("order_line").selectAll().where("order_id", "=", id).orderBy("name").execute(),
    db.selectFrom("order_event").selectAll().where("order_id", "=", id).orderBy("created_at").execute(),
  ]);
  return {
    ...order,
    subtotal_paise: Number(order.subtotal_paise),
    shipping_paise: Number(order.shipping_paise),
    tax_paise: Number(order.tax_paise),
    total_paise: Number(order.total_paise),
    lines: lines.map((l) => ({ ...l, unit_price_paise: Number(l.unit_price_paise), line_total_paise: Number(l.line_total_paise) })),
    events,
    next: NEXT[order.status],
  };
}

/**
 * Moves an order to its next status, recording who did it. Cancelling puts the stock back, in the
 * same transaction; the status check is part of the update, so two admins cannot both move it.
 */
export async function changeOrderStatus(orderId: string, to: OrderStatus, actorId: string, note?: string) {
  if (!ORDER_STATUSES.includes(to)) throw new StatusRefused("Unknown status.");
  if (!isId(orderId)) throw new StatusRefused("That order no longer exists.");
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const order = await trx.selectFrom("orders").select(["id", "status"]).where("id", "=", orderId).executeTakeFirst();
      if (!order) throw new StatusRefused("That order no longer exists.");
      if (!NEXT[order.status].includes(to)) {
        throw new StatusRefused(`An order that is ${order.status} cannot be marked ${to}.`);
      }
      const now = new Date().toISOString();
      const moved = await trx
        .updateTable("orders")
        .set({ status: to, updated_at: now })
        .where("id", "=", orderId)
        .where("status", "=", order.status)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new StatusRefused("The order changed meanwhile; reload and try again.");
      if (to === "cancelled") {
        // Same lock order as placeOrder (by product id), so a cancel and a checkout cannot deadlock.
        const lines = await trx
          .selectFrom("order_line")
          .select(["product_id", "quantity"])
          .where("order_id", "=", orderId)
          .orderBy("product_id")
          .execute();
        for (const line of lines) {
          await trx
            .updateTable("product")
            .set({ stock: sql`stock + ${line.quantity}`, updated_at: now })
            .where("id", "=", line.product_id)
            .execute();
        }
      }
      await trx
        .insertInto("order_event")
        .values({ id: newId(), order_id: orderId, status: to, note: note?.slice(0, 500) || null, actor_id: actorId, created_at: now })
        .execute();
    });
}

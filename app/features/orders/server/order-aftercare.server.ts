import { type Db, getDb } from "~/platform/db/db.server";
import type { OrderStatus } from "~/features/orders/domain/orders";
import {
  cancelRefundPaise,
  cancelRefusal,
  isReturnWindowOpen,
  lastReturnDay,
  type RefundView,
  refundNeedsPayout,
  type ReturnView,
} from "~/features/orders/domain/returns";
import { isId } from "~/platform/ids";
import type { Refusal } from "~/platform/core/refusal";
import { listOrderRefunds, listOrderReturns } from "./list-returns.server";

/** When each of these orders was delivered: its first "delivered" event (India dates are read from it). */
export async function deliveredAt(db: Db, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("order_event")
    .select(["order_id", (eb) => eb.fn.min("created_at").as("at")])
    .where("order_id", "in", orderIds)
    .where("status", "=", "delivered")
    .groupBy("order_id")
    .execute();
  return new Map(rows.map((r) => [r.order_id, String(r.at)]));
}

/** What a customer may still do with an order: cancel it, or return items (and until when). */
export type OrderActions = {
  /** Cancelling is offered (the order has not shipped, and its refund needs no payout from us). */
  canCancel: boolean;
  /** Why not (the page says it in its language). */
  cancelRefusal: Refusal | null;
  /** What cancelling would refund (0 when nothing was paid). */
  cancelRefundPaise: number;
  /** The last India day to ask for a return (delivered orders), and whether a line is still returnable today. */
  lastReturnDay: string | null;
  returnWindowOpen: boolean;
  canReturn: boolean;
};

/** The actions open on each of this customer's orders (another customer's ids are left out). */
export async function listOrderActions(userId: string, orderIds: readonly string[], now: Date = new Date()) {
  const actions = new Map<string, OrderActions>();
  const ids = orderIds.filter((id) => isId(id));
  if (ids.length === 0) return actions;
  const db = getDb();
  const [orders, delivered, lines, requests] = await Promise.all([
    db
      .selectFrom("orders")
      .select(["id", "status", "payment_method", "payment_status", "paid_paise", "refunded_paise"])
      .where("user_id", "=", userId)
      .where("id", "in", ids)
      .execute(),
    deliveredAt(db, ids),
    db.selectFrom("order_line").select(["id", "order_id"]).where("order_id", "in", ids).execute(),
    db.selectFrom("return_request").select(["order_line_id"]).where("order_id", "in", ids).execute(),
  ]);
  const requested = new Set(requests.map((r) => r.order_line_id));
  for (const o of orders) {
    const at = o.status === "delivered" ? delivered.get(o.id) : undefined;
    const open = at !== undefined && isReturnWindowOpen(at, now);
    const refused = cancelRefusal({ status: o.status, paymentMethod: o.payment_method, paymentStatus: o.payment_status }, "customer");
    actions.set(o.id, {
      canCancel: refused === null,
      cancelRefusal: refused,
      cancelRefundPaise: cancelRefundPaise({
        paymentStatus: o.payment_status,
        paidPaise: Number(o.paid_paise),
        refundedPaise: Number(o.refunded_paise),
      }),
      lastReturnDay: at ? lastReturnDay(at) : null,
      returnWindowOpen: open,
      canReturn: open && lines.some((l) => l.order_id === o.id && !requested.has(l.id)),
    });
  }
  return actions;
}

export type OrderAftercare = OrderActions & { status: OrderStatus; returns: ReturnView[]; refunds: RefundView[] };

/** The customer's order page's part on cancelling, returns and refunds; null for an order that is not theirs. */
export async function getOrderAftercare(orderId: string, userId: string, now: Date = new Date()): Promise<OrderAftercare | null> {
  const actions = (await listOrderActions(userId, [orderId], now)).get(orderId);
  if (!actions) return null;
  const [status, returns, refunds] = await Promise.all([
    getDb().selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow(),
    listOrderReturns(orderId),
    listOrderRefunds(orderId),
  ]);
  // needsPayout is for whoever decides a return, not the customer's page.
  return { ...actions, status: status.status, returns: returns.map(({ needsPayout: _, ...r }) => r), refunds };
}

/**
 * The admin's order page's part: its return requests (to decide), its refunds, and what cancelling
 * it would refund, with whether that needs a payout reference (paid, but not online).
 */
export async function getAdminOrderAftercare(orderId: string) {
  if (!isId(orderId)) return null;
  const order = await getDb()
    .selectFrom("orders")
    .select(["status", "payment_method", "payment_status", "paid_paise", "refunded_paise"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return null;
  // The admin sends payouts: their page shows where each goes in full.
  const [returns, refunds] = await Promise.all([listOrderReturns(orderId, { revealPayout: true }), listOrderRefunds(orderId)]);
  const refundPaise = cancelRefundPaise({
    paymentStatus: order.payment_status,
    paidPaise: Number(order.paid_paise),
    refundedPaise: Number(order.refunded_paise),
  });
  return {
    returns,
    refunds,
    cancelRefundPaise: refundPaise,
    cancelNeedsPayout: refundPaise > 0 && refundNeedsPayout({ paymentMethod: order.payment_method, paymentStatus: order.payment_status }),
  };
}

import { getDatabase, getDb } from "~/platform/db/db.server";
import { getEnv } from "~/platform/env.server";
import { formatDate } from "~/platform/core/dates";
import { AWAITING_PAYMENT, HOLDING_UNPAID } from "~/features/payments/domain/payments";
import { newId } from "~/platform/ids";
import { log } from "~/platform/log.server";
import type { Job } from "~/platform/scheduler.server";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { queueOrderStatusEmail } from "~/features/messaging/server/queue-order-emails.server";
import { restoreOrderStock } from "~/features/orders/server/restore-stock.server";
import { getGatewayKeys } from "~/features/settings/server/payment-settings.server";
import { reconcileOrder } from "./confirm-payment.server";
import { sendDueRefunds } from "./refunds.server";
import { stripeClient } from "./stripe.server";

/** An attempt is asked about once it is this old: a callback or webhook normally comes well before. */
const RECONCILE_AFTER_MS = 2 * 60_000;

/**
 * Cancels an order whose time to pay ran out unpaid (a card or UPI order's hold, a bank transfer's
 * deadline): its stock goes back, in one transaction that first checks, under the order's lock,
 * that it is still pending and unpaid (a payment, or an admin recording the transfer, that won the
 * race has confirmed it), so two sweeps cancel it once. A card or UPI payment that arrives later is
 * refunded (recordPayment); a transfer can no longer be recorded on it, and the admin's page says
 * to send the money back.
 */
export async function expireUnpaidOrder(orderId: string, now = new Date()): Promise<boolean> {
  const { db, engine } = getDatabase();
  const emails = await getEmailContext();
  const at = now.toISOString();
  const expired = await db.transaction().execute(async (trx) => {
    let query = trx.selectFrom("orders").select(["id", "status", "payment_status", "payment_due_at"]).where("id", "=", orderId);
    if (engine === "postgres") query = query.forUpdate();
    const order = await query.executeTakeFirst();
    if (order?.status !== "pending" || !HOLDING_UNPAID.includes(order.payment_status)) return false;
    if (!order.payment_due_at || order.payment_due_at > at) return false;
    const cancelled = await trx
      .updateTable("orders")
      .set({ status: "cancelled", payment_status: "voided", payment_due_at: null, updated_at: at })
      .where("id", "=", order.id)
      .where("status", "=", "pending")
      .where("payment_status", "=", order.payment_status)
      .executeTakeFirst();
    if (Number(cancelled.numUpdatedRows) !== 1) return false;
    await restoreOrderStock(trx, order.id, at);
    await trx
      .insertInto("order_event")
      .values({
        id: newId(),
        order_id: order.id,
        status: "cancelled",
        note:
          order.payment_status === "bank_transfer_pending"
            ? `No bank transfer recorded by ${formatDate(order.payment_due_at)}: cancelled and its stock released`
            : `Not paid within ${getEnv().PAYMENT_HOLD_MINUTES} minutes: cancelled and its stock released`,
        actor_id: null,
        created_at: at,
      })
      .execute();
    await queueOrderStatusEmail(trx, emails, order.id, "cancelled");
    return true;
  });
  if (expired) await closeStripeSessions(orderId);
  return expired;
}

/** Best effort: an open Stripe session of a cancelled order is expired so it cannot be paid (one paid anyway is refunded). */
async function closeStripeSessions(orderId: string) {
  const open = await getDb()
    .selectFrom("payment")
    .select("gateway_ref")
    .where("order_id", "=", orderId)
    .where("gateway", "=", "stripe")
    .where("status", "=", "created")
    .execute();
  if (open.length === 0) return;
  const keys = await getGatewayKeys("stripe");
  if (!keys) return;
  for (const { gateway_ref } of open) {
    await stripeClient(keys.secret)
      .checkout.sessions.expire(gateway_ref)
      .catch((error: unknown) => log.info({ err: error, orderId }, "could not expire a Stripe session"));
  }
}

/**
 * One round of the payment sweep: ask the gateways about orders still awaiting payment whose
 * attempts are old enough (reconciliation), cancel those whose hold has run out (asking once more
 * first), cancel bank-transfer orders past their deadline, and send refunds that are due again.
 */
export async function sweepPayments(now = new Date()) {
  const db = getDb();
  const askBefore = new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString();
  const waiting = await db
    .selectFrom("orders")
    .select(["id", "payment_due_at"])
    .where("status", "=", "pending")
    .where("payment_status", "in", AWAITING_PAYMENT)
    .where((eb) =>
      eb.or([
        eb("payment_due_at", "<=", now.toISOString()),
        eb.exists(
          eb
            .selectFrom("payment")
            .select("payment.id")
            .whereRef("payment.order_id", "=", "orders.id")
            .where("payment.status", "in", ["created", "failed"])
            .where("payment.created_at", "<=", askBefore),
        ),
      ]),
    )
    .orderBy("payment_due_at")
    .limit(200)
    .execute();
  let reconciled = 0;
  let expired = 0;
  for (const order of waiting) {
    try {
      const outcomes = await reconcileOrder(order.id);
      if (outcomes.includes("confirmed")) reconciled++;
      else if (order.payment_due_at && order.payment_due_at <= now.toISOString() && (await expireUnpaidOrder(order.id, now))) expired++;
    } catch (error) {
      log.error({ err: error, orderId: order.id }, "payment sweep failed for an order");
    }
  }
  // A bank transfer has no gateway to ask: an admin records it, or its deadline ends it.
  const overdue = await db
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "pending")
    .where("payment_status", "=", "bank_transfer_pending")
    .where("payment_due_at", "<=", now.toISOString())
    .orderBy("payment_due_at")
    .limit(200)
    .execute();
  for (const order of overdue) {
    try {
      if (await expireUnpaidOrder(order.id, now)) expired++;
    } catch (error) {
      log.error({ err: error, orderId: order.id }, "payment sweep could not cancel an unpaid bank transfer order");
    }
  }
  const refunds = await sendDueRefunds(now);
  if (reconciled || expired || refunds) log.info({ reconciled, expired, refunds }, "payment sweep");
  return { reconciled, expired, refunds };
}

/** The sweep, for the scheduler (app/jobs.server.ts): at start, then every PAYMENT_SWEEP_SECONDS. */
export function paymentSweepJob(): Job {
  return { name: "payment sweep", every: getEnv().PAYMENT_SWEEP_SECONDS * 1000, run: () => sweepPayments() };
}

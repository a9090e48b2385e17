import { getDatabase, type Db } from "~/db/db.server";
import { formatPaise } from "~/domain/money";
import { isAwaitingPayment, type Gateway } from "~/domain/payments";
import { newId } from "~/lib/ids";
import { log } from "~/lib/log.server";
import { getEmailContext } from "~/services/emails/email-context.server";
import { queueOrderStatusEmail } from "~/services/emails/queue-order-emails.server";
import { issueInvoices } from "~/services/tax-documents/issue-documents.server";
import { createRefund, sendRefund } from "./refunds.server";

/**
 * What the gateway told us about one attempt, however it reached us (the browser's verified
 * callback, a signed webhook, or our own question to the gateway). `gatewayRef` is the attempt's id
 * at the gateway (Razorpay order / Stripe session); the attempt is looked up by it, and the amount
 * and currency must be the ones we stored.
 */
export type GatewayPayment = {
  gateway: Gateway;
  gatewayRef: string;
  paymentId: string;
  amountPaise: number;
  currency: string;
  method?: string | null;
};

/** A webhook event, stored in the transaction that applies it, so each is applied once. */
export type GatewayEventId = { gateway: Gateway; id: string; type: string };

export type PaymentOutcome =
  /** The order is paid and confirmed now. */
  | "confirmed"
  /** Nothing to do: this payment (or this event) was applied before. */
  | "already"
  /** Money came for an order that no longer wants it (cancelled after its hold, or paid already): it is being refunded. */
  | "refunding"
  /** The amount or currency is not the stored one: nothing changed (logged). */
  | "mismatch"
  /** No attempt of ours has that id. */
  | "unknown";

/** Inserts the event id; false when it was there already (applied before, or by a delivery racing this one). */
async function firstDelivery(trx: Db, event: GatewayEventId | undefined) {
  if (!event) return true;
  const inserted = await trx
    .insertInto("gateway_event")
    .values({ gateway: event.gateway, event_id: event.id, type: event.type, received_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["gateway", "event_id"]).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The attempt with its order row locked (PostgreSQL), so a callback, webhooks and the sweep take turns on one order. */
async function lockAttempt(trx: Db, gateway: Gateway, gatewayRef: string) {
  const { engine } = getDatabase();
  const attempt = await trx
    .selectFrom("payment")
    .selectAll()
    .where("gateway", "=", gateway)
    .where("gateway_ref", "=", gatewayRef)
    .executeTakeFirst();
  if (!attempt) return null;
  let query = trx
    .selectFrom("orders")
    .select(["id", "status", "payment_status", "total_paise", "paid_paise"])
    .where("id", "=", attempt.order_id);
  if (engine === "postgres") query = query.forUpdate();
  const order = await query.executeTakeFirstOrThrow();
  // Read again under the lock: another delivery may have changed it while this one waited.
  const fresh = await trx.selectFrom("payment").selectAll().where("id", "=", attempt.id).executeTakeFirstOrThrow();
  return { attempt: fresh, order };
}

/**
 * Applies a successful payment, once. A pending order awaiting payment is marked paid and confirmed
 * (its tax invoices issued, the customer emailed) in one transaction. A payment for an order that
 * was cancelled meanwhile (its hold ran out) or that another attempt already paid is kept on record
 * and refunded in full, automatically: the customer is never charged twice or for nothing.
 */
export async function recordPayment(paid: GatewayPayment, event?: GatewayEventId): Promise<{ outcome: PaymentOutcome; orderId?: string }> {
  const { db } = getDatabase();
  const emails = await getEmailContext();
  let refundId: string | undefined;
  const apply = db.transaction().execute(async (trx): Promise<{ outcome: PaymentOutcome; orderId?: string }> => {
    if (!(await firstDelivery(trx, event))) return { outcome: "already" };
    const found = await lockAttempt(trx, paid.gateway, paid.gatewayRef);
    if (!found) return { outcome: "unknown" };
    const { attempt, order } = found;
    const currency = paid.currency.toUpperCase();
    if (paid.amountPaise !== Number(attempt.amount_paise) || currency !== attempt.currency) {
      log.warn(
        {
          orderId: order.id,
          gateway: paid.gateway,
          gatewayRef: paid.gatewayRef,
          amount: paid.amountPaise,
          currency,
          expected: attempt.amount_paise,
        },
        "payment refused: amount or currency is not the order's",
      );
      throw new Mismatch(order.id);
    }
    if (attempt.status === "paid") return { outcome: "already", orderId: order.id };

    const now = new Date().toISOString();
    await trx
      .updateTable("payment")
      .set({ status: "paid", gateway_payment_id: paid.paymentId, method: paid.method ?? attempt.method, error: null, updated_at: now })
      .where("id", "=", attempt.id)
      .execute();
    const label = `${paid.method === "upi" ? "UPI" : paid.method === "card" ? "card" : paid.gateway} (${paid.paymentId})`;

    if (order.status === "pending" && isAwaitingPayment(order.payment_status)) {
      await trx
        .updateTable("orders")
        .set({
          status: "confirmed",
          payment_status: "paid",
          paid_paise: paid.amountPaise,
          paid_at: now,
          payment_reference: paid.paymentId,
          payment_due_at: null,
          updated_at: now,
        })
        .where("id", "=", order.id)
        .execute();
      await trx
        .insertInto("order_event")
        .values({
          id: newId(),
          order_id: order.id,
          status: "confirmed",
          note: `Paid ${formatPaise(paid.amountPaise)} by ${label}`,
          actor_id: null,
          created_at: now,
        })
        .execute();
      await issueInvoices(trx, order.id, new Date(now));
      await queueOrderStatusEmail(trx, emails, order.id, "confirmed");
      return { outcome: "confirmed", orderId: order.id };
    }

    // Too late (the order was cancelled) or a second payment: received, and all of it goes back.
    await trx
      .updateTable("orders")
      .set({ paid_paise: Number(order.paid_paise) + paid.amountPaise, updated_at: now })
      .where("id", "=", order.id)
      .execute();
    const late = order.status === "cancelled";
    const refund = await createRefund(trx, {
      orderId: order.id,
      paymentId: attempt.id,
      amountPaise: paid.amountPaise,
      reason: late ? "late_payment" : "extra_payment",
      idemKey: `${late ? "late" : "extra"}:${attempt.id}`,
      actorId: null,
    });
    refundId = refund.refundId;
    await trx
      .insertInto("order_event")
      .values({
        id: newId(),
        order_id: order.id,
        status: order.status,
        note: late
          ? `A payment of ${formatPaise(paid.amountPaise)} by ${label} arrived after the order was cancelled: it is refunded in full.`
          : `A second payment of ${formatPaise(paid.amountPaise)} by ${label} arrived: it is refunded in full.`,
        actor_id: null,
        created_at: now,
      })
      .execute();
    log.warn({ orderId: order.id, gateway: paid.gateway, paymentId: paid.paymentId, late }, "payment not needed: refunding it");
    return { outcome: "refunding", orderId: order.id };
  });
  let result: { outcome: PaymentOutcome; orderId?: string };
  try {
    result = await apply;
  } catch (error) {
    // Rolled back, the event id too: nothing about this delivery is kept.
    if (error instanceof Mismatch) return { outcome: "mismatch", orderId: error.orderId };
    throw error;
  }
  if (refundId) await sendRefund(refundId);
  return result;
}

class Mismatch extends Error {
  constructor(readonly orderId: string) {
    super("amount or currency mismatch");
  }
}

/**
 * A failed attempt: the order stays pending (its hold still runs) and says the payment failed, so
 * the customer can try again. A failure never undoes a payment already recorded.
 */
export async function recordFailure(
  failed: { gateway: Gateway; gatewayRef: string; paymentId?: string | null; error?: string | null },
  event?: GatewayEventId,
): Promise<{ outcome: "failed" | "already" | "unknown"; orderId?: string }> {
  const { db } = getDatabase();
  return db.transaction().execute(async (trx) => {
    if (!(await firstDelivery(trx, event))) return { outcome: "already" as const };
    const found = await lockAttempt(trx, failed.gateway, failed.gatewayRef);
    if (!found) return { outcome: "unknown" as const };
    const { attempt, order } = found;
    if (attempt.status === "paid") return { outcome: "already" as const, orderId: order.id };
    const now = new Date().toISOString();
    await trx
      .updateTable("payment")
      .set({
        status: attempt.status === "created" ? "failed" : attempt.status,
        gateway_payment_id: failed.paymentId ?? attempt.gateway_payment_id,
        error: failed.error?.slice(0, 300) ?? attempt.error,
        updated_at: now,
      })
      .where("id", "=", attempt.id)
      .execute();
    if (order.status === "pending" && order.payment_status === "awaiting_payment") {
      await trx.updateTable("orders").set({ payment_status: "failed", updated_at: now }).where("id", "=", order.id).execute();
    }
    return { outcome: "failed" as const, orderId: order.id };
  });
}

/** An attempt the gateway has closed (a Stripe session that expired): it can no longer be paid. */
export async function recordExpiry(gateway: Gateway, gatewayRef: string, event?: GatewayEventId) {
  const { db } = getDatabase();
  return db.transaction().execute(async (trx) => {
    if (!(await firstDelivery(trx, event))) return;
    await trx
      .updateTable("payment")
      .set({ status: "expired", updated_at: new Date().toISOString() })
      .where("gateway", "=", gateway)
      .where("gateway_ref", "=", gatewayRef)
      .where("status", "in", ["created", "failed"])
      .execute();
  });
}

/** Records a webhook event that needs no change (a type we do not act on), so a redelivery is answered at once. */
export async function recordIgnoredEvent(event: GatewayEventId) {
  const { db } = getDatabase();
  await db.transaction().execute((trx) => firstDelivery(trx, event));
}

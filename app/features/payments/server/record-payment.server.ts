import { getDatabase, type Db } from "~/platform/db/db.server";
import { formatPaise } from "~/platform/core/money";
import { isAwaitingPayment, type Gateway } from "~/features/payments/domain/payments";
import { newId } from "~/platform/ids";
import { log } from "~/platform/log.server";
import { countPaymentEvent } from "~/platform/observability/metrics.server";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { queueOrderStatusEmail } from "~/features/messaging/server/queue-order-emails.server";
import { issueInvoices } from "~/features/tax/server/issue-documents.server";
import { sendRefund } from "./refunds.server";
import { isKnownStray, recordStrayPayment } from "./stray-payments.server";

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
  /** Nothing to do: this payment (or this event) was applied or recorded before. */
  | "already"
  /** Money came that the order does not take (cancelled after its hold, or paid already): it is recorded and being refunded. */
  | "refunding"
  /** The amount or currency is not the stored one: recorded for an admin, the order unchanged. */
  | "mismatch"
  /** No attempt of ours has that id, or the payment id is not one a gateway makes (logged). */
  | "unknown";

/**
 * A gateway payment id as Razorpay (pay_…) and Stripe (pi_…) make them. Every store and lookup of
 * one uses it exactly as received, so a redelivery finds what the first delivery wrote.
 */
export const isGatewayPaymentId = (id: unknown): id is string => typeof id === "string" && /^[A-Za-z0-9_]{1,100}$/.test(id);

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
 * Applies a captured payment, once per gateway payment id. The payment of a pending order awaiting
 * it, for the stored amount and currency, marks the order paid and confirmed (its tax invoices
 * issued, the customer emailed) in one transaction. Any other captured payment is kept on record
 * (stray-payments.server.ts): a second payment of a paid order, or one for an order cancelled
 * meanwhile, is refunded in full automatically and the customer told; one for another amount or
 * currency waits for an admin and confirms nothing. The customer is never charged twice or for nothing.
 */
export async function recordPayment(
  received: GatewayPayment,
  event?: GatewayEventId,
): Promise<{ outcome: PaymentOutcome; orderId?: string }> {
  // A signed webhook is still JSON of any shape: a field of another type reads as missing, never as a 500.
  const paid: GatewayPayment = {
    ...received,
    currency: typeof received.currency === "string" ? received.currency : "",
    method: typeof received.method === "string" ? received.method : null,
  };
  if (typeof paid.gatewayRef !== "string") return { outcome: "unknown" };
  if (!isGatewayPaymentId(paid.paymentId)) {
    // Not an id Razorpay or Stripe makes: nothing can be recorded under it (nor refunded to it), and
    // answering 4xx or 5xx would only have the gateway send it again for days. Someone must look.
    log.error(
      {
        gateway: paid.gateway,
        gatewayRef: String(paid.gatewayRef).slice(0, 100),
        paymentId: String(paid.paymentId).slice(0, 120),
        length: String(paid.paymentId).length,
      },
      "payment not recorded: its id is not a gateway payment id (over 100 characters, or other characters); check it at the gateway",
    );
    return { outcome: "unknown" };
  }
  const { db } = getDatabase();
  const emails = await getEmailContext();
  let refundId: string | null = null;
  const result = await db.transaction().execute(async (trx): Promise<{ outcome: PaymentOutcome; orderId?: string }> => {
    if (!(await firstDelivery(trx, event))) return { outcome: "already" };
    const found = await lockAttempt(trx, paid.gateway, paid.gatewayRef);
    if (!found) return { outcome: "unknown" };
    const { attempt, order } = found;
    // The payment this attempt recorded, or one recorded as stray before: a redelivery, by whatever path.
    if (attempt.status === "paid" && attempt.gateway_payment_id === paid.paymentId) return { outcome: "already", orderId: order.id };
    if (await isKnownStray(trx, paid.gateway, paid.paymentId)) return { outcome: "already", orderId: order.id };

    const currency = paid.currency.toUpperCase();
    if (paid.amountPaise !== Number(attempt.amount_paise) || currency !== attempt.currency) {
      log.warn(
        {
          orderId: order.id,
          gateway: paid.gateway,
          gatewayRef: paid.gatewayRef,
          paymentId: paid.paymentId,
          amount: paid.amountPaise,
          currency,
          expected: attempt.amount_paise,
        },
        "payment not applied: amount or currency is not the order's; it waits for an admin",
      );
      await recordStrayPayment(
        trx,
        emails,
        order,
        attempt.id,
        paid,
        currency !== attempt.currency ? "currency_mismatch" : "amount_mismatch",
      );
      return { outcome: "mismatch", orderId: order.id };
    }

    const now = new Date().toISOString();
    if (attempt.status !== "paid" && order.status === "pending" && isAwaitingPayment(order.payment_status)) {
      // Only the attempt that pays the order is "paid": its payment is the one the order's own refunds
      // (a cancel, a return) go back to. An attempt whose capture came too late or twice keeps its
      // state; that capture lives in stray_payment.
      await trx
        .updateTable("payment")
        .set({ status: "paid", gateway_payment_id: paid.paymentId, method: paid.method ?? attempt.method, error: null, updated_at: now })
        .where("id", "=", attempt.id)
        .execute();
      const label = `${paid.method === "upi" ? "UPI" : paid.method === "card" ? "card" : paid.gateway} (${paid.paymentId})`;
      await trx
        .updateTable("orders")
        .set({
          status: "confirmed",
          payment_status: "paid",
          // Added, not set: a stray payment refunded meanwhile was counted in already.
          paid_paise: Number(order.paid_paise) + paid.amountPaise,
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

    // Too late (the order was cancelled), a second attempt paid, or a second capture on this very
    // attempt: received, recorded, and all of it goes back.
    const late = order.status === "cancelled";
    ({ refundId } = await recordStrayPayment(trx, emails, order, attempt.id, paid, late ? "late_payment" : "second_payment"));
    log.warn({ orderId: order.id, gateway: paid.gateway, paymentId: paid.paymentId, late }, "payment not needed: refunding it");
    return { outcome: "refunding", orderId: order.id };
  });
  if (refundId) await sendRefund(refundId);
  if (result.outcome !== "already") countPaymentEvent(paid.gateway, result.outcome === "confirmed" ? "captured" : result.outcome);
  return result;
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
  const result = await db.transaction().execute(async (trx) => {
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
  if (result.outcome === "failed") countPaymentEvent(failed.gateway, "failed");
  return result;
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
    countPaymentEvent(gateway, "expired");
  });
}

/** Records a webhook event that needs no change (a type we do not act on), so a redelivery is answered at once. */
export async function recordIgnoredEvent(event: GatewayEventId) {
  const { db } = getDatabase();
  await db.transaction().execute((trx) => firstDelivery(trx, event));
}

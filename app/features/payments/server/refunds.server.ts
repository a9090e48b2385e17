import { sql } from "kysely";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { actingPerson } from "~/platform/auth/acting-person.server";
import { getDatabase, getDb, type Db } from "~/platform/db/db.server";
import { isAwaitingPayment, statusAfterRefunds, type RefundReason } from "~/features/payments/domain/payments";
import { RefusalError, type Refusal, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import { newId } from "~/platform/ids";
import { log } from "~/platform/log.server";
import { countRefund } from "~/platform/observability/metrics.server";
import { getGatewayKeys } from "~/features/settings/server/payment-settings.server";
import { GatewayError, razorpay } from "./razorpay.server";
import { stripeGateway } from "./stripe.server";

/**
 * Refunds (issue 15, docs/decisions/023-payments.md). A refund is written inside the transaction
 * that decides it (a cancel, an approved return, a payment that came too late) as a pending row
 * whose idem_key is unique, so one reason refunds once however many requests race. It is sent to
 * the gateway after that transaction commits (sendRefund); a gateway that is down leaves it pending
 * and the payment sweep sends it again. The gateway call itself is idempotent: Stripe by the
 * Idempotency-Key (our refund id), Razorpay by looking for a refund with our id as its receipt first.
 * Cash-on-delivery and bank-transfer orders are refunded by a payout the admin makes and records.
 */
export type RefundRequest = {
  orderId: string;
  amountPaise: number;
  reason: RefundReason;
  /** One refund per key: "cancel:<orderId>", "return:<returnId>", "stray:<gateway>:<gateway payment id>". */
  idemKey: string;
  actorId: string | null;
  /** The payment to refund (our payment row id); by default the one that paid the order (its payment_reference). */
  paymentId?: string;
  /**
   * A payment at the gateway that the order did not take (a second capture on the attempt
   * `paymentId`, a late one, a mismatched one): that one is refunded, whatever the attempt's state.
   */
  gatewayPaymentId?: string;
  /** Cash on delivery / bank transfer: the UPI or bank payout reference the admin recorded (the refund is then done). */
  payoutReference?: string;
};

/** A refund that is not recorded; a customer (cancelling) or a vendor (approving a return) may be shown it. */
export class RefundRefused extends RefusalError {
  constructor(refused: Refusal) {
    super(refused, { status: 409, english: english(refused) });
  }
}

export const REFUND_NOT_POSITIVE = refusal("orders.refund_zero");
export const REFUND_ORDER_GONE = refusal("orders.order_gone");
export const refundOverLeft = (leftPaise: number) => refusal("orders.refund_only_left", { amountPaise: Math.max(0, leftPaise) });
export const REFUND_NO_PAYMENT = refusal("orders.refund_no_payment");
export const PAYOUT_REFERENCE_MISSING = refusal("orders.refund_payout_reference", { min: 6, max: 40 });

const RETRY_MINUTES = [1, 5, 30, 120, 360];

/** Records a refund in the caller's transaction; returns its id (the existing one for a repeated key). */
/**
 * A refund decided by a member of staff or a vendor (the guard kept who) goes into the audit trail
 * with the order; one that follows a customer's own cancel or return request, or the system's, does not.
 */
async function auditRefund(trx: Db, orderId: string, refund: Record<string, unknown>) {
  if (!(await actingPerson())) return;
  await recordAudit(trx, { kind: "order.refund", object: { type: "order", id: orderId }, before: { refund: null }, after: { refund } });
}

export async function createRefund(
  trx: Db,
  request: RefundRequest,
): Promise<{ refundId: string; kind: "gateway" | "payout"; created: boolean }> {
  const { engine } = getDatabase();
  const existing = await trx.selectFrom("refund").select(["id", "kind"]).where("idem_key", "=", request.idemKey).executeTakeFirst();
  if (existing) return { refundId: existing.id, kind: existing.kind, created: false };
  if (!Number.isInteger(request.amountPaise) || request.amountPaise <= 0) throw new RefundRefused(REFUND_NOT_POSITIVE);

  let query = trx
    .selectFrom("orders")
    .select(["id", "payment_method", "paid_paise", "refunded_paise", "total_paise", "payment_status", "payment_reference"])
    .where("id", "=", request.orderId);
  if (engine === "postgres") query = query.forUpdate();
  const order = await query.executeTakeFirst();
  if (!order) throw new RefundRefused(REFUND_ORDER_GONE);
  // What may still go back: everything received, less refunds already decided (pending ones too).
  const decided = await trx
    .selectFrom("refund")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_paise"), sql<number>`0`).as("n"))
    .where("order_id", "=", order.id)
    .where("status", "!=", "failed")
    .executeTakeFirstOrThrow();
  const prepaid = order.payment_method === "card" || order.payment_method === "upi";
  const received = prepaid ? Number(order.paid_paise) : Number(order.total_paise);
  const left = received - Number(decided.n);
  if (request.amountPaise > left) throw new RefundRefused(refundOverLeft(left));

  const now = new Date().toISOString();
  const id = newId();
  if (prepaid) {
    let payments = trx.selectFrom("payment").select(["id"]).where("order_id", "=", order.id);
    if (request.paymentId) payments = payments.where("id", "=", request.paymentId);
    if (!request.gatewayPaymentId) payments = payments.where("status", "=", "paid");
    // The order's own money goes back to the payment that paid it (payment_reference), never to an
    // attempt whose capture was stray: that one is refunded on its own, and often in full already.
    if (!request.gatewayPaymentId && !request.paymentId)
      payments = payments.where("gateway_payment_id", "=", order.payment_reference ?? "");
    const payment = await payments.orderBy("updated_at", "desc").executeTakeFirst();
    if (!payment) throw new RefundRefused(REFUND_NO_PAYMENT);
    await trx
      .insertInto("refund")
      .values({
        id,
        order_id: order.id,
        payment_id: payment.id,
        gateway_payment_id: request.gatewayPaymentId ?? null,
        idem_key: request.idemKey,
        kind: "gateway",
        reason: request.reason,
        amount_paise: request.amountPaise,
        status: "pending",
        next_attempt_at: now,
        actor_id: request.actorId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await auditRefund(trx, order.id, { id, kind: "gateway", amount_paise: request.amountPaise, reason: request.reason });
    return { refundId: id, kind: "gateway", created: true };
  }

  const reference = request.payoutReference?.trim() ?? "";
  if (!/^[A-Za-z0-9@./_-]{6,40}$/.test(reference)) {
    throw new RefundRefused(PAYOUT_REFERENCE_MISSING);
  }
  await trx
    .insertInto("refund")
    .values({
      id,
      order_id: order.id,
      payment_id: null,
      idem_key: request.idemKey,
      kind: "payout",
      reason: request.reason,
      amount_paise: request.amountPaise,
      status: "processed",
      payout_reference: reference,
      actor_id: request.actorId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await auditRefund(trx, order.id, {
    id,
    kind: "payout",
    amount_paise: request.amountPaise,
    reason: request.reason,
    payout_reference: reference,
  });
  await trx
    .updateTable("orders")
    .set({ refunded_paise: sql`refunded_paise + ${request.amountPaise}`, updated_at: now })
    .where("id", "=", order.id)
    .execute();
  return { refundId: id, kind: "payout", created: true };
}

/**
 * Sends a pending gateway refund (after the transaction that created it committed). Never throws for
 * a gateway failure: the refund stays pending with the error, and the sweep tries again later. Two
 * callers at once: only the one that claims the row ('pending' → 'sending') calls the gateway.
 */
export async function sendRefund(refundId: string): Promise<"processed" | "pending" | "failed" | "skipped"> {
  const outcome = await sendRefundOnce(refundId);
  if (outcome !== "skipped") countRefund(outcome);
  return outcome;
}

async function sendRefundOnce(refundId: string): Promise<"processed" | "pending" | "failed" | "skipped"> {
  const db = getDb();
  const now = new Date().toISOString();
  const claimed = await db
    .updateTable("refund")
    .set({ status: "sending", attempts: sql`attempts + 1`, updated_at: now })
    .where("id", "=", refundId)
    .where("status", "=", "pending")
    .where("kind", "=", "gateway")
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return "skipped";
  const refund = await db
    .selectFrom("refund as r")
    .innerJoin("payment as p", "p.id", "r.payment_id")
    .select(["r.id", "r.order_id", "r.amount_paise", "r.attempts", "r.reason", "p.gateway", "p.gateway_ref"])
    // The payment this refund returns: its own when it is not the attempt's (a second capture), else the attempt's.
    .select((eb) => eb.fn.coalesce("r.gateway_payment_id", "p.gateway_payment_id").as("gateway_payment_id"))
    .where("r.id", "=", refundId)
    .executeTakeFirstOrThrow();
  try {
    const gatewayRefundId = await refundAtGateway(refund);
    await markProcessed(refund.id, refund.order_id, Number(refund.amount_paise), gatewayRefundId);
    return "processed";
  } catch (error) {
    const transient = !(error instanceof GatewayError) || error.transient;
    const attempts = Number(refund.attempts);
    const giveUp = !transient || attempts > RETRY_MINUTES.length;
    const wait = RETRY_MINUTES[Math.min(attempts - 1, RETRY_MINUTES.length - 1)] ?? 60;
    await db
      .updateTable("refund")
      .set({
        status: giveUp ? "failed" : "pending",
        error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        next_attempt_at: new Date(Date.now() + wait * 60_000).toISOString(),
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", refund.id)
      .where("status", "=", "sending")
      .execute();
    log.warn({ refundId: refund.id, orderId: refund.order_id, err: error, giveUp }, "refund not sent");
    return giveUp ? "failed" : "pending";
  }
}

async function refundAtGateway(refund: {
  id: string;
  order_id: string;
  amount_paise: number;
  gateway: "razorpay" | "stripe";
  gateway_payment_id: string | null;
}): Promise<string> {
  const keys = await getGatewayKeys(refund.gateway);
  if (!keys) throw new GatewayError(`${refund.gateway} has no keys: enter them in Payment Settings`, 503);
  if (!refund.gateway_payment_id) throw new GatewayError("The payment has no gateway id", 400);
  const amount = Number(refund.amount_paise);
  if (refund.gateway === "razorpay") {
    const rzp = { keyId: keys.keyId, keySecret: keys.secret };
    // Sent before (and the answer lost)? Razorpay has no idempotency key; our id is the receipt.
    const earlier = (await razorpay.refunds(rzp, refund.gateway_payment_id)).find((r) => r.receipt === refund.id);
    if (earlier) return earlier.id;
    const made = await razorpay.refund(rzp, refund.gateway_payment_id, {
      amount,
      receipt: refund.id,
      notes: { order_id: refund.order_id },
    });
    return made.id;
  }
  const made = await stripeGateway(keys.secret).createRefund(
    { payment_intent: refund.gateway_payment_id, amount, metadata: { order_id: refund.order_id, refund_id: refund.id } },
    { idempotencyKey: `refund-${refund.id}` },
  );
  return made.id;
}

/** The gateway took it: the refund is processed and the order's refunded amount and status follow. */
async function markProcessed(refundId: string, orderId: string, amount: number, gatewayRefundId: string) {
  const { db, engine } = getDatabase();
  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const done = await trx
      .updateTable("refund")
      .set({ status: "processed", gateway_refund_id: gatewayRefundId, error: null, next_attempt_at: null, updated_at: now })
      .where("id", "=", refundId)
      .where("status", "in", ["sending", "pending"])
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return;
    let query = trx
      .selectFrom("orders")
      .select(["paid_paise", "refunded_paise", "total_paise", "payment_status"])
      .where("id", "=", orderId);
    if (engine === "postgres") query = query.forUpdate();
    const order = await query.executeTakeFirstOrThrow();
    const refunded = Number(order.refunded_paise) + amount;
    await trx
      .updateTable("orders")
      .set({
        refunded_paise: refunded,
        // A stray payment refunded while the order still waits for its own payment: it still waits.
        payment_status: isAwaitingPayment(order.payment_status)
          ? order.payment_status
          : statusAfterRefunds(Number(order.paid_paise), refunded, Number(order.total_paise)),
        updated_at: now,
      })
      .where("id", "=", orderId)
      .execute();
  });
}

/** Refunds whose time to try again has come (and any left 'sending' by a process that died over 10 minutes ago). */
export async function sendDueRefunds(now = new Date()) {
  const db = getDb();
  const stale = new Date(now.getTime() - 10 * 60_000).toISOString();
  await db.updateTable("refund").set({ status: "pending" }).where("status", "=", "sending").where("updated_at", "<", stale).execute();
  const due = await db
    .selectFrom("refund")
    .select("id")
    .where("status", "=", "pending")
    .where("kind", "=", "gateway")
    .where("next_attempt_at", "<=", now.toISOString())
    .orderBy("next_attempt_at")
    .limit(50)
    .execute();
  for (const { id } of due) await sendRefund(id);
  return due.length;
}

/**
 * An admin tries a failed refund again (the gateway refused it, or kept failing): it is pending
 * once more and sent now; a refund of another order, or one not failed, is left alone.
 */
export async function retryRefund(orderId: string, refundId: string) {
  const now = new Date().toISOString();
  const reopened = await getDb()
    .updateTable("refund")
    .set({ status: "pending", next_attempt_at: now, attempts: 0, updated_at: now })
    .where("id", "=", refundId)
    .where("order_id", "=", orderId)
    .where("status", "=", "failed")
    .where("kind", "=", "gateway")
    .executeTakeFirst();
  if (Number(reopened.numUpdatedRows) !== 1) throw new RefundRefused(refusal("orders.refund_not_waiting"));
  return sendRefund(refundId);
}

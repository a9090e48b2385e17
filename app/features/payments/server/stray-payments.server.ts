import { getDatabase, getDb, type Db } from "~/platform/db/db.server";
import { strayPaymentRefundEmail } from "~/features/messaging/domain/emails/payment-messages";
import { formatPaise } from "~/platform/core/money";
import type { OrderStatus } from "~/features/orders/domain/orders";
import {
  type CustomerStrayPayment,
  type Gateway,
  needsAttention,
  type StrayPaymentReason,
  type StrayPaymentView,
} from "~/features/payments/domain/payments";
import { isId, newId } from "~/platform/ids";
import { log } from "~/platform/log.server";
import type { EmailContext } from "~/features/messaging/server/email-context.server";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { enqueueEmail } from "~/features/messaging/server/enqueue.server";
import { getGatewayKeys } from "~/features/settings/server/payment-settings.server";
import { GatewayError, razorpay } from "./razorpay.server";
import { createRefund, RefundRefused, sendRefund } from "./refunds.server";
import { stripeGateway } from "./stripe.server";

/**
 * Captured payments the order did not take (docs/decisions/023-payments.md, 0026-payment-attention):
 * kept once per gateway payment id, so a redelivery or a racing duplicate changes nothing twice. A
 * second or late payment is refunded at once; one for another amount or currency waits for an admin,
 * who refunds it or settles it with a note. The order itself is never confirmed by one.
 */
type StrayCapture = {
  gateway: Gateway;
  paymentId: string;
  amountPaise: number;
  currency: string;
  method?: string | null;
};

/** Whether this gateway payment is on record as stray already (applied or waiting). */
export async function isKnownStray(trx: Db, gateway: Gateway, paymentId: string) {
  const row = await trx
    .selectFrom("stray_payment")
    .select("id")
    .where("gateway", "=", gateway)
    .where("gateway_payment_id", "=", paymentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The amount columns are 32-bit integers on PostgreSQL: ₹2,14,74,836.47 at most. */
const MAX_STORED_PAISE = 2_147_483_647;

/**
 * An amount a gateway could have taken, that we can store. Anything else (missing, a fraction, text,
 * out of range) is kept as 0, "not stated": no payment at a gateway is ₹0, and an admin's refund
 * asks the gateway what it received first.
 */
const isStorablePaise = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0 && (n as number) <= MAX_STORED_PAISE;

const methodLabel = (p: StrayCapture) => `${p.method === "upi" ? "UPI" : p.method === "card" ? "card" : p.gateway} (${p.paymentId})`;

/**
 * Records a stray payment in the caller's transaction (which holds the order's lock). A second or
 * late one is counted as received and refunded in full (returns the refund to send after the
 * commit); a mismatched one is only recorded, for an admin.
 */
export async function recordStrayPayment(
  trx: Db,
  emails: EmailContext,
  order: { id: string; status: OrderStatus; paid_paise: number; total_paise: number },
  attemptId: string,
  paid: StrayCapture,
  reason: StrayPaymentReason,
): Promise<{ refundId: string | null }> {
  const now = new Date().toISOString();
  const id = newId();
  const amount = isStorablePaise(paid.amountPaise) ? paid.amountPaise : 0;
  await trx
    .insertInto("stray_payment")
    .values({
      id,
      order_id: order.id,
      payment_id: attemptId,
      gateway: paid.gateway,
      // Exactly as received (recordPayment takes only ids a gateway makes): isKnownStray looks it up so.
      gateway_payment_id: paid.paymentId,
      amount_paise: amount,
      currency: paid.currency.toUpperCase().slice(0, 10),
      method: paid.method?.slice(0, 30) ?? null,
      reason,
      resolution: needsAttention(reason) ? null : "refund",
      created_at: now,
    })
    .execute();
  const label = methodLabel(paid);
  if (needsAttention(reason)) {
    const what =
      reason === "currency_mismatch"
        ? `in ${paid.currency.toUpperCase().slice(0, 10) || "no currency"}, not INR`
        : amount > 0
          ? `for ${formatPaise(amount)}, not the order's ${formatPaise(Number(order.total_paise))}`
          : `without an amount we could read (not the order's ${formatPaise(Number(order.total_paise))})`;
    await orderEvent(
      trx,
      order,
      `A payment by ${label} came ${what}: not applied to the order. It waits for an admin to refund or settle it.`,
      null,
      now,
    );
    return { refundId: null };
  }
  const refundId = await refundStray(trx, emails, order, { id, attemptId, ...paid, amountPaise: amount, reason }, null, now);
  await orderEvent(
    trx,
    order,
    reason === "late_payment"
      ? `A payment of ${formatPaise(amount)} by ${label} arrived after the order was cancelled: it is refunded in full.`
      : `A second payment of ${formatPaise(amount)} by ${label} arrived: it is refunded in full.`,
    null,
    now,
  );
  return { refundId };
}

async function orderEvent(trx: Db, order: { id: string; status: OrderStatus }, note: string, actorId: string | null, at: string) {
  await trx
    .insertInto("order_event")
    .values({
      id: newId(),
      order_id: order.id,
      status: order.status,
      note: note.slice(0, 500),
      actor_id: actorId,
      created_at: at,
    })
    .execute();
}

/** Counts the payment as received, writes its refund (one per gateway payment id) and tells the customer. */
async function refundStray(
  trx: Db,
  emails: EmailContext,
  order: { id: string; paid_paise: number },
  stray: StrayCapture & { id: string; attemptId: string; reason: StrayPaymentReason },
  actorId: string | null,
  at: string,
) {
  await trx
    .updateTable("orders")
    .set({ paid_paise: Number(order.paid_paise) + stray.amountPaise, updated_at: at })
    .where("id", "=", order.id)
    .execute();
  const refund = await createRefund(trx, {
    orderId: order.id,
    paymentId: stray.attemptId,
    gatewayPaymentId: stray.paymentId,
    amountPaise: stray.amountPaise,
    reason: stray.reason === "late_payment" ? "late_payment" : "extra_payment",
    idemKey: `stray:${stray.gateway}:${stray.paymentId}`,
    actorId,
  });
  await trx.updateTable("stray_payment").set({ refund_id: refund.refundId, resolution: "refund" }).where("id", "=", stray.id).execute();
  const customer = await trx
    .selectFrom("orders")
    .select(["customer_name", "customer_email", "locale"])
    .where("id", "=", order.id)
    .executeTakeFirstOrThrow();
  await enqueueEmail(trx, "payment-refund", `stray-refund:${stray.id}`, {
    to: customer.customer_email,
    ...strayPaymentRefundEmail(
      emails.store,
      { orderId: order.id, customerName: customer.customer_name, amountPaise: stray.amountPaise, reason: stray.reason },
      customer.locale,
    ),
  });
  return refund.refundId;
}

export class StrayRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 503 = 409,
  ) {
    super(message);
  }
}

const STRAY_GONE = "That payment is not one of this order's.";
const STRAY_DECIDED = "This payment has been dealt with already. Reload the page to see how.";
const SETTLE_NOTE_REQUIRED = "Say how this payment was settled (3 to 500 characters), for the record.";
const AMOUNT_UNREACHABLE =
  "The gateway's message did not say how much this payment was, and the gateway could not be asked just now. Try again in a few minutes.";
const AMOUNT_NOT_RECEIVED =
  "The gateway does not show this payment as received, so there is nothing to refund. Check it at the gateway, then mark it settled with a note.";
const AMOUNT_TOO_LARGE =
  "This payment is too large to refund from here: refund it from the gateway's dashboard, then mark it settled with a note.";

/**
 * What the gateway received for a payment whose message gave no usable amount: asked when an admin
 * refunds it, before any transaction. null when the gateway shows no captured payment by that id.
 */
async function receivedAtGateway(gateway: Gateway, paymentId: string): Promise<number | null> {
  const keys = await getGatewayKeys(gateway);
  if (!keys) throw new StrayRefused(AMOUNT_UNREACHABLE, 503);
  try {
    if (gateway === "razorpay") {
      const payment = await razorpay.payment({ keyId: keys.keyId, keySecret: keys.secret }, paymentId);
      return payment.status === "captured" ? payment.amount : null;
    }
    const intent = await stripeGateway(keys.secret).retrievePaymentIntent(paymentId);
    return intent.status === "succeeded" ? intent.amount_received : null;
  } catch (error) {
    const status = error instanceof GatewayError ? error.status : ((error as { statusCode?: number }).statusCode ?? 0);
    if (status === 404) return null;
    log.warn({ err: error, gateway, paymentId }, "could not ask the gateway for a stray payment's amount");
    throw new StrayRefused(AMOUNT_UNREACHABLE, 503);
  }
}

/**
 * An admin's decision on a payment that needs attention: refund it through the gateway (once: its
 * refund's key is its gateway payment id, and only an undecided payment can be decided), or mark it
 * settled with a note (no money moves; the order is left as it is).
 */
export async function resolveStrayPayment(input: {
  orderId: string;
  strayId: string;
  decision: "refund" | "settle";
  note?: string;
  adminId: string;
}): Promise<{ refund: "processed" | "pending" | "failed" | "skipped" | null }> {
  if (!isId(input.orderId) || !isId(input.strayId)) throw new StrayRefused(STRAY_GONE, 404);
  const note = input.note?.trim() ?? "";
  if (input.decision === "settle" && (note.length < 3 || note.length > 500)) throw new StrayRefused(SETTLE_NOTE_REQUIRED, 400);
  if (note.length > 500) throw new StrayRefused(SETTLE_NOTE_REQUIRED, 400);
  const { db, engine } = getDatabase();
  const emails = await getEmailContext();
  // A refund of a payment whose amount we never learnt: the gateway says it first (outside the transaction).
  let askedPaise: number | null = null;
  if (input.decision === "refund") {
    const before = await db
      .selectFrom("stray_payment")
      .select(["gateway", "gateway_payment_id", "amount_paise", "resolution"])
      .where("id", "=", input.strayId)
      .where("order_id", "=", input.orderId)
      .executeTakeFirst();
    if (before && before.resolution === null && Number(before.amount_paise) === 0) {
      askedPaise = await receivedAtGateway(before.gateway, before.gateway_payment_id);
      if (askedPaise === null) throw new StrayRefused(AMOUNT_NOT_RECEIVED, 409);
      if (!isStorablePaise(askedPaise)) throw new StrayRefused(AMOUNT_TOO_LARGE, 409);
    }
  }
  const refundId = await db.transaction().execute(async (trx) => {
    let query = trx.selectFrom("orders").select(["id", "status", "paid_paise", "total_paise"]).where("id", "=", input.orderId);
    if (engine === "postgres") query = query.forUpdate();
    const order = await query.executeTakeFirst();
    if (!order) throw new StrayRefused(STRAY_GONE, 404);
    const stray = await trx
      .selectFrom("stray_payment")
      .selectAll()
      .where("id", "=", input.strayId)
      .where("order_id", "=", order.id)
      .executeTakeFirst();
    if (!stray) throw new StrayRefused(STRAY_GONE, 404);
    if (stray.resolution !== null) throw new StrayRefused(STRAY_DECIDED, 409);
    let amount = Number(stray.amount_paise);
    if (input.decision === "refund" && amount === 0) {
      if (askedPaise === null) throw new StrayRefused(AMOUNT_UNREACHABLE, 503);
      amount = askedPaise;
      await trx.updateTable("stray_payment").set({ amount_paise: amount }).where("id", "=", stray.id).execute();
    }
    if (input.decision === "refund" && Number(order.paid_paise) + amount > MAX_STORED_PAISE) throw new StrayRefused(AMOUNT_TOO_LARGE, 409);
    const now = new Date().toISOString();
    const decided = await trx
      .updateTable("stray_payment")
      .set({
        resolution: input.decision === "refund" ? "refund" : "settled",
        note: note || null,
        resolved_by: input.adminId,
        resolved_at: now,
      })
      .where("id", "=", stray.id)
      .where("resolution", "is", null)
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) !== 1) throw new StrayRefused(STRAY_DECIDED, 409);
    const label = `${amount > 0 ? `${formatPaise(amount)} ${stray.currency}` : "an amount not stated"} (${stray.gateway_payment_id})`;
    if (input.decision === "settle") {
      await orderEvent(trx, order, `The payment of ${label} was marked settled: ${note}`, input.adminId, now);
      return null;
    }
    const refundId = await refundStray(
      trx,
      emails,
      order,
      {
        id: stray.id,
        attemptId: stray.payment_id,
        gateway: stray.gateway,
        paymentId: stray.gateway_payment_id,
        amountPaise: amount,
        currency: stray.currency,
        reason: stray.reason,
      },
      input.adminId,
      now,
    ).catch((error: unknown) => {
      if (error instanceof RefundRefused) throw new StrayRefused(error.message, 409);
      throw error;
    });
    await orderEvent(trx, order, `The payment of ${label} is refunded in full.${note ? ` ${note}` : ""}`, input.adminId, now);
    return refundId;
  });
  return { refund: refundId ? await sendRefund(refundId) : null };
}

function strayRows(db: Db) {
  return db
    .selectFrom("stray_payment as s")
    .leftJoin("refund as r", "r.id", "s.refund_id")
    .select([
      "s.id",
      "s.order_id",
      "s.gateway",
      "s.gateway_payment_id",
      "s.amount_paise",
      "s.currency",
      "s.reason",
      "s.resolution",
      "s.note",
      "s.created_at",
      "r.status as refund_status",
    ]);
}

type StrayRow = {
  id: string;
  order_id: string;
  gateway: Gateway;
  gateway_payment_id: string;
  amount_paise: number;
  currency: string;
  reason: StrayPaymentReason;
  resolution: "refund" | "settled" | null;
  note: string | null;
  created_at: string;
  refund_status: string | null;
};

function toView(r: StrayRow): StrayPaymentView {
  const state =
    r.resolution === null
      ? "waiting"
      : r.resolution === "settled"
        ? "settled"
        : r.refund_status === "processed"
          ? "refunded"
          : r.refund_status === "failed"
            ? "refund_failed"
            : "refunding";
  return {
    id: r.id,
    orderId: r.order_id,
    gateway: r.gateway,
    gatewayPaymentId: r.gateway_payment_id,
    amountPaise: Number(r.amount_paise),
    amountKnown: Number(r.amount_paise) > 0,
    currency: r.currency,
    reason: r.reason,
    state,
    note: r.note,
    createdAt: r.created_at,
  };
}

/** An order's stray payments, oldest first. */
export async function listOrderStrayPayments(orderId: string): Promise<StrayPaymentView[]> {
  if (!isId(orderId)) return [];
  const rows = await strayRows(getDb()).where("s.order_id", "=", orderId).orderBy("s.created_at").orderBy("s.id").execute();
  return rows.map(toView);
}

/** The payments waiting for an admin's decision, oldest first, with how many there are in all. */
export async function listPaymentsNeedingAttention(limit = 20) {
  const db = getDb();
  const [rows, count] = await Promise.all([
    strayRows(db)
      .innerJoin("orders as o", "o.id", "s.order_id")
      .select("o.customer_name")
      .where("s.resolution", "is", null)
      .orderBy("s.created_at")
      .orderBy("s.id")
      .limit(limit)
      .execute(),
    db
      .selectFrom("stray_payment")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("resolution", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), rows: rows.map((r) => ({ ...toView(r), customerName: r.customer_name })) };
}

/** The stray payments of a customer's orders (ids already known to be theirs), by order, as the customer's pages say them. */
export async function listCustomerStrayPayments(orderIds: readonly string[]): Promise<Map<string, CustomerStrayPayment[]>> {
  const byOrder = new Map<string, CustomerStrayPayment[]>();
  const ids = orderIds.filter((id) => isId(id));
  if (ids.length === 0) return byOrder;
  const rows = await strayRows(getDb()).where("s.order_id", "in", ids).orderBy("s.created_at").orderBy("s.id").execute();
  for (const view of rows.map(toView)) {
    if (view.state === "settled") continue;
    const state = view.state === "waiting" ? "waiting" : view.state === "refunded" ? "refunded" : "refunding";
    const list = byOrder.get(view.orderId) ?? [];
    list.push({ id: view.id, amountPaise: view.amountPaise, reason: view.reason, state });
    byOrder.set(view.orderId, list);
  }
  return byOrder;
}

import { getDb } from "~/platform/db/db.server";
import { log } from "~/platform/log.server";
import { getGatewayKeys } from "~/features/settings/server/payment-settings.server";
import { checkoutSignatureValid, razorpay, type RazorpayPayment } from "./razorpay.server";
import { recordExpiry, recordFailure, recordPayment, type PaymentOutcome } from "./record-payment.server";
import { stripeGateway } from "./stripe.server";

/** A result from the browser that we cannot accept: a forged, tampered or replayed-for-another-order callback. */
export class PaymentNotVerified extends Error {
  constructor(message = "We could not verify this payment.") {
    super(message);
  }
}

/** "checking": the signature is right but the gateway could not be asked about the amount now; the webhook or the sweep will finish it. */
export type ConfirmOutcome = PaymentOutcome | "failed" | "checking";

async function attemptByRef(gateway: "razorpay" | "stripe", ref: unknown) {
  // Gateway ids are letters, digits and underscores (order_…, cs_test_…): anything else is not ours.
  if (typeof ref !== "string" || !/^[A-Za-z0-9_]{1,100}$/.test(ref)) return undefined;
  return getDb()
    .selectFrom("payment as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .select(["p.id", "p.order_id", "p.gateway_ref", "p.amount_paise", "o.user_id"])
    .where("p.gateway", "=", gateway)
    .where("p.gateway_ref", "=", ref)
    .executeTakeFirst();
}

async function razorpayKeys() {
  const keys = await getGatewayKeys("razorpay");
  if (!keys) throw new PaymentNotVerified("Razorpay is not set up.");
  return { keyId: keys.keyId, keySecret: keys.secret };
}

/**
 * Razorpay Checkout's success (the in-page handler's fields, or the callback_url POST). The
 * signature is checked against the Razorpay order id WE stored for the attempt, never one the
 * browser chose; then the payment is fetched from Razorpay, and only a captured payment of that
 * order for the stored amount is recorded. `ownerId`: the signed-in customer, when the result came
 * through their own page (the cross-site callback carries no session).
 */
export async function confirmRazorpayCheckout(
  fields: Record<string, unknown>,
  ownerId?: string,
): Promise<{ outcome: ConfirmOutcome; orderId: string }> {
  const attempt = await attemptByRef("razorpay", fields.razorpay_order_id);
  if (!attempt || (ownerId && attempt.user_id !== ownerId)) throw new PaymentNotVerified();
  const keys = await razorpayKeys();
  const paymentId = typeof fields.razorpay_payment_id === "string" ? fields.razorpay_payment_id : "";
  if (
    !/^pay_[A-Za-z0-9]{6,40}$/.test(paymentId) ||
    !checkoutSignatureValid(keys.keySecret, attempt.gateway_ref, paymentId, fields.razorpay_signature)
  ) {
    log.warn({ orderId: attempt.order_id }, "Razorpay callback refused: bad signature");
    throw new PaymentNotVerified();
  }
  let payment: RazorpayPayment;
  try {
    payment = await razorpay.payment(keys, paymentId);
  } catch (error) {
    log.warn(
      { err: error, orderId: attempt.order_id },
      "Razorpay could not be asked about a signed payment; the webhook or sweep will apply it",
    );
    return { outcome: "checking", orderId: attempt.order_id };
  }
  if (payment.order_id !== attempt.gateway_ref) throw new PaymentNotVerified();
  if (payment.status !== "captured") return { outcome: "checking", orderId: attempt.order_id };
  const { outcome } = await recordPayment({
    gateway: "razorpay",
    gatewayRef: attempt.gateway_ref,
    paymentId: payment.id,
    amountPaise: payment.amount,
    currency: payment.currency,
    method: payment.method,
  });
  // A mismatch is real money, recorded for an admin: the customer is told it is being looked at.
  if (outcome === "unknown") throw new PaymentNotVerified();
  return { outcome, orderId: attempt.order_id };
}

/**
 * Razorpay Checkout's failure (`error[metadata]` names the payment and order). Unsigned, so it is
 * only believed after Razorpay confirms that payment of that order failed.
 */
export async function confirmRazorpayFailure(
  fields: Record<string, unknown>,
  ownerId?: string,
): Promise<{ outcome: ConfirmOutcome; orderId: string }> {
  let meta: { payment_id?: unknown; order_id?: unknown } = {};
  try {
    const raw = fields["error[metadata]"] ?? fields.metadata;
    meta = typeof raw === "string" ? JSON.parse(raw) : {};
  } catch {
    throw new PaymentNotVerified();
  }
  const attempt = await attemptByRef("razorpay", meta.order_id);
  if (!attempt || (ownerId && attempt.user_id !== ownerId)) throw new PaymentNotVerified();
  const paymentId = typeof meta.payment_id === "string" ? meta.payment_id : "";
  if (!/^pay_[A-Za-z0-9]{6,40}$/.test(paymentId)) throw new PaymentNotVerified();
  try {
    const payment = await razorpay.payment(await razorpayKeys(), paymentId);
    if (payment.order_id !== attempt.gateway_ref) throw new PaymentNotVerified();
    if (payment.status === "failed") {
      await recordFailure({
        gateway: "razorpay",
        gatewayRef: attempt.gateway_ref,
        paymentId,
        error: payment.error_description ?? "failed",
      });
      return { outcome: "failed", orderId: attempt.order_id };
    }
  } catch (error) {
    if (error instanceof PaymentNotVerified) throw error;
    log.warn({ err: error, orderId: attempt.order_id }, "Razorpay could not be asked about a failed payment");
  }
  return { outcome: "checking", orderId: attempt.order_id };
}

/** Back from Stripe Checkout: the session is fetched from Stripe (the address proves nothing) and applied if paid. */
export async function confirmStripeReturn(sessionId: unknown): Promise<{ outcome: ConfirmOutcome; orderId: string }> {
  const attempt = await attemptByRef("stripe", sessionId);
  if (!attempt) throw new PaymentNotVerified();
  const outcome = await askStripe(attempt.gateway_ref).catch((error: unknown) => {
    log.warn({ err: error, orderId: attempt.order_id }, "Stripe could not be asked about a session");
    return "checking" as const;
  });
  // A mismatch is real money, recorded for an admin: the customer is told it is being looked at.
  if (outcome === "unknown") throw new PaymentNotVerified();
  return { outcome, orderId: attempt.order_id };
}

async function askStripe(sessionId: string): Promise<ConfirmOutcome> {
  const keys = await getGatewayKeys("stripe");
  if (!keys) return "checking";
  const session = await stripeGateway(keys.secret).retrieveSession(sessionId);
  if (session.payment_status === "paid" && typeof session.payment_intent === "string") {
    return (
      await recordPayment({
        gateway: "stripe",
        gatewayRef: session.id,
        paymentId: session.payment_intent,
        amountPaise: session.amount_total ?? -1,
        currency: session.currency ?? "",
        method: "card",
      })
    ).outcome;
  }
  if (session.status === "expired") {
    await recordExpiry("stripe", session.id);
    return "failed";
  }
  return "checking";
}

async function askRazorpay(razorpayOrderId: string): Promise<ConfirmOutcome> {
  const keys = await getGatewayKeys("razorpay");
  if (!keys) return "checking";
  const payments = await razorpay.orderPayments({ keyId: keys.keyId, keySecret: keys.secret }, razorpayOrderId);
  const captured = payments.filter((p) => p.status === "captured");
  if (captured.length > 0) {
    let outcome: ConfirmOutcome = "already";
    // Every captured payment is applied: a second one is refunded, never kept.
    for (const p of captured) {
      const r = await recordPayment({
        gateway: "razorpay",
        gatewayRef: razorpayOrderId,
        paymentId: p.id,
        amountPaise: p.amount,
        currency: p.currency,
        method: p.method,
      });
      if (r.outcome === "confirmed") outcome = "confirmed";
    }
    return outcome;
  }
  const failed = payments.find((p) => p.status === "failed");
  if (failed) {
    await recordFailure({
      gateway: "razorpay",
      gatewayRef: razorpayOrderId,
      paymentId: failed.id,
      error: failed.error_description ?? "failed",
    });
    return "failed";
  }
  return "checking";
}

/**
 * Reconciliation: asks the gateway about every open attempt of an order, in case both the browser's
 * callback and the webhook were lost. Gateway errors are logged and left for the next sweep.
 */
export async function reconcileOrder(orderId: string): Promise<ConfirmOutcome[]> {
  const attempts = await getDb()
    .selectFrom("payment")
    .select(["gateway", "gateway_ref"])
    .where("order_id", "=", orderId)
    .where("status", "in", ["created", "failed"])
    .execute();
  const outcomes: ConfirmOutcome[] = [];
  for (const a of attempts) {
    try {
      outcomes.push(a.gateway === "razorpay" ? await askRazorpay(a.gateway_ref) : await askStripe(a.gateway_ref));
    } catch (error) {
      log.warn({ err: error, orderId, gateway: a.gateway }, "reconciliation could not ask the gateway");
      outcomes.push("checking");
    }
  }
  return outcomes;
}

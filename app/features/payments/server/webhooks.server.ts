import { createHash } from "node:crypto";
import { log } from "~/platform/log.server";
import { getGatewayKeys } from "~/features/settings/server/payment-settings.server";
import { readFromGateway } from "./gateway-error.server";
import { webhookSignatureValid } from "./razorpay.server";
import { RazorpayPaymentEventSchema, RazorpayWebhookSchema } from "./razorpay-schemas.server";
import { recordExpiry, recordFailure, recordIgnoredEvent, recordPayment, type GatewayEventId } from "./record-payment.server";
import { stripeClient } from "./stripe.server";
import { StripeEventSchema, StripeSessionEventSchema } from "./stripe-schemas.server";

/**
 * Gateway webhooks (issue 15). The signature is checked over the raw body with the webhook secret
 * (a setting of its own) before anything is parsed or believed; each event is applied once (its id
 * is stored in the transaction that applies it), so repeated, racing and out-of-order deliveries
 * change nothing twice; the answer is 2xx only after that transaction committed. A signed payload
 * of a shape we do not know is logged as an error and answered 2xx: it would be the same on every
 * retry (docs/decisions/035-validated-gateway-responses.md).
 */
export type WebhookAnswer = { status: number; body: string };

const answer = (status: number, body: string): WebhookAnswer => ({ status, body });
const malformed = () => answer(200, "malformed");

const RAZORPAY_PAYMENT_EVENTS = ["payment.captured", "order.paid", "payment.failed"];
const STRIPE_SESSION_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
];

export async function handleRazorpayWebhook(rawBody: string, headers: Headers): Promise<WebhookAnswer> {
  const keys = await getGatewayKeys("razorpay");
  if (!keys?.webhookSecret) return answer(404, "Razorpay webhooks are not set up.");
  if (!webhookSignatureValid(keys.webhookSecret, rawBody, headers.get("x-razorpay-signature"))) {
    log.warn({ gateway: "razorpay" }, "webhook refused: bad signature");
    return answer(401, "Bad signature.");
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return answer(400, "Not JSON.");
  }
  const body = readFromGateway("Razorpay", "a webhook", RazorpayWebhookSchema, json);
  if (!body) return malformed();
  const type = body.event;
  // Razorpay names each event in a header; a body without one is keyed by its digest (the same bytes are the same event).
  const id = headers.get("x-razorpay-event-id") ?? `sha256:${createHash("sha256").update(rawBody).digest("hex")}`;
  const event: GatewayEventId = { gateway: "razorpay", id: id.slice(0, 100), type: type.slice(0, 60) };
  const payment = RAZORPAY_PAYMENT_EVENTS.includes(type)
    ? (readFromGateway("Razorpay", `a ${type} webhook`, RazorpayPaymentEventSchema, body.payload)?.payment.entity ?? null)
    : undefined;
  if (payment === null) return malformed();
  if ((type === "payment.captured" || type === "order.paid") && payment?.order_id && payment.status === "captured") {
    const { outcome } = await recordPayment(
      {
        gateway: "razorpay",
        gatewayRef: payment.order_id,
        paymentId: payment.id,
        amountPaise: payment.amount ?? -1,
        currency: payment.currency,
        method: payment.method,
      },
      event,
    );
    // A mismatch is recorded for an admin (and committed) before this answer: a retry would change nothing.
    return answer(200, outcome);
  }
  if (type === "payment.failed" && payment?.order_id) {
    const { outcome } = await recordFailure(
      { gateway: "razorpay", gatewayRef: payment.order_id, paymentId: payment.id, error: payment.error_description ?? "failed" },
      event,
    );
    return answer(200, outcome);
  }
  await recordIgnoredEvent(event);
  return answer(200, "ignored");
}

export async function handleStripeWebhook(rawBody: string, headers: Headers): Promise<WebhookAnswer> {
  const keys = await getGatewayKeys("stripe");
  if (!keys?.webhookSecret) return answer(404, "Stripe webhooks are not set up.");
  let signed: unknown;
  try {
    // The SDK checks the v1 signature over "<t>.<raw body>" and the timestamp's age (5 minutes).
    signed = stripeClient(keys.secret).webhooks.constructEvent(rawBody, headers.get("stripe-signature") ?? "", keys.webhookSecret);
  } catch {
    log.warn({ gateway: "stripe" }, "webhook refused: bad signature");
    return answer(401, "Bad signature.");
  }
  const event = readFromGateway("Stripe", "a webhook", StripeEventSchema, signed);
  if (!event) return malformed();
  const id: GatewayEventId = { gateway: "stripe", id: event.id.slice(0, 100), type: event.type.slice(0, 60) };
  const session = STRIPE_SESSION_EVENTS.includes(event.type)
    ? readFromGateway("Stripe", `a ${event.type} webhook`, StripeSessionEventSchema, event.data.object)
    : undefined;
  if (session === null) return malformed();
  if (session && (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded")) {
    if (session.payment_status === "paid" && typeof session.payment_intent === "string") {
      const { outcome } = await recordPayment(
        {
          gateway: "stripe",
          gatewayRef: session.id,
          paymentId: session.payment_intent,
          amountPaise: session.amount_total ?? -1,
          currency: session.currency ?? "",
          method: "card",
        },
        id,
      );
      return answer(200, outcome);
    }
  }
  if (session && event.type === "checkout.session.async_payment_failed") {
    const { outcome } = await recordFailure({ gateway: "stripe", gatewayRef: session.id, error: "payment failed" }, id);
    return answer(200, outcome);
  }
  if (session && event.type === "checkout.session.expired") {
    await recordExpiry("stripe", session.id, id);
    return answer(200, "expired");
  }
  await recordIgnoredEvent(id);
  return answer(200, "ignored");
}

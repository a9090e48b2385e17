import { createHash } from "node:crypto";
import { log } from "~/platform/log.server";
import { getGatewayKeys } from "~/features/settings/server/payment-settings.server";
import { webhookSignatureValid, type RazorpayPayment } from "./razorpay.server";
import { recordExpiry, recordFailure, recordIgnoredEvent, recordPayment, type GatewayEventId } from "./record-payment.server";
import { stripeClient, type Stripe } from "./stripe.server";

/**
 * Gateway webhooks (issue 15). The signature is checked over the raw body with the webhook secret
 * (a setting of its own) before anything is parsed or believed; each event is applied once (its id
 * is stored in the transaction that applies it), so repeated, racing and out-of-order deliveries
 * change nothing twice; the answer is 2xx only after that transaction committed.
 */
export type WebhookAnswer = { status: number; body: string };

const answer = (status: number, body: string): WebhookAnswer => ({ status, body });

export async function handleRazorpayWebhook(rawBody: string, headers: Headers): Promise<WebhookAnswer> {
  const keys = await getGatewayKeys("razorpay");
  if (!keys?.webhookSecret) return answer(404, "Razorpay webhooks are not set up.");
  if (!webhookSignatureValid(keys.webhookSecret, rawBody, headers.get("x-razorpay-signature"))) {
    log.warn({ gateway: "razorpay" }, "webhook refused: bad signature");
    return answer(401, "Bad signature.");
  }
  let body: { event?: unknown; payload?: { payment?: { entity?: RazorpayPayment } } };
  try {
    body = JSON.parse(rawBody);
  } catch {
    return answer(400, "Not JSON.");
  }
  const type = typeof body.event === "string" ? body.event : "";
  // Razorpay names each event in a header; a body without one is keyed by its digest (the same bytes are the same event).
  const id = headers.get("x-razorpay-event-id") ?? `sha256:${createHash("sha256").update(rawBody).digest("hex")}`;
  const event: GatewayEventId = { gateway: "razorpay", id: id.slice(0, 100), type: type.slice(0, 60) };
  const payment = body.payload?.payment?.entity;
  if ((type === "payment.captured" || type === "order.paid") && payment?.order_id && payment.status === "captured") {
    const { outcome } = await recordPayment(
      {
        gateway: "razorpay",
        gatewayRef: payment.order_id,
        paymentId: payment.id,
        amountPaise: payment.amount,
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
  let event: Stripe.Event;
  try {
    // The SDK checks the v1 signature over "<t>.<raw body>" and the timestamp's age (5 minutes).
    event = stripeClient(keys.secret).webhooks.constructEvent(rawBody, headers.get("stripe-signature") ?? "", keys.webhookSecret);
  } catch {
    log.warn({ gateway: "stripe" }, "webhook refused: bad signature");
    return answer(401, "Bad signature.");
  }
  const id: GatewayEventId = { gateway: "stripe", id: event.id.slice(0, 100), type: event.type.slice(0, 60) };
  if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
    const session = event.data.object;
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
  if (event.type === "checkout.session.async_payment_failed") {
    const { outcome } = await recordFailure({ gateway: "stripe", gatewayRef: event.data.object.id, error: "payment failed" }, id);
    return answer(200, outcome);
  }
  if (event.type === "checkout.session.expired") {
    await recordExpiry("stripe", event.data.object.id, id);
    return answer(200, "expired");
  }
  await recordIgnoredEvent(id);
  return answer(200, "ignored");
}

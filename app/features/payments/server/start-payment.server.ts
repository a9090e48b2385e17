import { getDb } from "~/platform/db/db.server";
import { getEnv } from "~/platform/env.server";
import { isAwaitingPayment } from "~/features/payments/domain/payments";
import { shownContact } from "~/features/accounts/domain/contact";
import { isId, newId } from "~/platform/ids";
import { RefusalError, type Refusal, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import { log } from "~/platform/log.server";
import { getGatewayKeys, gatewayForMethod } from "~/features/settings/server/payment-settings.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { gatewayEndpoints } from "./endpoints.server";
import { GatewayError, razorpay } from "./razorpay.server";
import { stripeGateway } from "./stripe.server";

/** What the customer's browser needs to pay: Razorpay Checkout's options, or Stripe's hosted page. */
export type PaymentStart =
  | {
      gateway: "razorpay";
      checkoutJs: string;
      options: {
        key: string;
        order_id: string;
        amount: number;
        currency: "INR";
        name: string;
        description: string;
        callback_url: string;
        prefill: { name: string; email: string; contact: string };
        notes: { order_id: string };
      };
    }
  | { gateway: "stripe"; url: string };

export class PaymentUnavailable extends RefusalError {
  constructor(refused: Refusal, status = 409) {
    super(refused, { status, english: english(refused) });
  }
}

/**
 * Opens (or reuses) an attempt to pay one of the customer's own orders, for exactly its stored
 * total. Only a pending order still awaiting payment, inside its hold, can be paid. Razorpay: an
 * order at Razorpay for the amount, our order id its receipt (an unpaid one is reused: Razorpay lets
 * a customer try again on it). Stripe: a Checkout Session in INR that ends with the hold (Stripe needs
 * 30 minutes at least; a payment after our hold is refunded automatically).
 */
export async function startPayment(orderId: string, userId: string): Promise<PaymentStart> {
  if (!isId(orderId)) throw new PaymentUnavailable(refusal("orders.order_gone"), 404);
  const db = getDb();
  const order = await db.selectFrom("orders").selectAll().where("id", "=", orderId).where("user_id", "=", userId).executeTakeFirst();
  if (!order) throw new PaymentUnavailable(refusal("orders.order_gone"), 404);
  if (order.status !== "pending" || !isAwaitingPayment(order.payment_status)) {
    throw new PaymentUnavailable(refusal("orders.not_awaiting"));
  }
  if (order.payment_due_at && Date.parse(order.payment_due_at) <= Date.now()) {
    throw new PaymentUnavailable(refusal("orders.pay_expired"));
  }
  const gateway = await gatewayForMethod(order.payment_method);
  const keys = gateway ? await getGatewayKeys(gateway) : null;
  if (!gateway || !keys) throw new PaymentUnavailable(refusal("orders.pay_unavailable"), 503);
  const amount = Number(order.total_paise);
  const { siteTitle } = await getGeneralSettings();
  const base = getEnv().BASE_URL;

  const open = await db
    .selectFrom("payment")
    .selectAll()
    .where("order_id", "=", order.id)
    .where("gateway", "=", gateway)
    .where("status", "in", gateway === "razorpay" ? ["created", "failed"] : ["created"])
    .where("amount_paise", "=", amount)
    .orderBy("created_at", "desc")
    .executeTakeFirst();

  try {
    if (gateway === "razorpay") {
      let ref = open?.gateway_ref;
      if (!ref) {
        const created = await razorpay.createOrder(
          { keyId: keys.keyId, keySecret: keys.secret },
          { amount, receipt: order.id, notes: { order_id: order.id } },
        );
        if (created.amount !== amount || created.currency !== "INR")
          throw new GatewayError("Razorpay created an order for another amount", 502);
        ref = created.id;
        await saveAttempt(order.id, "razorpay", ref, amount);
      }
      return {
        gateway,
        checkoutJs: gatewayEndpoints().razorpayCheckoutJs,
        options: {
          key: keys.keyId,
          order_id: ref,
          amount,
          currency: "INR",
          name: siteTitle,
          description: `Order ${order.id.slice(0, 8).toUpperCase()}`,
          callback_url: `${base}/payments/razorpay/callback`,
          prefill: {
            name: order.customer_name,
            email: shownContact({ email: order.customer_email }).email ?? "",
            contact: order.customer_phone,
          },
          notes: { order_id: order.id },
        },
      };
    }

    if (open) {
      const session = await stripeGateway(keys.secret).retrieveSession(open.gateway_ref);
      if (session.status === "open" && session.url) return { gateway, url: session.url };
    }
    const attemptId = newId();
    const due = order.payment_due_at ? Date.parse(order.payment_due_at) : Date.now();
    const session = await stripeGateway(keys.secret).createSession(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "inr",
              unit_amount: amount,
              product_data: { name: `${siteTitle} order ${order.id.slice(0, 8).toUpperCase()}` },
            },
          },
        ],
        client_reference_id: order.id,
        customer_email: shownContact({ email: order.customer_email }).email ?? undefined,
        metadata: { order_id: order.id, attempt_id: attemptId },
        payment_intent_data: { metadata: { order_id: order.id } },
        success_url: `${base}/payments/stripe/return?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${base}/order-confirmation/${order.id}?payment=cancelled`,
        expires_at: Math.floor(Math.max(due, Date.now() + 31 * 60_000) / 1000),
      },
      { idempotencyKey: `session-${attemptId}` },
    );
    if (session.amount_total !== amount || session.currency !== "inr" || !session.url) {
      throw new GatewayError("Stripe created a session for another amount", 502);
    }
    await saveAttempt(order.id, "stripe", session.id, amount, attemptId);
    return { gateway, url: session.url };
  } catch (error) {
    if (error instanceof PaymentUnavailable) throw error;
    log.error({ err: error, orderId: order.id, gateway }, "could not start a payment");
    throw new PaymentUnavailable(refusal("orders.gateway_down"), 503);
  }
}

async function saveAttempt(orderId: string, gateway: "razorpay" | "stripe", ref: string, amount: number, id = newId()) {
  const now = new Date().toISOString();
  await getDb()
    .insertInto("payment")
    .values({
      id,
      order_id: orderId,
      gateway,
      gateway_ref: ref,
      amount_paise: amount,
      currency: "INR",
      status: "created",
      created_at: now,
      updated_at: now,
    })
    .execute();
}

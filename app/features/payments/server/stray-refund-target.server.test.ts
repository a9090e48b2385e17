import { createHmac } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeGateway, type RunningFakeGateway } from "../../../../server/fake-gateway/fake-gateway";
import { checkoutInput, createCustomer, createProduct, setEnv } from "../../../../tests/factories";
import { advanceOrder } from "../../../../tests/paid-orders";
import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { cancelOrder } from "~/features/orders/server/cancel-order.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { approveReturn, receiveReturn } from "~/features/orders/server/decide-return.server";
import { requestReturn } from "~/features/orders/server/request-return.server";
import { savePaymentMethod } from "~/features/settings/server/payment-settings.server";
import { confirmRazorpayCheckout, confirmStripeReturn } from "./confirm-payment.server";
import { razorpay } from "./razorpay.server";
import { startPayment } from "./start-payment.server";
import { listOrderStrayPayments, resolveStrayPayment, StrayRefused } from "./stray-payments.server";
import { stripeClient } from "./stripe.server";
import { handleRazorpayWebhook, handleStripeWebhook } from "./webhooks.server";

/**
 * Payments the order did not take, after the fact: the order's own refunds (a cancel, a return) go
 * to the payment that paid it, never to a stray one; a stray payment's id and amount are kept as the
 * gateway sent them, or the delivery is refused with a 2xx the gateway will not retry.
 */
const RZP_SECRET = "rzp-key-secret-stray-target";
const RZP_WEBHOOK = "rzp-webhook-secret-stray-target";
const STRIPE_SECRET = "sk_test_stray_target";
const STRIPE_WEBHOOK = "whsec_stray_target";

let fake: RunningFakeGateway;

beforeAll(async () => {
  fake = await startFakeGateway({ port: 0 });
  fake.control.setWebhooksPaused(true); // events are fed to the handlers by the tests themselves
  setEnv({
    RAZORPAY_API_BASE: `${fake.url}/razorpay`,
    STRIPE_API_BASE: fake.url,
    RAZORPAY_CHECKOUT_JS: `${fake.url}/razorpay/checkout.js`,
  });
  await savePaymentMethod("razorpay", { enabled: "on", apiKey: "rzp_test_stray", secretKey: RZP_SECRET, webhookSecret: RZP_WEBHOOK });
  await savePaymentMethod("stripe", { enabled: "on", apiKey: "pk_test_stray", secretKey: STRIPE_SECRET, webhookSecret: STRIPE_WEBHOOK });
});
afterAll(async () => {
  fake.control.abortDeliveries();
  await fake.close();
});
beforeEach(() => {
  fake.control.setOutage(false);
});

const orderRow = (id: string) => getDb().selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const attemptRow = (gatewayRef: string) =>
  getDb().selectFrom("payment").selectAll().where("gateway_ref", "=", gatewayRef).executeTakeFirstOrThrow();
const refundsOf = (orderId: string) =>
  getDb().selectFrom("refund").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute();
const strays = (orderId: string) => getDb().selectFrom("stray_payment").selectAll().where("order_id", "=", orderId).execute();
const fakeRazorpayRefunds = (paymentId: string) => [...fake.state.razorpay.refunds.values()].filter((r) => r.payment_id === paymentId);
const fakeStripeRefunds = (intentId: string) => [...fake.state.stripe.refunds.values()].filter((r) => r.payment_intent === intentId);

const razorpayHeaders = (body: string, id: string) =>
  new Headers({ "x-razorpay-signature": createHmac("sha256", RZP_WEBHOOK).update(body).digest("hex"), "x-razorpay-event-id": id });
const razorpayEvent = (body: string, id: string) => handleRazorpayWebhook(body, razorpayHeaders(body, id));
const stripeEvent = (body: string) =>
  handleStripeWebhook(
    body,
    new Headers({ "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_WEBHOOK }) }),
  );

const lastEvent = (type: string) => {
  const event = fake.control.events().findLast((e) => e.type === type);
  if (!event) throw new Error(`no ${type} event`);
  return event;
};

async function prepaidOrder(method: "upi" | "card", quantity = 2) {
  const customer = await createCustomer();
  const product = await createProduct({ pricePaise: 45_000, stock: 10 });
  const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity }], { paymentMethod: method }));
  return { customer, orderId, total: Number((await orderRow(orderId)).total_paise) };
}

/** A second attempt of the order, as a second tab that opened checkout at the same moment made it. */
async function saveSecondAttempt(orderId: string, gateway: "razorpay" | "stripe", gatewayRef: string, amount: number) {
  const now = new Date().toISOString();
  await getDb()
    .insertInto("payment")
    .values({
      id: newId(),
      order_id: orderId,
      gateway,
      gateway_ref: gatewayRef,
      amount_paise: amount,
      currency: "INR",
      status: "created",
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A UPI order paid through Razorpay attempt A, then paid again through attempt B, whose payment is refunded as stray. */
async function paidTwiceByRazorpay() {
  const placed = await prepaidOrder("upi");
  const start = await startPayment(placed.orderId, placed.customer.id);
  if (start.gateway !== "razorpay") throw new Error("expected Razorpay");
  const second = await razorpay.createOrder(
    { keyId: "rzp_test_stray", keySecret: RZP_SECRET },
    { amount: placed.total, receipt: placed.orderId, notes: { order_id: placed.orderId } },
  );
  await saveSecondAttempt(placed.orderId, "razorpay", second.id, placed.total);
  const a = fake.control.payRazorpayOrder({ orderId: start.options.order_id, outcome: "success", method: "upi" });
  expect((await confirmRazorpayCheckout(a.callback, placed.customer.id)).outcome).toBe("confirmed");
  // B's capture lands a moment later: it is the stray one, refunded in full at once.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const b = fake.control.payRazorpayOrder({ orderId: second.id, outcome: "success", method: "upi" });
  expect((await confirmRazorpayCheckout(b.callback, placed.customer.id)).outcome).toBe("refunding");
  expect(fakeRazorpayRefunds(b.payment.id)).toMatchObject([{ amount: placed.total }]);
  return { ...placed, a: a.payment.id, b: b.payment.id, refA: start.options.order_id, refB: second.id };
}

describe("after a second attempt is refunded as stray, the order's own refunds go to the payment that paid it", () => {
  it("a customer's cancel refunds attempt A's payment, and B's is refunded once", async () => {
    const { orderId, customer, total, a, b, refA, refB } = await paidTwiceByRazorpay();
    expect(await cancelOrder({ orderId, actor: { role: "customer", id: customer.id } })).toEqual({
      refundPaise: total,
      refundKind: "gateway",
    });
    const cancel = (await refundsOf(orderId)).find((r) => r.idem_key === `cancel:${orderId}`);
    expect(cancel).toMatchObject({ status: "processed", amount_paise: total });
    expect(fakeRazorpayRefunds(a)).toMatchObject([{ amount: total }]);
    expect(fake.state.razorpay.payments.get(a)).toMatchObject({ amount_refunded: total, refund_status: "full" });
    expect(fakeRazorpayRefunds(b)).toHaveLength(1);
    expect(await orderRow(orderId)).toMatchObject({
      status: "cancelled",
      payment_status: "refunded",
      paid_paise: 2 * total,
      refunded_paise: 2 * total,
    });
    // The stray attempt is not the order's payment: only A's attempt is "paid".
    expect(await attemptRow(refA)).toMatchObject({ status: "paid", gateway_payment_id: a });
    expect((await attemptRow(refB)).status).not.toBe("paid");
  });

  it("a stray attempt an existing database holds as paid, and touched last, does not take the cancel's refund", async () => {
    const { orderId, customer, total, a, b, refB } = await paidTwiceByRazorpay();
    // Rows written before only the paying attempt was marked paid: B's attempt paid, and the latest one touched.
    await getDb()
      .updateTable("payment")
      .set({ status: "paid", gateway_payment_id: b, updated_at: new Date(Date.now() + 60_000).toISOString() })
      .where("gateway_ref", "=", refB)
      .execute();
    await cancelOrder({ orderId, actor: { role: "customer", id: customer.id } });
    expect((await refundsOf(orderId)).find((r) => r.idem_key === `cancel:${orderId}`)).toMatchObject({ status: "processed" });
    expect(fakeRazorpayRefunds(a)).toMatchObject([{ amount: total }]);
    expect(fakeRazorpayRefunds(b)).toHaveLength(1);
  });

  it("Stripe: an approved return's partial refund goes to the first tab's payment, not the second tab's", async () => {
    const admin = await createCustomer({ role: "admin" });
    const { orderId, customer, total } = await prepaidOrder("card");
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "stripe") throw new Error("expected Stripe");
    const firstSession = new URL(start.url).pathname.split("/").pop() ?? "";
    const other = await stripeClient(STRIPE_SECRET).checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "inr", unit_amount: total, product_data: { name: "Order" } } }],
      client_reference_id: orderId,
      success_url: "http://localhost/return",
    });
    await saveSecondAttempt(orderId, "stripe", other.id, total);
    const firstIntent = fake.control.payStripeSession(firstSession, "success").payment_intent ?? "";
    expect((await confirmStripeReturn(firstSession)).outcome).toBe("confirmed");
    await new Promise((resolve) => setTimeout(resolve, 5));
    const secondIntent = fake.control.payStripeSession(other.id, "success").payment_intent ?? "";
    expect((await confirmStripeReturn(other.id)).outcome).toBe("refunding");
    expect(fakeStripeRefunds(secondIntent)).toMatchObject([{ amount: total }]);

    await advanceOrder(orderId, "delivered", admin.id);
    const [line] = await getDb().selectFrom("order_line").select("id").where("order_id", "=", orderId).execute();
    const { returnId, amountPaise } = await requestReturn(customer, orderId, {
      lineId: line?.id ?? "",
      quantity: 1,
      reasonCode: "damaged",
      reason: "Torn pack",
      payout: null,
    });
    expect(amountPaise).toBeLessThan(total);
    await receiveReturn({ returnId, decider: { role: "admin", id: admin.id }, restock: 0 });
    expect(await approveReturn({ returnId, decider: { role: "admin", id: admin.id } })).toMatchObject({
      refundKind: "gateway",
      refundPaise: amountPaise,
    });
    expect((await refundsOf(orderId)).find((r) => r.idem_key === `return:${returnId}`)).toMatchObject({ status: "processed" });
    expect(fakeStripeRefunds(firstIntent)).toMatchObject([{ amount: amountPaise }]);
    expect(fakeStripeRefunds(secondIntent)).toHaveLength(1);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "partly_refunded", refunded_paise: total + amountPaise });
    expect((await attemptRow(other.id)).status).not.toBe("paid");
  });
});

describe("a stray gateway payment id is kept whole, or refused with a 2xx", () => {
  /** A signed Razorpay capture of `razorpayOrderId` as the gateway would send it, with the fields given. */
  const capture = (razorpayOrderId: string, entity: { id: string; amount: unknown }) =>
    JSON.stringify({
      event: "payment.captured",
      payload: { payment: { entity: { ...entity, order_id: razorpayOrderId, currency: "INR", status: "captured", method: "upi" } } },
    });

  it("an id over 100 characters is answered 2xx on every delivery, records nothing and never fails with a 500", async () => {
    const { orderId, customer } = await prepaidOrder("upi");
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "razorpay") throw new Error("expected Razorpay");
    const paid = fake.control.payRazorpayOrder({ orderId: start.options.order_id, outcome: "success" });
    expect((await confirmRazorpayCheckout(paid.callback, customer.id)).outcome).toBe("confirmed");
    const body = capture(start.options.order_id, { id: `pay_${"L".repeat(146)}`, amount: start.options.amount });
    const answers = [
      await razorpayEvent(body, "evt_long_1"),
      await razorpayEvent(body, "evt_long_2"),
      await razorpayEvent(body, "evt_long_1"),
    ];
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await strays(orderId)).toHaveLength(0);
    expect(await refundsOf(orderId)).toHaveLength(0);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "paid", paid_paise: start.options.amount, refunded_paise: 0 });
  });

  it("a capture whose fields are of the wrong type is answered 2xx, never a 500", async () => {
    const { orderId, customer } = await prepaidOrder("upi");
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "razorpay") throw new Error("expected Razorpay");
    const odd = JSON.stringify({
      event: "payment.captured",
      payload: {
        payment: {
          entity: {
            id: "pay_OddFields01",
            order_id: start.options.order_id,
            amount: start.options.amount,
            currency: null,
            method: 7,
            status: "captured",
          },
        },
      },
    });
    expect(await razorpayEvent(odd, "evt_odd_1")).toEqual({ status: 200, body: "mismatch" });
    const numericId = odd.replace('"pay_OddFields01"', "12345678").replace('"order_id":', '"order_id":{"x":1},"_":');
    expect((await razorpayEvent(numericId, "evt_odd_2")).status).toBe(200);
    expect(await strays(orderId)).toMatchObject([{ gateway_payment_id: "pay_OddFields01", currency: "", reason: "currency_mismatch" }]);
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", payment_status: "awaiting_payment" });
  });

  it("an id of exactly 100 characters is stored whole, so its redelivery under a new event id is 'already'", async () => {
    const { orderId, customer } = await prepaidOrder("upi");
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "razorpay") throw new Error("expected Razorpay");
    const id = `pay_${"M".repeat(96)}`;
    const body = capture(start.options.order_id, { id, amount: start.options.amount - 100 });
    expect(await razorpayEvent(body, "evt_hundred_1")).toEqual({ status: 200, body: "mismatch" });
    expect(await razorpayEvent(body, "evt_hundred_2")).toEqual({ status: 200, body: "already" });
    expect(await strays(orderId)).toMatchObject([{ gateway_payment_id: id, amount_paise: start.options.amount - 100 }]);
  });
});

describe("a mismatched payment whose amount is not a positive whole number of paise", () => {
  it("Razorpay: recorded as of an unknown amount, then an admin's refund asks the gateway and refunds what it received", async () => {
    const admin = await createCustomer({ role: "admin" });
    const { orderId, customer } = await prepaidOrder("upi");
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "razorpay") throw new Error("expected Razorpay");
    // Each a real payment at the gateway, delivered with an amount that is not a usable number of paise
    // (3,000,000,000 is more than the amount columns hold on PostgreSQL).
    const bad: unknown[] = [44_900.5, "44900", null, -1, 3_000_000_000];
    const payments: string[] = [];
    for (const [i, amount] of bad.entries()) {
      const { payment } = fake.control.payRazorpayOrder({
        orderId: start.options.order_id,
        outcome: "success",
        amount: start.options.amount - 100 - i,
        afterPaid: i > 0,
      });
      payments.push(payment.id);
      const captured = JSON.parse(lastEvent("payment.captured").body);
      captured.payload.payment.entity.amount = amount;
      const body = JSON.stringify(captured);
      expect(await razorpayEvent(body, `evt_amount_${i}`)).toEqual({ status: 200, body: "mismatch" });
      expect(await razorpayEvent(body, `evt_amount_${i}_again`)).toEqual({ status: 200, body: "already" });
    }
    const recorded = await strays(orderId);
    expect(recorded).toHaveLength(bad.length);
    for (const s of recorded) expect(s).toMatchObject({ amount_paise: 0, reason: "amount_mismatch", resolution: null });
    const wrong = { payment: { id: payments[0] ?? "" } };
    const stray = recorded.find((s) => s.gateway_payment_id === wrong.payment.id);
    if (!stray) throw new Error("not recorded");
    // The admin's page says the amount is not known yet, rather than ₹0.
    expect((await listOrderStrayPayments(orderId)).find((v) => v.id === stray.id)).toMatchObject({
      amountPaise: 0,
      amountKnown: false,
      state: "waiting",
    });

    // The gateway is down: the admin is told to try again, and nothing is decided or written.
    fake.control.setOutage(true);
    const refund = () => resolveStrayPayment({ orderId, strayId: stray.id, decision: "refund", adminId: admin.id });
    const down = await refund().catch((e: unknown) => e);
    expect(down).toBeInstanceOf(StrayRefused);
    expect(down).toMatchObject({ status: 503 });
    expect((await strays(orderId)).find((s) => s.id === stray.id)).toMatchObject({ resolution: null, amount_paise: 0, refund_id: null });
    expect(await refundsOf(orderId)).toHaveLength(0);
    fake.control.setOutage(false);

    expect(await refund()).toEqual({ refund: "processed" });
    expect(fakeRazorpayRefunds(wrong.payment.id)).toMatchObject([{ amount: start.options.amount - 100 }]);
    expect((await strays(orderId)).find((s) => s.id === stray.id)).toMatchObject({
      resolution: "refund",
      amount_paise: start.options.amount - 100,
    });
    expect((await listOrderStrayPayments(orderId)).find((v) => v.id === stray.id)).toMatchObject({
      amountPaise: start.options.amount - 100,
      amountKnown: true,
    });
    expect(await orderRow(orderId)).toMatchObject({
      status: "pending",
      payment_status: "awaiting_payment",
      paid_paise: start.options.amount - 100,
      refunded_paise: start.options.amount - 100,
    });
    await expect(refund()).rejects.toMatchObject({ status: 409 });
  });

  it("Stripe: a completed session without amount_total is refunded for the payment intent's amount", async () => {
    const admin = await createCustomer({ role: "admin" });
    const { orderId, customer, total } = await prepaidOrder("card");
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "stripe") throw new Error("expected Stripe");
    const sessionId = new URL(start.url).pathname.split("/").pop() ?? "";
    const intent = fake.control.payStripeSession(sessionId, "success").payment_intent ?? "";
    const completed = JSON.parse(lastEvent("checkout.session.completed").body);
    completed.data.object.amount_total = null;
    expect(await stripeEvent(JSON.stringify(completed))).toEqual({ status: 200, body: "mismatch" });
    const [stray] = await strays(orderId);
    if (!stray) throw new Error("not recorded");
    expect(stray).toMatchObject({ gateway: "stripe", gateway_payment_id: intent, amount_paise: 0 });
    expect(await resolveStrayPayment({ orderId, strayId: stray.id, decision: "refund", adminId: admin.id })).toEqual({
      refund: "processed",
    });
    expect(fakeStripeRefunds(intent)).toMatchObject([{ amount: total }]);
    expect(await strays(orderId)).toMatchObject([{ resolution: "refund", amount_paise: total }]);
  });
});

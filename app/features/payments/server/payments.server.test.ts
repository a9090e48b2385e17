import { createHmac } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeGateway, type RunningFakeGateway } from "../../../../server/fake-gateway/fake-gateway";
import { checkoutInput, createCustomer, createProduct, setEnv } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { savePaymentMethod } from "~/features/settings/server/payment-settings.server";
import { confirmRazorpayCheckout, confirmRazorpayFailure, confirmStripeReturn, PaymentNotVerified } from "./confirm-payment.server";
import { expireUnpaidOrder, sweepPayments } from "./payment-sweep.server";
import { newId } from "~/platform/ids";
import { razorpay } from "./razorpay.server";
import { stripeClient } from "./stripe.server";
import { createRefund, RefundRefused, retryRefund, sendDueRefunds, sendRefund } from "./refunds.server";
import { PaymentUnavailable, startPayment } from "./start-payment.server";
import { listPaymentsNeedingAttention, resolveStrayPayment, StrayRefused } from "./stray-payments.server";
import { handleRazorpayWebhook, handleStripeWebhook } from "./webhooks.server";

/**
 * Payments end to end at the service level, against the local fake gateway (its real HTTP API on
 * a free port): signatures, webhooks once, holds, late payments, refunds, reconciliation.
 */
const RZP_SECRET = "rzp-key-secret-for-tests";
const RZP_WEBHOOK = "rzp-webhook-secret-for-tests";
const STRIPE_SECRET = "sk_test_payments_tests";
const STRIPE_WEBHOOK = "whsec_payments_tests";

let fake: RunningFakeGateway;

beforeAll(async () => {
  fake = await startFakeGateway({ port: 0 });
  fake.control.setWebhooksPaused(true); // events are fed to the handlers by the tests themselves
  setEnv({
    RAZORPAY_API_BASE: `${fake.url}/razorpay`,
    STRIPE_API_BASE: fake.url,
    RAZORPAY_CHECKOUT_JS: `${fake.url}/razorpay/checkout.js`,
  });
  await savePaymentMethod("razorpay", { enabled: "on", apiKey: "rzp_test_payments", secretKey: RZP_SECRET, webhookSecret: RZP_WEBHOOK });
  await savePaymentMethod("stripe", { enabled: "on", apiKey: "pk_test_payments", secretKey: STRIPE_SECRET, webhookSecret: STRIPE_WEBHOOK });
});
afterAll(async () => {
  fake.control.abortDeliveries();
  await fake.close();
});
beforeEach(() => {
  fake.control.setOutage(false);
});

const orderRow = (id: string) => getDb().selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const stockOf = async (productId: string) =>
  Number((await getDb().selectFrom("product").select("stock").where("id", "=", productId).executeTakeFirstOrThrow()).stock);
const invoices = async (orderId: string) =>
  (await getDb().selectFrom("tax_document").select("id").where("order_id", "=", orderId).where("kind", "=", "invoice").execute()).length;
const confirmedEvents = async (orderId: string) =>
  (await getDb().selectFrom("order_event").select("id").where("order_id", "=", orderId).where("status", "=", "confirmed").execute()).length;

async function prepaidOrder(method: "upi" | "card" = "upi", stock = 10, quantity = 2) {
  const customer = await createCustomer();
  const product = await createProduct({ pricePaise: 45_000, stock });
  const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity }], { paymentMethod: method }));
  return { customer, product, orderId };
}

async function razorpayOrderOf(orderId: string, userId: string) {
  const start = await startPayment(orderId, userId);
  if (start.gateway !== "razorpay") throw new Error("expected Razorpay");
  return start.options;
}

/** A Razorpay webhook as the gateway signs it. */
const razorpayHeaders = (body: string, id: string, secret = RZP_WEBHOOK) =>
  new Headers({ "x-razorpay-signature": createHmac("sha256", secret).update(body).digest("hex"), "x-razorpay-event-id": id });

const lastEvent = (type: string) => {
  const event = fake.control.events().findLast((e) => e.type === type);
  if (!event) throw new Error(`no ${type} event`);
  return event;
};

describe("a prepaid order", () => {
  it("is created awaiting payment, holding its stock until its hold ends", async () => {
    const { orderId, product } = await prepaidOrder();
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: "pending", payment_status: "awaiting_payment" });
    expect(Date.parse(order.payment_due_at ?? "") - Date.parse(order.created_at)).toBe(30 * 60_000);
    expect(await stockOf(product.id)).toBe(8);
  });

  it("is confirmed by a verified UPI payment, with its invoice, and only once", async () => {
    const { orderId, customer } = await prepaidOrder();
    const options = await razorpayOrderOf(orderId, customer.id);
    const order = await orderRow(orderId);
    expect(options).toMatchObject({ amount: Number(order.total_paise), currency: "INR", key: "rzp_test_payments" });
    const { callback } = fake.control.payRazorpayOrder({ orderId: options.order_id, outcome: "success", method: "upi" });
    expect(await confirmRazorpayCheckout(callback, customer.id)).toEqual({ outcome: "confirmed", orderId });
    expect(await orderRow(orderId)).toMatchObject({
      status: "confirmed",
      payment_status: "paid",
      paid_paise: order.total_paise,
      payment_due_at: null,
    });
    expect(await invoices(orderId)).toBe(1);
    // The same callback again (a replay, or a double tap): nothing changes.
    expect((await confirmRazorpayCheckout(callback, customer.id)).outcome).toBe("already");
    expect(await confirmedEvents(orderId)).toBe(1);
  });

  it("refuses a forged, tampered or replayed-elsewhere callback and changes nothing", async () => {
    const a = await prepaidOrder();
    const b = await prepaidOrder();
    const optionsA = await razorpayOrderOf(a.orderId, a.customer.id);
    const optionsB = await razorpayOrderOf(b.orderId, b.customer.id);
    const { callback } = fake.control.payRazorpayOrder({ orderId: optionsA.order_id, outcome: "success" });
    if (!("razorpay_signature" in callback)) throw new Error("expected a success callback");
    const forged = {
      ...callback,
      razorpay_signature: createHmac("sha256", "not-the-secret")
        .update(`${optionsA.order_id}|${callback.razorpay_payment_id}`)
        .digest("hex"),
    };
    const swapped = { ...callback, razorpay_order_id: optionsB.order_id };
    const refused = [
      () => confirmRazorpayCheckout(forged, a.customer.id),
      () => confirmRazorpayCheckout(swapped, b.customer.id),
      () => confirmRazorpayCheckout({ ...callback, razorpay_signature: "00" }, a.customer.id),
      // Someone else's valid callback, sent from another customer's page.
      () => confirmRazorpayCheckout(callback, b.customer.id),
    ];
    for (const attempt of refused) await expect(attempt()).rejects.toBeInstanceOf(PaymentNotVerified);
    expect(await orderRow(a.orderId)).toMatchObject({ status: "pending", payment_status: "awaiting_payment" });
    expect(await orderRow(b.orderId)).toMatchObject({ status: "pending", payment_status: "awaiting_payment" });
  });

  it("is not confirmed by a payment of another amount (kept for an admin instead)", async () => {
    const { orderId, customer } = await prepaidOrder();
    const options = await razorpayOrderOf(orderId, customer.id);
    const { callback } = fake.control.payRazorpayOrder({ orderId: options.order_id, outcome: "success", amount: options.amount - 100 });
    expect(await confirmRazorpayCheckout(callback, customer.id)).toEqual({ outcome: "mismatch", orderId });
    const webhook = lastEvent("payment.captured");
    expect(await handleRazorpayWebhook(webhook.body, razorpayHeaders(webhook.body, webhook.id))).toEqual({ status: 200, body: "already" });
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", payment_status: "awaiting_payment", paid_paise: 0 });
  });

  it("can be paid again after a failed payment", async () => {
    const { orderId, customer } = await prepaidOrder();
    const options = await razorpayOrderOf(orderId, customer.id);
    const failed = fake.control.payRazorpayOrder({ orderId: options.order_id, outcome: "failure" });
    const metadata = JSON.stringify({ payment_id: failed.payment.id, order_id: options.order_id });
    expect((await confirmRazorpayFailure({ "error[metadata]": metadata }, customer.id)).outcome).toBe("failed");
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", payment_status: "failed" });
    // The retry reuses the same Razorpay order, as Razorpay allows.
    const retry = await razorpayOrderOf(orderId, customer.id);
    expect(retry.order_id).toBe(options.order_id);
    const { callback } = fake.control.payRazorpayOrder({ orderId: retry.order_id, outcome: "success" });
    expect((await confirmRazorpayCheckout(callback, customer.id)).outcome).toBe("confirmed");
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "paid", status: "confirmed" });
  });

  it("tells the customer the gateway is down and keeps the order, with nothing half-written", async () => {
    const { orderId, customer } = await prepaidOrder();
    fake.control.setOutage(true);
    await expect(startPayment(orderId, customer.id)).rejects.toMatchObject({ status: 503 });
    await expect(startPayment(orderId, customer.id)).rejects.toBeInstanceOf(PaymentUnavailable);
    expect(await getDb().selectFrom("payment").select("id").where("order_id", "=", orderId).execute()).toHaveLength(0);
    fake.control.setOutage(false);
    expect((await startPayment(orderId, customer.id)).gateway).toBe("razorpay");
  });
});

describe("a second payment of one order (two tabs)", () => {
  it("is refunded in full, and the order stays paid once", async () => {
    const { orderId, customer } = await prepaidOrder();
    const first = await razorpayOrderOf(orderId, customer.id);
    // A second attempt, as another tab that opened checkout at the same moment would have made.
    const keys = { keyId: "rzp_test_payments", keySecret: RZP_SECRET };
    const second = await razorpay.createOrder(keys, { amount: first.amount, receipt: orderId, notes: { order_id: orderId } });
    const now = new Date().toISOString();
    await getDb()
      .insertInto("payment")
      .values({
        id: newId(),
        order_id: orderId,
        gateway: "razorpay",
        gateway_ref: second.id,
        amount_paise: first.amount,
        currency: "INR",
        status: "created",
        created_at: now,
        updated_at: now,
      })
      .execute();
    const a = fake.control.payRazorpayOrder({ orderId: first.order_id, outcome: "success" });
    const b = fake.control.payRazorpayOrder({ orderId: second.id, outcome: "success" });
    expect((await confirmRazorpayCheckout(a.callback, customer.id)).outcome).toBe("confirmed");
    expect((await confirmRazorpayCheckout(b.callback, customer.id)).outcome).toBe("refunding");
    expect(await orderRow(orderId)).toMatchObject({
      status: "confirmed",
      payment_status: "paid",
      paid_paise: 2 * first.amount,
      refunded_paise: first.amount,
    });
    expect(fake.state.razorpay.payments.get(b.payment.id)).toMatchObject({ amount_refunded: first.amount });
    expect(fake.state.razorpay.payments.get(a.payment.id)).toMatchObject({ amount_refunded: 0 });
    const notes = (
      await getDb().selectFrom("order_event").select("note").where("order_id", "=", orderId).orderBy("created_at").execute()
    ).map((e) => e.note ?? "");
    expect(notes.filter((n) => n.startsWith("Paid "))).toHaveLength(1);
    expect(notes.filter((n) => n.startsWith("A second payment"))).toHaveLength(1);
  });
});

describe("Razorpay webhooks", () => {
  it("confirm once under concurrent duplicate deliveries, and refuse a bad signature", async () => {
    const { orderId, customer } = await prepaidOrder();
    const options = await razorpayOrderOf(orderId, customer.id);
    fake.control.payRazorpayOrder({ orderId: options.order_id, outcome: "success" });
    const captured = lastEvent("payment.captured");
    const paid = lastEvent("order.paid");

    expect((await handleRazorpayWebhook(captured.body, razorpayHeaders(captured.body, captured.id, "wrong"))).status).toBe(401);
    const tampered = captured.body.replace(`"amount":${options.amount}`, `"amount":${options.amount + 1}`);
    expect((await handleRazorpayWebhook(tampered, razorpayHeaders(captured.body, captured.id))).status).toBe(401);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "awaiting_payment" });

    const deliveries = await Promise.all([
      ...Array.from({ length: 5 }, () => handleRazorpayWebhook(captured.body, razorpayHeaders(captured.body, captured.id))),
      ...Array.from({ length: 3 }, () => handleRazorpayWebhook(paid.body, razorpayHeaders(paid.body, paid.id))),
    ]);
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
    expect(deliveries.filter((d) => d.body === "confirmed")).toHaveLength(1);
    expect(await confirmedEvents(orderId)).toBe(1);
    expect(await invoices(orderId)).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    // A redelivery days later (the same event id) is answered and changes nothing.
    expect((await handleRazorpayWebhook(captured.body, razorpayHeaders(captured.body, captured.id))).body).toBe("already");
  });
});

describe("the hold", () => {
  it("cancels an order unpaid when it ends and gives its stock back; a later payment is refunded in full", async () => {
    const { orderId, customer, product } = await prepaidOrder("upi", 5, 3);
    const options = await razorpayOrderOf(orderId, customer.id);
    expect(await stockOf(product.id)).toBe(2);
    await getDb()
      .updateTable("orders")
      .set({ payment_due_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", orderId)
      .execute();
    expect((await sweepPayments()).expired).toBeGreaterThanOrEqual(1);
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", payment_status: "voided" });
    expect(await stockOf(product.id)).toBe(5);
    // Sweeping again changes nothing.
    expect(await expireUnpaidOrder(orderId)).toBe(false);

    // The customer pays anyway, on the Razorpay order they still had open.
    fake.control.payRazorpayOrder({ orderId: options.order_id, outcome: "success" });
    const captured = lastEvent("payment.captured");
    const answer = await handleRazorpayWebhook(captured.body, razorpayHeaders(captured.body, captured.id));
    expect(answer).toEqual({ status: 200, body: "refunding" });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      status: "cancelled",
      payment_status: "refunded",
      paid_paise: options.amount,
      refunded_paise: options.amount,
    });
    expect(fake.state.razorpay.payments.get(JSON.parse(captured.body).payload.payment.entity.id)).toMatchObject({
      amount_refunded: options.amount,
      refund_status: "full",
    });
    expect(await stockOf(product.id)).toBe(5);
  });

  it("is not cancelled when the payment was lost but the gateway has it (reconciliation)", async () => {
    const { orderId, customer } = await prepaidOrder();
    const options = await razorpayOrderOf(orderId, customer.id);
    fake.control.payRazorpayOrder({ orderId: options.order_id, outcome: "success" }); // callback and webhook both lost
    await getDb()
      .updateTable("payment")
      .set({ created_at: new Date(Date.now() - 5 * 60_000).toISOString() })
      .where("order_id", "=", orderId)
      .execute();
    expect((await sweepPayments()).reconciled).toBeGreaterThanOrEqual(1);
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", payment_status: "paid" });

    // Even at the hold's end the sweep asks first: paid, not cancelled.
    const late = await prepaidOrder();
    const lateOptions = await razorpayOrderOf(late.orderId, late.customer.id);
    fake.control.payRazorpayOrder({ orderId: lateOptions.order_id, outcome: "success" });
    await getDb()
      .updateTable("orders")
      .set({ payment_due_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", late.orderId)
      .execute();
    await sweepPayments();
    expect(await orderRow(late.orderId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
  });
});

describe("Stripe Checkout", () => {
  it("takes a card payment through a session, confirmed by the return and the webhook once", async () => {
    const { orderId, customer } = await prepaidOrder("card");
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "stripe") throw new Error("expected Stripe");
    const sessionId = new URL(start.url).pathname.split("/").pop() ?? "";
    // Asked again before paying: the same open session.
    const again = await startPayment(orderId, customer.id);
    expect(again).toEqual(start);
    fake.control.payStripeSession(sessionId, "success");
    expect(await confirmStripeReturn(sessionId)).toEqual({ outcome: "confirmed", orderId });
    const completed = lastEvent("checkout.session.completed");
    const header = Stripe.webhooks.generateTestHeaderString({ payload: completed.body, secret: STRIPE_WEBHOOK });
    expect(await handleStripeWebhook(completed.body, new Headers({ "stripe-signature": header }))).toEqual({
      status: 200,
      body: "already",
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: completed.body, secret: "whsec_wrong" });
    expect((await handleStripeWebhook(completed.body, new Headers({ "stripe-signature": forged }))).status).toBe(401);
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
    await expect(confirmStripeReturn("cs_test_not_ours")).rejects.toBeInstanceOf(PaymentNotVerified);
  });
});

describe("refunds", () => {
  async function paidOrder(method: "upi" | "card") {
    const placed = await prepaidOrder(method);
    const start = await startPayment(placed.orderId, placed.customer.id);
    if (start.gateway === "razorpay") {
      const { callback } = fake.control.payRazorpayOrder({ orderId: start.options.order_id, outcome: "success" });
      await confirmRazorpayCheckout(callback, placed.customer.id);
    } else {
      const sessionId = new URL(start.url).pathname.split("/").pop() ?? "";
      fake.control.payStripeSession(sessionId, "success");
      await confirmStripeReturn(sessionId);
    }
    return { ...placed, total: Number((await orderRow(placed.orderId)).total_paise) };
  }

  const refundOf = (orderId: string, amountPaise: number, idemKey: string) =>
    getDb()
      .transaction()
      .execute((trx) => createRefund(trx, { orderId, amountPaise, reason: "return", idemKey, actorId: null }));

  for (const method of ["upi", "card"] as const) {
    it(`refunds part, then the rest, through the gateway (${method}), and never more than was paid`, async () => {
      const { orderId, total } = await paidOrder(method);
      const first = await refundOf(orderId, 10_000, `return:a-${method}`);
      expect(await sendRefund(first.refundId)).toBe("processed");
      expect(await orderRow(orderId)).toMatchObject({ payment_status: "partly_refunded", refunded_paise: 10_000 });
      await expect(refundOf(orderId, total, `return:b-${method}`)).rejects.toBeInstanceOf(RefundRefused);
      const rest = await refundOf(orderId, total - 10_000, `return:c-${method}`);
      // Two senders at once: one gateway refund.
      const sent = await Promise.all([sendRefund(rest.refundId), sendRefund(rest.refundId)]);
      expect(sent.sort()).toEqual(["processed", "skipped"]);
      expect(await orderRow(orderId)).toMatchObject({ payment_status: "refunded", refunded_paise: total });
      // The same reason again returns the first refund, not a second one.
      expect((await refundOf(orderId, 10_000, `return:a-${method}`)).created).toBe(false);
    });
  }

  it("gives up after its retries, then an admin tries again and it goes", async () => {
    const { orderId, total } = await paidOrder("card");
    fake.control.setOutage(true);
    const refund = await refundOf(orderId, total, "cancel:given-up");
    await getDb().updateTable("refund").set({ attempts: 6 }).where("id", "=", refund.refundId).execute();
    expect(await sendRefund(refund.refundId)).toBe("failed");
    await expect(retryRefund("someotherorder1", refund.refundId)).rejects.toBeInstanceOf(RefundRefused);
    fake.control.setOutage(false);
    expect(await retryRefund(orderId, refund.refundId)).toBe("processed");
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "refunded", refunded_paise: total });
    await expect(retryRefund(orderId, refund.refundId)).rejects.toBeInstanceOf(RefundRefused);
  });

  it("waits out a gateway outage and sends the refund once it is back", async () => {
    const { orderId, total } = await paidOrder("upi");
    fake.control.setOutage(true);
    const refund = await refundOf(orderId, total, "cancel:outage");
    expect(await sendRefund(refund.refundId)).toBe("pending");
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "paid", refunded_paise: 0 });
    fake.control.setOutage(false);
    expect(await sendDueRefunds(new Date(Date.now() + 2 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "refunded", refunded_paise: total });
  });
});

describe("payments the order did not take", () => {
  const fakeRazorpayRefunds = (paymentId: string) => [...fake.state.razorpay.refunds.values()].filter((r) => r.payment_id === paymentId);
  const fakeStripeRefunds = (intentId: string) => [...fake.state.stripe.refunds.values()].filter((r) => r.payment_intent === intentId);
  const strays = (orderId: string) => getDb().selectFrom("stray_payment").selectAll().where("order_id", "=", orderId).execute();
  const refundsOf = (orderId: string) => getDb().selectFrom("refund").selectAll().where("order_id", "=", orderId).execute();
  const refundEmails = async (to: string) =>
    (await getDb().selectFrom("outbox").select("id").where("kind", "=", "payment-refund").where("recipient", "=", to).execute()).length;
  const notes = async (orderId: string) =>
    (await getDb().selectFrom("order_event").select("note").where("order_id", "=", orderId).execute()).map((e) => e.note ?? "");
  /** The same signed event under another event id (a gateway that sends one capture as several events). */
  const asEvent = (body: string, id: string) => handleRazorpayWebhook(body, razorpayHeaders(body, id));

  async function paidByRazorpay() {
    const placed = await prepaidOrder();
    const options = await razorpayOrderOf(placed.orderId, placed.customer.id);
    const first = fake.control.payRazorpayOrder({ orderId: options.order_id, outcome: "success" });
    expect((await confirmRazorpayCheckout(first.callback, placed.customer.id)).outcome).toBe("confirmed");
    return { ...placed, options, first };
  }

  it("a second captured payment on a paid order is recorded and refunded once, under racing duplicate deliveries", async () => {
    const { orderId, customer, options, first } = await paidByRazorpay();
    // The gateway captures a second payment on the same Razorpay order, with a new payment id.
    const second = fake.control.payRazorpayOrder({ orderId: options.order_id, outcome: "success", afterPaid: true });
    expect(second.payment.id).not.toBe(first.payment.id);
    const captured = lastEvent("payment.captured");
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => asEvent(captured.body, captured.id)),
      ...Array.from({ length: 3 }, (_, i) => asEvent(captured.body, `${captured.id}-again-${i}`)),
      confirmRazorpayCheckout(second.callback, customer.id),
    ]);
    expect(answers.every((a) => !("status" in a) || a.status === 200)).toBe(true);
    expect(answers.map((a) => ("body" in a ? a.body : a.outcome)).filter((o) => o === "refunding")).toHaveLength(1);
    expect(fakeRazorpayRefunds(second.payment.id)).toHaveLength(1);
    expect(fake.state.razorpay.payments.get(second.payment.id)).toMatchObject({ amount_refunded: options.amount, refund_status: "full" });
    expect(fakeRazorpayRefunds(first.payment.id)).toHaveLength(0);
    expect(await strays(orderId)).toMatchObject([
      {
        gateway: "razorpay",
        gateway_payment_id: second.payment.id,
        amount_paise: options.amount,
        reason: "second_payment",
        resolution: "refund",
      },
    ]);
    expect(await orderRow(orderId)).toMatchObject({
      status: "confirmed",
      payment_status: "paid",
      payment_reference: first.payment.id,
      paid_paise: 2 * options.amount,
      refunded_paise: options.amount,
    });
    expect((await notes(orderId)).filter((n) => n.startsWith("A second payment"))).toHaveLength(1);
    expect(await refundEmails(customer.email)).toBe(1);
    // The payment that paid the order, delivered again: still "already", no refund of it.
    fake.control.redeliver(captured.id);
    const firstCaptured = fake.control.events().find((e) => e.type === "payment.captured" && e.body.includes(first.payment.id));
    if (!firstCaptured) throw new Error("no first capture event");
    expect(await asEvent(firstCaptured.body, `${firstCaptured.id}-late`)).toEqual({ status: 200, body: "already" });
    expect((await confirmRazorpayCheckout(first.callback, customer.id)).outcome).toBe("already");
    // A later redelivery of the second, and the sweep: nothing more.
    expect(await asEvent(captured.body, "yet-another-id")).toEqual({ status: 200, body: "already" });
    await sweepPayments(new Date(Date.now() + 60 * 60_000));
    expect(fakeRazorpayRefunds(second.payment.id)).toHaveLength(1);
    expect(fakeRazorpayRefunds(first.payment.id)).toHaveLength(0);
    expect(await refundsOf(orderId)).toHaveLength(1);
  });

  it("a capture that arrives after the order was cancelled is refunded once, however many deliveries race", async () => {
    const { orderId, customer } = await prepaidOrder();
    const options = await razorpayOrderOf(orderId, customer.id);
    await getDb()
      .updateTable("orders")
      .set({ payment_due_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", orderId)
      .execute();
    expect(await expireUnpaidOrder(orderId)).toBe(true);
    const late = fake.control.payRazorpayOrder({ orderId: options.order_id, outcome: "success" });
    const captured = lastEvent("payment.captured");
    const paid = lastEvent("order.paid");
    const answers = await Promise.all([
      asEvent(captured.body, captured.id),
      asEvent(captured.body, captured.id),
      asEvent(paid.body, paid.id),
      confirmRazorpayCheckout(late.callback, customer.id),
    ]);
    expect(answers.map((a) => ("body" in a ? a.body : a.outcome)).filter((o) => o === "refunding")).toHaveLength(1);
    expect(fakeRazorpayRefunds(late.payment.id)).toHaveLength(1);
    expect(await strays(orderId)).toMatchObject([{ gateway_payment_id: late.payment.id, reason: "late_payment", resolution: "refund" }]);
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", payment_status: "refunded", refunded_paise: options.amount });
    expect(await refundEmails(customer.email)).toBe(1);
  });

  it("Stripe: a second payment intent on a paid order's session is recorded and refunded once", async () => {
    const { orderId, customer } = await prepaidOrder("card");
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "stripe") throw new Error("expected Stripe");
    const sessionId = new URL(start.url).pathname.split("/").pop() ?? "";
    const firstIntent = fake.control.payStripeSession(sessionId, "success").payment_intent ?? "";
    expect((await confirmStripeReturn(sessionId)).outcome).toBe("confirmed");
    const secondIntent = fake.control.payStripeSession(sessionId, "success", { again: true }).payment_intent ?? "";
    expect(secondIntent).not.toBe(firstIntent);
    const completed = lastEvent("checkout.session.completed");
    const deliver = (id: string) => {
      const body = JSON.stringify({ ...JSON.parse(completed.body), id });
      const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_WEBHOOK });
      return handleStripeWebhook(body, new Headers({ "stripe-signature": header }));
    };
    const answers = await Promise.all([
      deliver(completed.id),
      deliver(completed.id),
      deliver(`${completed.id}_b`),
      confirmStripeReturn(sessionId),
    ]);
    expect(answers.map((a) => ("body" in a ? a.body : a.outcome)).filter((o) => o === "refunding")).toHaveLength(1);
    const total = Number((await orderRow(orderId)).total_paise);
    expect(fakeStripeRefunds(secondIntent)).toMatchObject([{ amount: total }]);
    expect(fakeStripeRefunds(firstIntent)).toHaveLength(0);
    expect(await strays(orderId)).toMatchObject([{ gateway: "stripe", gateway_payment_id: secondIntent, reason: "second_payment" }]);
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", payment_status: "paid", refunded_paise: total });
    expect(await refundEmails(customer.email)).toBe(1);
  });

  it("Stripe: a completed session on an already-paid order (a second tab's) is refunded once", async () => {
    const { orderId, customer } = await prepaidOrder("card");
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "stripe") throw new Error("expected Stripe");
    const firstSession = new URL(start.url).pathname.split("/").pop() ?? "";
    // A second tab opened its own session before the first was paid.
    const total = Number((await orderRow(orderId)).total_paise);
    const other = await stripeClient(STRIPE_SECRET).checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "inr", unit_amount: total, product_data: { name: "Order" } } }],
      client_reference_id: orderId,
      success_url: "http://localhost/return",
    });
    const now = new Date().toISOString();
    await getDb()
      .insertInto("payment")
      .values({
        id: newId(),
        order_id: orderId,
        gateway: "stripe",
        gateway_ref: other.id,
        amount_paise: total,
        currency: "INR",
        status: "created",
        created_at: now,
        updated_at: now,
      })
      .execute();
    fake.control.payStripeSession(firstSession, "success");
    expect((await confirmStripeReturn(firstSession)).outcome).toBe("confirmed");
    const secondIntent = fake.control.payStripeSession(other.id, "success").payment_intent ?? "";
    const completed = lastEvent("checkout.session.completed");
    const header = Stripe.webhooks.generateTestHeaderString({ payload: completed.body, secret: STRIPE_WEBHOOK });
    const answers = await Promise.all([
      handleStripeWebhook(completed.body, new Headers({ "stripe-signature": header })),
      handleStripeWebhook(completed.body, new Headers({ "stripe-signature": header })),
      confirmStripeReturn(other.id),
    ]);
    expect(answers.map((a) => ("body" in a ? a.body : a.outcome)).filter((o) => o === "refunding")).toHaveLength(1);
    expect(fakeStripeRefunds(secondIntent)).toMatchObject([{ amount: total }]);
    expect(await strays(orderId)).toMatchObject([{ gateway: "stripe", gateway_payment_id: secondIntent, reason: "second_payment" }]);
    expect(await orderRow(orderId)).toMatchObject({
      status: "confirmed",
      payment_status: "paid",
      paid_paise: 2 * total,
      refunded_paise: total,
    });
  });

  it("a webhook for another amount is answered 2xx, recorded for an admin, and confirms nothing; a redelivery records nothing more", async () => {
    const { orderId, customer } = await prepaidOrder();
    const options = await razorpayOrderOf(orderId, customer.id);
    const wrong = fake.control.payRazorpayOrder({ orderId: options.order_id, outcome: "success", amount: options.amount - 100 });
    const captured = lastEvent("payment.captured");
    expect(await asEvent(captured.body, captured.id)).toEqual({ status: 200, body: "mismatch" });
    expect(await asEvent(captured.body, captured.id)).toEqual({ status: 200, body: "already" });
    expect(await asEvent(captured.body, `${captured.id}-2`)).toEqual({ status: 200, body: "already" });
    expect((await confirmRazorpayCheckout(wrong.callback, customer.id)).outcome).toBe("already");
    expect(await strays(orderId)).toMatchObject([
      {
        gateway: "razorpay",
        gateway_payment_id: wrong.payment.id,
        amount_paise: options.amount - 100,
        currency: "INR",
        reason: "amount_mismatch",
        resolution: null,
        refund_id: null,
      },
    ]);
    expect(await orderRow(orderId)).toMatchObject({
      status: "pending",
      payment_status: "awaiting_payment",
      paid_paise: 0,
      refunded_paise: 0,
    });
    expect(fakeRazorpayRefunds(wrong.payment.id)).toHaveLength(0);
    const attention = await listPaymentsNeedingAttention(500);
    expect(attention.rows.filter((r) => r.orderId === orderId)).toMatchObject([{ gatewayPaymentId: wrong.payment.id, state: "waiting" }]);
  });

  it("an admin refunds a mismatched payment exactly once, and the order can still be paid", async () => {
    const admin = await createCustomer({ role: "admin" });
    const { orderId, customer } = await prepaidOrder();
    const options = await razorpayOrderOf(orderId, customer.id);
    const wrong = fake.control.payRazorpayOrder({ orderId: options.order_id, outcome: "success", amount: options.amount - 100 });
    expect((await confirmRazorpayCheckout(wrong.callback, customer.id)).outcome).toBe("mismatch");
    const [stray] = await strays(orderId);
    if (!stray) throw new Error("not recorded");
    const decide = () => resolveStrayPayment({ orderId, strayId: stray.id, decision: "refund", adminId: admin.id });
    const decisions = await Promise.allSettled([decide(), decide(), decide()]);
    expect(decisions.filter((d) => d.status === "fulfilled")).toHaveLength(1);
    for (const d of decisions) if (d.status === "rejected") expect(d.reason).toBeInstanceOf(StrayRefused);
    expect(fakeRazorpayRefunds(wrong.payment.id)).toMatchObject([{ amount: options.amount - 100 }]);
    await expect(decide()).rejects.toMatchObject({ status: 409 });
    expect(await orderRow(orderId)).toMatchObject({
      status: "pending",
      payment_status: "awaiting_payment",
      paid_paise: options.amount - 100,
      refunded_paise: options.amount - 100,
    });
    expect(await refundEmails(customer.email)).toBe(1);
    // The customer pays the right amount on a new Razorpay order: confirmed, and the refund stays apart.
    await getDb().updateTable("payment").set({ status: "expired" }).where("order_id", "=", orderId).execute();
    const retry = await razorpayOrderOf(orderId, customer.id);
    const right = fake.control.payRazorpayOrder({ orderId: retry.order_id, outcome: "success" });
    expect((await confirmRazorpayCheckout(right.callback, customer.id)).outcome).toBe("confirmed");
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", payment_status: "paid", paid_paise: 2 * options.amount - 100 });
  });

  it("an admin settles a mismatched payment with a note; no money moves and it is decided once", async () => {
    const admin = await createCustomer({ role: "admin" });
    const { orderId, customer } = await prepaidOrder();
    const options = await razorpayOrderOf(orderId, customer.id);
    const wrong = fake.control.payRazorpayOrder({ orderId: options.order_id, outcome: "success", amount: options.amount + 500 });
    const captured = lastEvent("payment.captured");
    expect((await asEvent(captured.body, captured.id)).status).toBe(200);
    const [stray] = await strays(orderId);
    if (!stray) throw new Error("not recorded");
    const settle = (note?: string) => resolveStrayPayment({ orderId, strayId: stray.id, decision: "settle", note, adminId: admin.id });
    await expect(settle("")).rejects.toMatchObject({ status: 400 });
    await expect(
      resolveStrayPayment({ orderId: "anotherorder1", strayId: stray.id, decision: "refund", adminId: admin.id }),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(await settle("Customer paid ₹5 extra as a tip; agreed on the phone")).toEqual({ refund: null });
    await expect(settle("again")).rejects.toMatchObject({ status: 409 });
    expect(await strays(orderId)).toMatchObject([{ resolution: "settled", resolved_by: admin.id }]);
    expect(fakeRazorpayRefunds(wrong.payment.id)).toHaveLength(0);
    expect(await refundsOf(orderId)).toHaveLength(0);
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", payment_status: "awaiting_payment", paid_paise: 0 });
  });
});

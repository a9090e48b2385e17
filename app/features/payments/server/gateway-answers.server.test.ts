import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeGateway, type RunningFakeGateway } from "../../../../server/fake-gateway/fake-gateway";
import { checkoutInput, createCustomer, createProduct, setEnv } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { log } from "~/platform/log.server";
import { cancelOrder } from "~/features/orders/server/cancel-order.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { savePaymentMethod } from "~/features/settings/server/payment-settings.server";
import { confirmRazorpayCheckout, confirmStripeReturn } from "./confirm-payment.server";
import { sweepPayments } from "./payment-sweep.server";
import { sendDueRefunds } from "./refunds.server";
import { PaymentUnavailable, startPayment } from "./start-payment.server";
import { handleRazorpayWebhook, handleStripeWebhook } from "./webhooks.server";

/**
 * Gateway answers of a shape we do not know (docs/decisions/035-validated-gateway-responses.md): the
 * fake gateway answers, and a small proxy in front of it rewrites the answers a test names, as a
 * gateway that changed its API, or something else answering at its address, would. Each is a logged
 * error handled as the gateway failing: never a 500, never a crashed sweep, never money recorded on a guess.
 */
const RZP_SECRET = "rzp-key-secret-answers";
const RZP_WEBHOOK = "rzp-webhook-secret-answers";
const STRIPE_SECRET = "sk_test_answers";
const STRIPE_WEBHOOK = "whsec_answers";

type Rewrite = { method: "GET" | "POST"; path: RegExp; answer: (json: Record<string, unknown>) => unknown };
let rewrites: Rewrite[] = [];
let fake: RunningFakeGateway;
let proxy: Server;

beforeAll(async () => {
  fake = await startFakeGateway({ port: 0 });
  fake.control.setWebhooksPaused(true); // events are fed to the handlers by the tests themselves
  proxy = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string" && !["host", "connection", "content-length", "accept-encoding"].includes(name))
        headers.set(name, value);
    }
    const upstream = await fetch(`${fake.url}${req.url}`, { method: req.method, headers, body: body || undefined });
    let text = await upstream.text();
    const path = new URL(req.url ?? "/", "http://proxy").pathname;
    const rewrite = rewrites.find((r) => r.method === req.method && r.path.test(path));
    if (rewrite && upstream.ok) text = JSON.stringify(rewrite.answer(JSON.parse(text)));
    res.writeHead(upstream.status, { "content-type": "application/json" }).end(text);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  setEnv({
    RAZORPAY_API_BASE: `${proxyUrl}/razorpay`,
    STRIPE_API_BASE: proxyUrl,
    RAZORPAY_CHECKOUT_JS: `${fake.url}/razorpay/checkout.js`,
  });
  await savePaymentMethod("razorpay", { enabled: "on", apiKey: "rzp_test_answers", secretKey: RZP_SECRET, webhookSecret: RZP_WEBHOOK });
  await savePaymentMethod("stripe", { enabled: "on", apiKey: "pk_test_answers", secretKey: STRIPE_SECRET, webhookSecret: STRIPE_WEBHOOK });
});
afterAll(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  fake.control.abortDeliveries();
  await fake.close();
});
beforeEach(() => {
  vi.spyOn(log, "error");
});
afterEach(() => {
  rewrites = [];
  vi.restoreAllMocks();
});

const orderRow = (id: string) => getDb().selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const attempts = (orderId: string) => getDb().selectFrom("payment").selectAll().where("order_id", "=", orderId).execute();
const refundsOf = (orderId: string) => getDb().selectFrom("refund").selectAll().where("order_id", "=", orderId).execute();
const eventsStored = async () =>
  Number(
    (
      await getDb()
        .selectFrom("gateway_event")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** The sweep asks about attempts over two minutes old: a sweep a little later. */
const sweepSoon = () => sweepPayments(new Date(Date.now() + 3 * 60_000));
const lastEvent = (type: string) => {
  const event = fake.control.events().findLast((e) => e.type === type);
  if (!event) throw new Error(`no ${type} event`);
  return event;
};

/** The error log line that names the answer of another shape, and the field that was wrong. */
const unknownShapeLogged = (gateway: "Razorpay" | "Stripe", what: string, field: string) =>
  expect(log.error).toHaveBeenCalledWith(
    { gateway, what, issues: expect.arrayContaining([expect.stringMatching(new RegExp(`^${field}: `))]) },
    "a payment gateway sent something in a shape we do not know",
  );

async function prepaidOrder(method: "upi" | "card") {
  const customer = await createCustomer();
  const product = await createProduct({ pricePaise: 45_000, stock: 10 });
  const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: method }));
  return { customer, orderId };
}

describe("Razorpay answers of another shape", () => {
  it("a new order: the customer is told to try again (503), no attempt is saved, the error is logged", async () => {
    const { orderId, customer } = await prepaidOrder("upi");
    rewrites = [{ method: "POST", path: /^\/razorpay\/v1\/orders$/, answer: (order) => ({ ...order, amount: String(order.amount) }) }];
    const refused = await startPayment(orderId, customer.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentUnavailable);
    expect(refused).toMatchObject({ status: 503 });
    expect(await attempts(orderId)).toHaveLength(0);
    unknownShapeLogged("Razorpay", "a new order", "amount");
    rewrites = [];
    expect((await startPayment(orderId, customer.id)).gateway).toBe("razorpay");
  });

  it("a payment after a signed callback: 'checking'; the sweep, its list of another shape too, carries on and confirms it once the answers are right", async () => {
    const { orderId, customer } = await prepaidOrder("upi");
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "razorpay") throw new Error("expected Razorpay");
    const { callback } = fake.control.payRazorpayOrder({ orderId: start.options.order_id, outcome: "success" });
    rewrites = [
      { method: "GET", path: /^\/razorpay\/v1\/payments\/[^/]+$/, answer: (payment) => ({ ...payment, status: "settled" }) },
      { method: "GET", path: /^\/razorpay\/v1\/orders\/[^/]+\/payments$/, answer: () => ({ entity: "collection", items: "none" }) },
    ];
    expect(await confirmRazorpayCheckout(callback, customer.id)).toEqual({ outcome: "checking", orderId });
    unknownShapeLogged("Razorpay", "a payment", "status");
    await expect(sweepSoon()).resolves.toMatchObject({ reconciled: 0 });
    unknownShapeLogged("Razorpay", "an order's payments", "items");
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", payment_status: "awaiting_payment" });

    rewrites = [];
    await expect(sweepSoon()).resolves.toMatchObject({ reconciled: 1 });
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
  });

  it("a new refund: the refund stays pending and is sent again, once at the gateway", async () => {
    const { orderId, customer } = await prepaidOrder("upi");
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "razorpay") throw new Error("expected Razorpay");
    const { callback, payment } = fake.control.payRazorpayOrder({ orderId: start.options.order_id, outcome: "success" });
    expect((await confirmRazorpayCheckout(callback, customer.id)).outcome).toBe("confirmed");
    rewrites = [{ method: "POST", path: /^\/razorpay\/v1\/payments\/[^/]+\/refund$/, answer: () => ({ refunded: true }) }];
    await cancelOrder({ orderId, actor: { role: "customer", id: customer.id } });
    const [pending] = await refundsOf(orderId);
    expect(pending).toMatchObject({ status: "pending", error: "Razorpay answered a new refund in a shape we do not know" });

    rewrites = [];
    expect(await sendDueRefunds(new Date(Date.now() + 2 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await refundsOf(orderId)).toMatchObject([{ status: "processed" }]);
    // The first call made the refund; the second found it by its receipt instead of refunding twice.
    expect([...fake.state.razorpay.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
    expect(await orderRow(orderId)).toMatchObject({ payment_status: "refunded", refunded_paise: start.options.amount });
  });

  it("a signed webhook of another shape is answered 2xx, logged, and applies and stores nothing", async () => {
    const { orderId, customer } = await prepaidOrder("upi");
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "razorpay") throw new Error("expected Razorpay");
    const send = (body: string, id: string) =>
      handleRazorpayWebhook(
        body,
        new Headers({ "x-razorpay-signature": createHmac("sha256", RZP_WEBHOOK).update(body).digest("hex"), "x-razorpay-event-id": id }),
      );
    const entity = { id: "pay_OddShape001", order_id: start.options.order_id, amount: start.options.amount, currency: "INR" };
    const before = await eventsStored();
    expect(
      await send(
        JSON.stringify({ event: "payment.captured", payload: { payment: { entity: { ...entity, status: "done" } } } }),
        "evt_shape_1",
      ),
    ).toEqual({ status: 200, body: "malformed" });
    unknownShapeLogged("Razorpay", "a payment.captured webhook", "payment.entity.status");
    expect(await send(JSON.stringify({ event: 42 }), "evt_shape_2")).toEqual({ status: 200, body: "malformed" });
    unknownShapeLogged("Razorpay", "a webhook", "event");
    expect(await eventsStored()).toBe(before);
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", payment_status: "awaiting_payment" });
  });
});

describe("Stripe answers of another shape", () => {
  const sessionOf = (url: string) => new URL(url).pathname.split("/").pop() ?? "";

  it("a new checkout session: the customer is told to try again (503), no attempt is saved, the error is logged", async () => {
    const { orderId, customer } = await prepaidOrder("card");
    rewrites = [{ method: "POST", path: /^\/v1\/checkout\/sessions$/, answer: (session) => ({ ...session, amount_total: "45000" }) }];
    await expect(startPayment(orderId, customer.id)).rejects.toMatchObject({ status: 503 });
    expect(await attempts(orderId)).toHaveLength(0);
    unknownShapeLogged("Stripe", "a new checkout session", "amount_total");
  });

  it("a session on the customer's return: 'checking'; the sweep carries on and confirms it once the answers are right", async () => {
    const { orderId, customer } = await prepaidOrder("card");
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "stripe") throw new Error("expected Stripe");
    const sessionId = sessionOf(start.url);
    fake.control.payStripeSession(sessionId, "success");
    rewrites = [{ method: "GET", path: /^\/v1\/checkout\/sessions\/[^/]+$/, answer: ({ payment_status, ...session }) => session }];
    expect(await confirmStripeReturn(sessionId)).toEqual({ outcome: "checking", orderId });
    unknownShapeLogged("Stripe", "a checkout session", "payment_status");
    await expect(sweepSoon()).resolves.toMatchObject({ reconciled: 0 });
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", payment_status: "awaiting_payment" });

    rewrites = [];
    await expect(sweepSoon()).resolves.toMatchObject({ reconciled: 1 });
    expect(await orderRow(orderId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
  });

  it("a new refund: the refund stays pending and is sent again under the same idempotency key, once at the gateway", async () => {
    const { orderId, customer } = await prepaidOrder("card");
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "stripe") throw new Error("expected Stripe");
    const intent = fake.control.payStripeSession(sessionOf(start.url), "success").payment_intent;
    expect((await confirmStripeReturn(sessionOf(start.url))).outcome).toBe("confirmed");
    rewrites = [{ method: "POST", path: /^\/v1\/refunds$/, answer: ({ id, ...refund }) => ({ ...refund, refund_id: id }) }];
    await cancelOrder({ orderId, actor: { role: "customer", id: customer.id } });
    expect(await refundsOf(orderId)).toMatchObject([
      { status: "pending", error: "Stripe answered a new refund in a shape we do not know" },
    ]);

    rewrites = [];
    expect(await sendDueRefunds(new Date(Date.now() + 2 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await refundsOf(orderId)).toMatchObject([{ status: "processed" }]);
    expect([...fake.state.stripe.refunds.values()].filter((r) => r.payment_intent === intent)).toHaveLength(1);
  });

  it("a signed webhook event of another shape is answered 2xx, logged, and applies and stores nothing", async () => {
    const { orderId, customer } = await prepaidOrder("card");
    const start = await startPayment(orderId, customer.id);
    if (start.gateway !== "stripe") throw new Error("expected Stripe");
    fake.control.payStripeSession(sessionOf(start.url), "success");
    const completed = JSON.parse(lastEvent("checkout.session.completed").body);
    completed.data.object.payment_status = "probably";
    const body = JSON.stringify(completed);
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_WEBHOOK });
    const before = await eventsStored();
    expect(await handleStripeWebhook(body, new Headers({ "stripe-signature": header }))).toEqual({ status: 200, body: "malformed" });
    unknownShapeLogged("Stripe", "a checkout.session.completed webhook", "payment_status");
    expect(await eventsStored()).toBe(before);
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", payment_status: "awaiting_payment" });
  });
});

import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { runInNewContext } from "node:vm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningFakeGateway, startFakeGateway } from "./fake-gateway.ts";
import { parseStripeForm } from "./stripe-form.ts";

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/** A webhook receiver on a free port: records every request and answers 200, or the statuses queued with failNext. */
async function startReceiver() {
  const received: Received[] = [];
  const failures: number[] = [];
  let waiters: { check: () => boolean; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body });
      res.writeHead(failures.shift() ?? 200).end();
      const ready = waiters.filter((w) => w.check());
      waiters = waiters.filter((w) => !ready.includes(w));
      for (const w of ready) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    failNext: (...statuses: number[]) => failures.push(...statuses),
    clear: () => received.splice(0),
    /** Resolves once `count` requests have reached `path`; no fixed waits. */
    waitFor(path: string, count: number) {
      const check = () => received.filter((r) => r.path === path).length >= count;
      const matching = () => received.filter((r) => r.path === path);
      if (check()) return Promise.resolve(matching());
      return new Promise<Received[]>((resolve) => waiters.push({ check, resolve: () => resolve(matching()) }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough of a browser page (window, document, elements) to run checkout.js; there is no browser here. */
class FakeElement {
  tagName: string;
  style: Record<string, string> = {};
  attributes: Record<string, string> = {};
  children: FakeElement[] = [];
  parent: FakeElement | null = null;
  handlers: Record<string, (() => void)[]> = {};
  contentWindow = {};
  src = "";
  constructor(tagName: string) {
    this.tagName = tagName;
  }
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  }
  appendChild(child: FakeElement) {
    child.parent = this;
    this.children.push(child);
  }
  remove() {
    this.parent?.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
  }
  addEventListener(type: string, fn: () => void) {
    this.handlers[type] = [...(this.handlers[type] ?? []), fn];
  }
  focus() {}
}

type CheckoutInstance = { on(event: string, fn: (response: unknown) => void): void; open(): void };

function loadCheckout(script: string, pageOrigin: string) {
  type Listener = { type: string; fn: (event: unknown) => void };
  let listeners: Listener[] = [];
  const on = (type: string, fn: Listener["fn"]) => listeners.push({ type, fn });
  const off = (type: string, fn: Listener["fn"]) => {
    listeners = listeners.filter((l) => l.type !== type || l.fn !== fn);
  };
  const body = new FakeElement("body");
  const page: Record<string, unknown> = {
    location: { origin: pageOrigin, href: `${pageOrigin}/checkout` },
    addEventListener: on,
    removeEventListener: off,
    URLSearchParams,
    document: {
      body,
      activeElement: null,
      createElement: (tag: string) => new FakeElement(tag),
      addEventListener: on,
      removeEventListener: off,
    },
  };
  page.window = page;
  page.top = page;
  runInNewContext(script, page);
  const Razorpay = page.Razorpay as new (options: Record<string, unknown>) => CheckoutInstance;
  const dispatch = (type: string, event: unknown) => {
    for (const listener of listeners.filter((l) => l.type === type)) listener.fn(event);
  };
  return { Razorpay, body, page, dispatch };
}

const KEY_ID = "rzp_test_angle";
const KEY_SECRET = "rzp-secret";
const RZP_WEBHOOK_SECRET = "rzp-webhook-secret";
const STRIPE_WEBHOOK_SECRET = "whsec_test_angle";
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
const hmac = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");

let gateway: RunningFakeGateway;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let stripe: Stripe;

function rzp(path: string, init: { method?: string; body?: unknown; auth?: string } = {}) {
  return fetch(`${gateway.url}/razorpay/v1${path}`, {
    method: init.method ?? (init.body ? "POST" : "GET"),
    headers: { Authorization: init.auth ?? basic(KEY_ID, KEY_SECRET), "Content-Type": "application/json" },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
}

async function control(path: string, body: unknown = {}) {
  const response = await fetch(`${gateway.url}/__control${path}`, { method: "POST", body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

async function createOrder(amount = 123450) {
  const response = await rzp("/orders", { body: { amount, currency: "INR", receipt: "angle-1", notes: { order_id: "A-1" } } });
  expect(response.status).toBe(200);
  return response.json();
}

/** The fields of the page's self-submitting form, entities decoded. */
function readForm(html: string) {
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const action = decode(/<form id="return" method="post" action="([^"]*)">/.exec(html)?.[1] ?? "");
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [decode(m[1] ?? ""), decode(m[2] ?? "")]),
  );
  return { action, fields };
}

function postPayForm(fields: Record<string, string>) {
  return fetch(`${gateway.url}/razorpay/pay`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
}

beforeAll(async () => {
  receiver = await startReceiver();
  gateway = await startFakeGateway({
    port: 0,
    razorpayWebhook: { url: receiver.url("/razorpay"), secret: RZP_WEBHOOK_SECRET },
    stripeWebhook: { url: receiver.url("/stripe"), secret: STRIPE_WEBHOOK_SECRET },
  });
  const { port } = new URL(gateway.url);
  stripe = new Stripe("sk_test_angle", { host: "127.0.0.1", port: Number(port), protocol: "http", maxNetworkRetries: 0 });
});

beforeEach(async () => {
  await control("/reset");
  receiver.clear();
});

afterAll(async () => {
  await gateway?.close();
  await receiver?.close();
});

describe("Razorpay orders", () => {
  it("creates and fetches an order", async () => {
    const order = await createOrder();
    expect(order).toMatchObject({
      entity: "order",
      amount: 123450,
      amount_paid: 0,
      amount_due: 123450,
      currency: "INR",
      status: "created",
    });
    expect(order.id).toMatch(/^order_[0-9A-Za-z]{14}$/);
    expect(order).toMatchObject({ receipt: "angle-1", offer_id: null, attempts: 0, notes: { order_id: "A-1" } });
    expect(await (await rzp(`/orders/${order.id}`)).json()).toEqual(order);
  });

  it("refuses bad credentials, bad amounts and other currencies", async () => {
    for (const auth of ["", basic("rzp_live_x", "s"), basic(KEY_ID, "")]) {
      const response = await rzp("/orders", { body: { amount: 100, currency: "INR" }, auth });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed", source: "NA", step: "NA", reason: "NA", metadata: {} },
      });
    }
    const tooSmall = await rzp("/orders", { body: { amount: 99, currency: "INR" } });
    expect(tooSmall.status).toBe(400);
    expect((await tooSmall.json()).error).toMatchObject({ code: "BAD_REQUEST_ERROR", field: "amount" });
    const fractional = await rzp("/orders", { body: { amount: 100.5, currency: "INR" } });
    expect(fractional.status).toBe(400);
    const dollars = await rzp("/orders", { body: { amount: 1000, currency: "USD" } });
    expect((await dollars.json()).error).toMatchObject({ field: "currency" });
    const unknown = await rzp("/orders/order_00000000000000");
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.description).toBe("The id provided does not exist");
    const order = await createOrder();
    expect((await rzp(`/orders/${order.id}`, { auth: basic("rzp_test_other", "x") })).status).toBe(404);
  });
});

describe("Razorpay payments", () => {
  it("pays through the control API with a verifiable signature", async () => {
    const order = await createOrder();
    const { status, json } = await control("/razorpay/pay", { order_id: order.id, outcome: "success" });
    expect(status).toBe(200);
    const { razorpay_payment_id, razorpay_order_id, razorpay_signature } = json.callback;
    expect(razorpay_order_id).toBe(order.id);
    expect(razorpay_signature).toBe(hmac(KEY_SECRET, `${order.id}|${razorpay_payment_id}`));
    const payment = await (await rzp(`/payments/${razorpay_payment_id}`)).json();
    expect(payment).toMatchObject({
      entity: "payment",
      amount: 123450,
      status: "captured",
      captured: true,
      method: "upi",
      vpa: "farmer@upi",
    });
    expect(payment).toMatchObject({ order_id: order.id, amount_refunded: 0, refund_status: null, error_code: null });
    expect(await (await rzp(`/orders/${order.id}`)).json()).toMatchObject({
      status: "paid",
      amount_paid: 123450,
      amount_due: 0,
      attempts: 1,
    });
    const list = await (await rzp(`/orders/${order.id}/payments`)).json();
    expect(list).toMatchObject({ entity: "collection", count: 1, items: [{ id: razorpay_payment_id }] });
    expect((await control("/razorpay/pay", { order_id: order.id, outcome: "success" })).status).toBe(400);
  });

  it("shows an accessible hosted page, and refuses unknown or paid orders", async () => {
    const order = await createOrder();
    const page = await fetch(`${gateway.url}/razorpay/pay?order_id=${order.id}&key_id=${KEY_ID}&callback_url=http://localhost:3000/cb`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    for (const text of [
      '<html lang="en">',
      "Test mode",
      "Angle",
      ">Pay ₹1,234.50</button>",
      ">Fail payment</button>",
      'value="farmer@upi"',
      '<label for="vpa">',
    ])
      expect(html).toContain(text);
    expect((await fetch(`${gateway.url}/razorpay/pay?order_id=order_nope&key_id=${KEY_ID}&callback_url=http://x/cb`)).status).toBe(404);
    await control("/razorpay/pay", { order_id: order.id, outcome: "success" });
    expect((await fetch(`${gateway.url}/razorpay/pay?order_id=${order.id}&key_id=${KEY_ID}&callback_url=http://x/cb`)).status).toBe(409);
  });

  it("posts the hosted page's success back to callback_url with a verifiable signature", async () => {
    const order = await createOrder();
    const callbackUrl = "http://localhost:3000/checkout/razorpay/callback";
    const response = await postPayForm({
      order_id: order.id,
      key_id: KEY_ID,
      callback_url: callbackUrl,
      method: "upi",
      vpa: "farmer@upi",
      outcome: "success",
    });
    const html = await response.text();
    expect(response.headers.get("content-security-policy")).toContain("form-action 'self' http://localhost:3000");
    expect(html).toContain('<button type="submit">Continue to the store</button>');
    const { action, fields } = readForm(html);
    expect(action).toBe(callbackUrl);
    expect(Object.keys(fields).sort()).toEqual(["razorpay_order_id", "razorpay_payment_id", "razorpay_signature"]);
    expect(fields.razorpay_order_id).toBe(order.id);
    expect(fields.razorpay_signature).toBe(hmac(KEY_SECRET, `${order.id}|${fields.razorpay_payment_id}`));
    expect((await (await rzp(`/orders/${order.id}`)).json()).status).toBe("paid");
  });

  it("posts a failure's error fields back, and the order is attempted", async () => {
    const order = await createOrder();
    const response = await postPayForm({
      order_id: order.id,
      key_id: KEY_ID,
      callback_url: "http://localhost:3000/cb",
      method: "card",
      outcome: "failure",
    });
    const { fields } = readForm(await response.text());
    const metadata = JSON.parse(fields["error[metadata]"] ?? "{}");
    expect(fields).toMatchObject({
      "error[code]": "BAD_REQUEST_ERROR",
      "error[description]": "Payment failed",
      "error[source]": "customer",
      "error[step]": "payment_authorization",
      "error[reason]": "payment_failed",
    });
    expect(metadata.order_id).toBe(order.id);
    const payment = await (await rzp(`/payments/${metadata.payment_id}`)).json();
    expect(payment).toMatchObject({ status: "failed", captured: false, method: "card", error_reason: "payment_failed" });
    expect(await (await rzp(`/orders/${order.id}`)).json()).toMatchObject({ status: "attempted", amount_paid: 0, attempts: 1 });
  });

  it("answers an embedded payment by posting a message to the store's page only", async () => {
    const order = await createOrder();
    const response = await postPayForm({
      order_id: order.id,
      key_id: KEY_ID,
      embedded: "1",
      parent_origin: "http://localhost:3000",
      outcome: "success",
      vpa: "farmer@upi",
    });
    const html = await response.text();
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors http://localhost:3000");
    expect(html).toMatch(
      /window\.parent\.postMessage\(\{"type":"fake-razorpay:result","status":"success".*"razorpay_signature":"[0-9a-f]{64}".*, "http:\/\/localhost:3000"\)/,
    );
    const script = await (await fetch(`${gateway.url}/razorpay/checkout.js`)).text();
    expect(script).toContain(`var GATEWAY = "${gateway.url}"`);
    expect(script).toContain("window.Razorpay = Razorpay");
  });

  it("checkout.js sends the top window to the hosted page in redirect mode", async () => {
    const order = await createOrder();
    const script = await (await fetch(`${gateway.url}/razorpay/checkout.js`)).text();
    const { Razorpay, page } = loadCheckout(script, "http://localhost:3000");
    const prefill = { name: "Asha", email: "asha@example.in", contact: "+919800000000" };
    new Razorpay({ key: KEY_ID, order_id: order.id, callback_url: "http://localhost:3000/cb", redirect: true, prefill }).open();
    const href = (page.location as { href: string }).href;
    expect(href.startsWith(`${gateway.url}/razorpay/pay?`)).toBe(true);
    expect(Object.fromEntries(new URL(href).searchParams)).toMatchObject({
      order_id: order.id,
      key_id: KEY_ID,
      "prefill[email]": prefill.email,
    });
    expect(await (await fetch(href)).text()).toContain(">Pay ₹1,234.50</button>");
  });

  it("checkout.js runs the embedded page in a modal and reports failure, success and dismissal", async () => {
    const order = await createOrder();
    const script = await (await fetch(`${gateway.url}/razorpay/checkout.js`)).text();
    const { Razorpay, body, dispatch } = loadCheckout(script, "http://localhost:3000");
    const seen: string[] = [];
    const rzp = new Razorpay({
      key: KEY_ID,
      order_id: order.id,
      handler: (response: { razorpay_signature: string }) => seen.push(`paid ${response.razorpay_signature}`),
      modal: { ondismiss: () => seen.push("dismissed") },
    });
    rzp.on("payment.failed", (response) => seen.push(`failed ${(response as { error: { reason: string } }).error.reason}`));
    rzp.open();
    const overlay = body.children[0];
    const frame = overlay?.children.find((child) => child.tagName === "iframe");
    expect(overlay?.attributes).toMatchObject({ role: "dialog", "aria-modal": "true" });
    const params = Object.fromEntries(new URL(frame?.src ?? "").searchParams);
    expect(params).toMatchObject({ order_id: order.id, embedded: "1", parent_origin: "http://localhost:3000" });
    // What the frame posts is what the hosted page's script sends after the form.
    const messageFrom = async (outcome: string) => {
      const html = await (await postPayForm({ ...params, outcome, vpa: "farmer@upi" })).text();
      return JSON.parse(/postMessage\((\{"type":"fake-razorpay:result".*?\}), "/.exec(html)?.[1] ?? "null");
    };
    const failure = await messageFrom("failure");
    dispatch("message", { origin: "http://evil.example", source: frame?.contentWindow, data: failure });
    expect(seen).toEqual([]);
    dispatch("message", { origin: gateway.url, source: frame?.contentWindow, data: failure });
    expect(seen).toEqual(["failed payment_failed"]);
    expect(body.children).toHaveLength(1);
    const success = await messageFrom("success");
    dispatch("message", { origin: gateway.url, source: frame?.contentWindow, data: success });
    expect(seen[1]).toBe(`paid ${success.response.razorpay_signature}`);
    expect(body.children).toHaveLength(0);

    const another = new Razorpay({ key: KEY_ID, order_id: order.id, modal: { ondismiss: () => seen.push("dismissed") } });
    another.open();
    dispatch("keydown", { key: "Escape" });
    expect(seen.at(-1)).toBe("dismissed");
    expect(body.children).toHaveLength(0);
  });

  it("refunds in part, then the rest, then refuses more", async () => {
    const order = await createOrder(100000);
    const { json } = await control("/razorpay/pay", { order_id: order.id, outcome: "success" });
    const paymentId = json.callback.razorpay_payment_id;
    const partial = await rzp(`/payments/${paymentId}/refund`, { body: { amount: 30000, notes: { reason: "damaged" } } });
    expect(await partial.json()).toMatchObject({
      entity: "refund",
      amount: 30000,
      currency: "INR",
      payment_id: paymentId,
      status: "processed",
      speed_processed: "normal",
    });
    expect(await (await rzp(`/payments/${paymentId}`)).json()).toMatchObject({
      amount_refunded: 30000,
      refund_status: "partial",
      status: "captured",
    });
    const tooMuch = await rzp(`/payments/${paymentId}/refund`, { body: { amount: 70001 } });
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).error.description).toBe("The refund amount provided is greater than amount captured");
    const rest = await (await rzp(`/payments/${paymentId}/refund`, { body: {} })).json();
    expect(rest.amount).toBe(70000);
    expect(await (await rzp(`/payments/${paymentId}`)).json()).toMatchObject({ amount_refunded: 100000, refund_status: "full" });
    const again = await rzp(`/payments/${paymentId}/refund`, { body: { amount: 100 } });
    expect((await again.json()).error.description).toBe("The payment has been fully refunded already");
    expect((await (await rzp(`/payments/${paymentId}/refunds`)).json()).count).toBe(2);
    expect((await (await rzp(`/refunds/${rest.id}`)).json()).id).toBe(rest.id);
  });
});

describe("webhooks", () => {
  it("sends Razorpay events signed with the webhook secret", async () => {
    const order = await createOrder();
    await control("/razorpay/pay", { order_id: order.id, outcome: "success" });
    const requests = await receiver.waitFor("/razorpay", 2);
    const events = requests.map((r) => JSON.parse(r.body));
    expect(events.map((e) => e.event).sort()).toEqual(["order.paid", "payment.captured"]);
    for (const request of requests) {
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers["x-razorpay-signature"]).toBe(hmac(RZP_WEBHOOK_SECRET, request.body));
      expect(request.headers["x-razorpay-event-id"]).toMatch(/^evt_/);
    }
    const paid = events.find((e) => e.event === "order.paid");
    expect(paid).toMatchObject({ entity: "event", account_id: "acc_fake", contains: ["payment", "order"] });
    expect(paid.payload.order.entity).toMatchObject({ id: order.id, status: "paid" });
  });

  it("retries a delivery the receiver refused, with the same event id", async () => {
    receiver.failNext(500);
    const order = await createOrder();
    await control("/razorpay/pay", { order_id: order.id, outcome: "failure" });
    const [first, second] = await receiver.waitFor("/razorpay", 2);
    expect(first?.headers["x-razorpay-event-id"]).toBe(second?.headers["x-razorpay-event-id"]);
    expect(first?.body).toBe(second?.body);
    await gateway.control.idle();
    const events = (await (await fetch(`${gateway.url}/__control/events`)).json()).events;
    expect(events[0].deliveries.map((d: { status: number }) => d.status)).toEqual([500, 200]);
  });

  it("records events while paused and replays one unchanged", async () => {
    await control("/webhooks-paused", { on: true });
    const order = await createOrder();
    await control("/razorpay/pay", { order_id: order.id, outcome: "success" });
    await gateway.control.idle();
    expect(receiver.received).toHaveLength(0);
    const events = (await (await fetch(`${gateway.url}/__control/events`)).json()).events;
    const captured = events.find((e: { type: string }) => e.type === "payment.captured");
    expect(captured.deliveries).toEqual([]);
    expect((await control("/webhooks/redeliver", { eventId: captured.id })).status).toBe(200);
    const [replay] = await receiver.waitFor("/razorpay", 1);
    expect(replay?.headers["x-razorpay-event-id"]).toBe(captured.id);
    expect(replay?.body).toBe(captured.body);
  });
});

describe("Stripe through the official SDK", () => {
  const sessionParams: Stripe.Checkout.SessionCreateParams = {
    mode: "payment",
    line_items: [
      { price_data: { currency: "inr", unit_amount: 25000, product_data: { name: "Neem oil 1 L" } }, quantity: 2 },
      { price_data: { currency: "inr", unit_amount: 9950, product_data: { name: "Sprayer nozzle" } }, quantity: 1 },
    ],
    success_url: "http://localhost:3000/checkout/done?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://localhost:3000/cart",
    client_reference_id: "A-7",
    customer_email: "farmer@example.in",
    metadata: { order_id: "A-7" },
    payment_intent_data: { metadata: { order_id: "A-7" } },
    allowed_payment_method_types: ["card", "upi"],
  };

  it("creates, pays, retrieves and refunds once per idempotency key; constructEvent accepts the webhook", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams);
    expect(session).toMatchObject({
      object: "checkout.session",
      amount_total: 59950,
      currency: "inr",
      status: "open",
      payment_status: "unpaid",
    });
    expect(session.url).toBe(`${gateway.url}/stripe/pay/${session.id}`);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.allowed_payment_method_types).toEqual(["card", "upi"]);
    const paid = await control("/stripe/pay", { session_id: session.id, outcome: "success" });
    expect(paid.json).toMatchObject({ status: "complete", payment_status: "paid" });
    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved).toMatchObject({ status: "complete", payment_status: "paid", metadata: { order_id: "A-7" } });
    const intent = await stripe.paymentIntents.retrieve(String(retrieved.payment_intent));
    expect(intent).toMatchObject({ amount: 59950, amount_received: 59950, status: "succeeded", metadata: { order_id: "A-7" } });
    expect(intent.latest_charge).toMatch(/^ch_/);

    const refundParams = { payment_intent: intent.id, amount: 9950, metadata: { reason_code: "nozzle" } };
    const first = await stripe.refunds.create(refundParams, { idempotencyKey: "refund-A-7-1" });
    const second = await stripe.refunds.create(refundParams, { idempotencyKey: "refund-A-7-1" });
    expect(second.id).toBe(first.id);
    expect(gateway.state.stripe.refunds.size).toBe(1);
    await expect(stripe.refunds.create({ ...refundParams, amount: 1 }, { idempotencyKey: "refund-A-7-1" })).rejects.toMatchObject({
      type: "StripeIdempotencyError",
    });
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 50001 })).rejects.toMatchObject({ code: "amount_too_large" });
    expect((await stripe.refunds.create({ payment_intent: intent.id })).amount).toBe(50000);
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      code: "charge_already_refunded",
      statusCode: 400,
    });

    const events = await receiver.waitFor("/stripe", 5);
    const completed = events.find((r) => JSON.parse(r.body).type === "checkout.session.completed");
    const event = stripe.webhooks.constructEvent(
      completed?.body ?? "",
      String(completed?.headers["stripe-signature"]),
      STRIPE_WEBHOOK_SECRET,
    );
    expect(event.type).toBe("checkout.session.completed");
    expect((event.data.object as Stripe.Checkout.Session).id).toBe(session.id);
    const charges = events.map((r) => JSON.parse(r.body)).filter((e) => e.type === "charge.refunded");
    expect(charges.map((e) => e.data.object.amount_refunded).sort()).toEqual([59950, 9950]);
    expect(() =>
      stripe.webhooks.constructEvent(completed?.body ?? "", String(completed?.headers["stripe-signature"]), "whsec_wrong"),
    ).toThrow();
  });

  it("pays and declines on the hosted page, then refuses to show it again", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams);
    const page = await fetch(session.url ?? "");
    const html = await page.text();
    for (const text of ['<html lang="en">', "Test mode", ">Pay ₹599.50</button>", ">Decline card</button>", 'value="4242 4242 4242 4242"'])
      expect(html).toContain(text);
    const post = (outcome: string) =>
      fetch(session.url ?? "", { method: "POST", body: new URLSearchParams({ outcome }), redirect: "manual" });
    const declined = await post("failure");
    const declinedHtml = await declined.text();
    expect(declinedHtml).toContain('<div role="alert">Your card was declined.</div>');
    expect(declinedHtml).toContain('<a href="http://localhost:3000/cart">Back to store</a>');
    const done = await post("success");
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`http://localhost:3000/checkout/done?session_id=${session.id}`);
    expect((await fetch(session.url ?? "")).status).toBe(409);
  });

  it("expires an open session and validates what it is given", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams);
    expect((await stripe.checkout.sessions.expire(session.id)).status).toBe("expired");
    expect((await fetch(`${gateway.url}/stripe/pay/${session.id}`)).status).toBe(410);
    const [expired] = await receiver.waitFor("/stripe", 1);
    expect(JSON.parse(expired?.body ?? "{}").type).toBe("checkout.session.expired");
    const dollars = {
      ...sessionParams,
      line_items: [{ price_data: { currency: "usd", unit_amount: 100, product_data: { name: "x" } }, quantity: 1 }],
    };
    await expect(stripe.checkout.sessions.create(dollars)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "line_items[0][price_data][currency]",
    });
    await expect(stripe.checkout.sessions.retrieve("cs_test_missing")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
    await expect(
      new Stripe("sk_live_nope", {
        host: "127.0.0.1",
        port: Number(new URL(gateway.url).port),
        protocol: "http",
      }).checkout.sessions.retrieve(session.id),
    ).rejects.toMatchObject({ statusCode: 401 });
  });

  it("reads Stripe's bracket notation into objects and arrays", () => {
    expect(
      parseStripeForm("line_items[0][price_data][unit_amount]=100&line_items[0][quantity]=2&metadata[order_id]=7&expand[]=a&expand[]=b"),
    ).toEqual({
      line_items: [{ price_data: { unit_amount: "100" }, quantity: "2" }],
      metadata: { order_id: "7" },
      expand: ["a", "b"],
    });
    expect(() => parseStripeForm("__proto__[x]=1")).toThrow();
  });
});

describe("outage", () => {
  it("answers 503 from both APIs until it is over", async () => {
    await control("/outage", { on: true });
    const razorpay = await rzp("/orders/order_x");
    expect(razorpay.status).toBe(503);
    expect((await razorpay.json()).error.code).toBe("SERVER_ERROR");
    const stripeResponse = await fetch(`${gateway.url}/v1/checkout/sessions/cs_test_x`, { headers: { Authorization: "Bearer sk_test_x" } });
    expect(stripeResponse.status).toBe(503);
    expect((await stripeResponse.json()).error.type).toBe("api_error");
    await control("/outage", { on: false });
    expect((await rzp("/orders/order_x")).status).toBe(404);
  });
});

import { Hono } from "hono";
import { randomInt } from "node:crypto";
import { autoSubmitPage, checkoutScript, errorPage, razorpayEmbeddedDone, razorpayPayPage } from "./pages.ts";
import {
  type GatewayContext,
  GatewayInputError,
  type GatewayState,
  hmacHex,
  isRecord,
  type Notes,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayRefund,
  randomId,
  readJson,
  unixNow,
} from "./state.ts";

type RazorpayKey = { keyId: string; keySecret: string };
type Env = { Variables: { key: RazorpayKey } };

export const razorpayErrorBody = (description: string, code = "BAD_REQUEST_ERROR", field?: string | null) => ({
  error: { code, description, source: "NA", step: "NA", reason: "NA", metadata: {}, ...(field ? { field } : {}) },
});

function readBasicAuth(header: string | undefined): RazorpayKey | null {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? "");
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  const key = { keyId: decoded.slice(0, colon), keySecret: decoded.slice(colon + 1) };
  return key.keyId.startsWith("rzp_test_") && key.keySecret !== "" ? key : null;
}

const notFound = () => new GatewayInputError("The id provided does not exist", { status: 404, field: "id" });

function readNotes(value: unknown): Notes | [] {
  if (value === undefined || value === null) return [];
  if (!isRecord(value)) throw new GatewayInputError("notes must be an object", { field: "notes" });
  const entries = Object.entries(value);
  if (entries.length > 15) throw new GatewayInputError("notes can have 15 keys at most", { field: "notes" });
  for (const [key, note] of entries) {
    if (!(typeof note === "string" || typeof note === "number") || String(note).length > 256)
      throw new GatewayInputError(`notes.${key} must be a string of at most 256 characters`, { field: "notes" });
  }
  return entries.length === 0 ? [] : (value as Notes);
}

function readReceipt(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value.length > 40)
    throw new GatewayInputError("The receipt may not be greater than 40 characters.", { field: "receipt" });
  return value;
}

function readAmount(value: unknown, field = "amount") {
  if (typeof value !== "number" || !Number.isInteger(value)) throw new GatewayInputError("The amount must be an integer.", { field });
  if (value < 100) throw new GatewayInputError("The amount must be atleast INR 1.00", { field });
  return value;
}

function findOrder(state: GatewayState, id: string, key?: RazorpayKey) {
  const record = state.razorpay.orders.get(id);
  // Another key is another Razorpay account: its orders do not exist for this one.
  if (!record || (key && record.keyId !== key.keyId)) throw notFound();
  return record;
}

function findPayment(state: GatewayState, id: string, key: RazorpayKey) {
  const payment = state.razorpay.payments.get(id);
  if (!payment) throw notFound();
  findOrder(state, payment.order_id, key);
  return payment;
}

function createOrder(state: GatewayState, key: RazorpayKey, body: Record<string, unknown>): RazorpayOrder {
  const amount = readAmount(body.amount);
  if (body.currency !== "INR") throw new GatewayInputError("Currency is not supported", { field: "currency" });
  const order: RazorpayOrder = {
    id: randomId("order_"),
    entity: "order",
    amount,
    amount_paid: 0,
    amount_due: amount,
    currency: "INR",
    receipt: readReceipt(body.receipt),
    offer_id: null,
    status: "created",
    attempts: 0,
    notes: readNotes(body.notes),
    created_at: unixNow(),
  };
  state.razorpay.orders.set(order.id, { order, ...key });
  return order;
}

function emitEvent(ctx: GatewayContext, event: string, payload: Record<string, object>) {
  ctx.webhooks.emit("razorpay", event, () => ({
    entity: "event",
    account_id: "acc_fake",
    event,
    contains: Object.keys(payload),
    payload: Object.fromEntries(Object.entries(payload).map(([name, entity]) => [name, { entity }])),
    created_at: unixNow(),
  }));
}

export type RazorpayPayInput = {
  orderId: string;
  outcome: "success" | "failure";
  method?: "upi" | "card";
  vpa?: string;
  /** A different amount from the order's, for tests of a store that must notice. */
  amount?: number;
  email?: string;
  contact?: string;
  description?: string | null;
  /**
   * Captures a payment on an order that is paid already, as Razorpay does when a payment
   * authorised earlier (a UPI approval the customer gave twice, a bank's late answer) is captured
   * after another paid the order. A store must refund it.
   */
  afterPaid?: boolean;
};

export type RazorpaySuccessCallback = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
export type RazorpayFailureCallback = {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { payment_id: string; order_id: string };
  };
};
export type RazorpayPayResult = { payment: RazorpayPayment; callback: RazorpaySuccessCallback | RazorpayFailureCallback };

/** What the hosted page's buttons do: one payment attempt on an order. */
export function payRazorpayOrder(ctx: GatewayContext, input: RazorpayPayInput): RazorpayPayResult {
  const record = findOrder(ctx.state, input.orderId);
  const { order } = record;
  const again = order.status === "paid" && input.afterPaid === true;
  if (order.status === "paid" && !again) throw new GatewayInputError("This order has already been paid", { field: "order_id" });
  const method = input.method ?? "upi";
  const success = input.outcome === "success";
  const amount = input.amount === undefined ? (again ? order.amount : order.amount_due) : readAmount(input.amount);
  const payment: RazorpayPayment = {
    id: randomId("pay_"),
    entity: "payment",
    amount,
    currency: "INR",
    status: success ? "captured" : "failed",
    order_id: order.id,
    invoice_id: null,
    international: false,
    method,
    amount_refunded: 0,
    refund_status: null,
    captured: success,
    description: input.description ?? null,
    card_id: method === "card" ? randomId("card_") : null,
    bank: null,
    wallet: null,
    vpa: method === "upi" ? input.vpa || "farmer@upi" : null,
    // Razorpay's own placeholders when checkout had no prefill.
    email: input.email || "void@razorpay.com",
    contact: input.contact || "+919000090000",
    notes: order.notes,
    // 2% fee and 18% GST on it, as a captured payment shows; nothing on a failed one.
    fee: success ? Math.round(amount * 0.02 * 1.18) : null,
    tax: success ? Math.round(amount * 0.02 * 0.18) : null,
    error_code: success ? null : "BAD_REQUEST_ERROR",
    error_description: success ? null : "Payment failed",
    error_source: success ? null : "customer",
    error_step: success ? null : "payment_authorization",
    error_reason: success ? null : "payment_failed",
    acquirer_data: method === "upi" && success ? { rrn: String(randomInt(1e11, 1e12)) } : {},
    created_at: unixNow(),
  };
  ctx.state.razorpay.payments.set(payment.id, payment);
  order.attempts += 1;
  if (!success) {
    if (order.status === "created") order.status = "attempted";
    emitEvent(ctx, "payment.failed", { payment });
    const metadata = { payment_id: payment.id, order_id: order.id };
    const error = {
      code: "BAD_REQUEST_ERROR",
      description: "Payment failed",
      source: "customer",
      step: "payment_authorization",
      reason: "payment_failed",
      metadata,
    };
    return { payment, callback: { error } };
  }
  order.amount_paid += amount;
  order.amount_due = Math.max(0, order.amount - order.amount_paid);
  order.status = order.amount_due === 0 ? "paid" : "attempted";
  emitEvent(ctx, "payment.captured", { payment });
  if (order.status === "paid" && !again) emitEvent(ctx, "order.paid", { payment, order });
  const signature = hmacHex(record.keySecret, `${order.id}|${payment.id}`);
  return { payment, callback: { razorpay_payment_id: payment.id, razorpay_order_id: order.id, razorpay_signature: signature } };
}

function refundPayment(ctx: GatewayContext, payment: RazorpayPayment, body: Record<string, unknown>): RazorpayRefund {
  if (payment.status === "failed") throw new GatewayInputError("Only captured payments can be refunded", { field: "payment_id" });
  const left = payment.amount - payment.amount_refunded;
  if (left <= 0) throw new GatewayInputError("The payment has been fully refunded already", { field: "amount" });
  const amount = body.amount === undefined ? left : readAmount(body.amount);
  if (amount > left) throw new GatewayInputError("The refund amount provided is greater than amount captured", { field: "amount" });
  const refund: RazorpayRefund = {
    id: randomId("rfnd_"),
    entity: "refund",
    amount,
    currency: "INR",
    payment_id: payment.id,
    notes: readNotes(body.notes),
    receipt: readReceipt(body.receipt),
    acquirer_data: { arn: null },
    created_at: unixNow(),
    batch_id: null,
    status: "processed",
    speed_processed: "normal",
    speed_requested: "normal",
  };
  ctx.state.razorpay.refunds.set(refund.id, refund);
  payment.amount_refunded += amount;
  payment.refund_status = payment.amount_refunded === payment.amount ? "full" : "partial";
  // Razorpay moves a fully refunded payment from "captured" to "refunded".
  if (payment.refund_status === "full") payment.status = "refunded";
  emitEvent(ctx, "refund.processed", { refund, payment });
  return refund;
}

const collection = <T>(items: T[]) => ({ entity: "collection", count: items.length, items });
// Maps keep insertion order; Razorpay lists newest first.
const newestFirst = <T>(items: T[]) => [...items].reverse();

function apiRoutes(ctx: GatewayContext) {
  const { state } = ctx;
  const api = new Hono<Env>();
  api.use("*", async (c, next) => {
    if (state.outage) return c.json(razorpayErrorBody("The server is temporarily unavailable", "SERVER_ERROR"), 503);
    const key = readBasicAuth(c.req.header("authorization"));
    if (!key) return c.json(razorpayErrorBody("Authentication failed"), 401);
    c.set("key", key);
    await next();
  });
  api.post("/orders", async (c) => c.json(createOrder(state, c.get("key"), await readJson(c.req.raw))));
  api.get("/orders/:id", (c) => c.json(findOrder(state, c.req.param("id"), c.get("key")).order));
  api.get("/orders/:id/payments", (c) => {
    const { order } = findOrder(state, c.req.param("id"), c.get("key"));
    return c.json(collection(newestFirst([...state.razorpay.payments.values()].filter((p) => p.order_id === order.id))));
  });
  api.get("/payments/:id", (c) => c.json(findPayment(state, c.req.param("id"), c.get("key"))));
  api.post("/payments/:id/refund", async (c) => {
    const payment = findPayment(state, c.req.param("id"), c.get("key"));
    return c.json(refundPayment(ctx, payment, await readJson(c.req.raw)));
  });
  api.get("/payments/:id/refunds", (c) => {
    const payment = findPayment(state, c.req.param("id"), c.get("key"));
    return c.json(collection(newestFirst([...state.razorpay.refunds.values()].filter((r) => r.payment_id === payment.id))));
  });
  api.get("/refunds/:id", (c) => {
    const refund = state.razorpay.refunds.get(c.req.param("id"));
    if (!refund) throw notFound();
    findPayment(state, refund.payment_id, c.get("key"));
    return c.json(refund);
  });
  return api;
}

const PASS_THROUGH = [
  "order_id",
  "key_id",
  "callback_url",
  "embedded",
  "parent_origin",
  "description",
  "prefill[name]",
  "prefill[email]",
  "prefill[contact]",
];

const httpUrl = (text: string | undefined) => {
  const url = URL.parse(text ?? "");
  return url?.protocol === "http:" || url?.protocol === "https:" ? url : null;
};

/** The hosted page's parameters, checked the same way when it is shown and when its form comes back. */
function readCheckout(state: GatewayState, params: Record<string, string | undefined>) {
  const fields: Record<string, string> = {};
  for (const name of PASS_THROUGH) if (params[name]) fields[name] = params[name];
  const record = state.razorpay.orders.get(params.order_id ?? "");
  if (!record) return { problem: errorPage("Order not found", "This payment link does not match any order.", 404) };
  if (record.keyId !== params.key_id)
    return { problem: errorPage("Wrong key", "The key_id does not belong to the account that created this order.", 400) };
  if (record.order.status === "paid")
    return { problem: errorPage("Already paid", "This order has already been paid. Return to the store to see it.", 409) };
  const parentOrigin = httpUrl(params.parent_origin)?.origin;
  const callbackUrl = httpUrl(params.callback_url)?.href;
  let target: CheckoutTarget;
  if (params.embedded === "1") {
    if (!parentOrigin) return { problem: errorPage("Bad request", "An embedded checkout needs parent_origin.", 400) };
    target = { embedded: true, parentOrigin };
  } else {
    if (!callbackUrl) return { problem: errorPage("Bad request", "A redirect checkout needs an http(s) callback_url.", 400) };
    target = { embedded: false, callbackUrl };
  }
  return { record, fields, target, description: params.description ?? null };
}

type CheckoutTarget = { embedded: true; parentOrigin: string } | { embedded: false; callbackUrl: string };

const VPA = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$/;

function hostedRoutes(ctx: GatewayContext) {
  const { state } = ctx;
  const hosted = new Hono();
  hosted.get("/checkout.js", (c) =>
    c.body(checkoutScript(new URL(c.req.url).origin), 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Access-Control-Allow-Origin": "*",
    }),
  );
  hosted.get("/pay", (c) => {
    const checkout = readCheckout(state, c.req.query());
    if (checkout.problem) return checkout.problem;
    const { record, fields, target, description } = checkout;
    const embed = target.embedded ? { parentOrigin: target.parentOrigin, message: null } : null;
    const input = { merchantName: state.config.merchantName, order: record.order, description, fields, embed };
    return razorpayPayPage({ ...input, method: "upi", vpa: "farmer@upi", error: null });
  });
  hosted.post("/pay", async (c) => {
    const form = await c.req.parseBody();
    const params = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === "string" ? v : undefined]));
    const checkout = readCheckout(state, params);
    if (checkout.problem) return checkout.problem;
    const { record, fields, target, description } = checkout;
    const method = params.method === "card" ? "card" : "upi";
    const vpa = params.vpa?.trim() ?? "";
    const outcome = params.outcome === "success" ? "success" : "failure";
    const merchantName = state.config.merchantName;
    const page = { merchantName, order: record.order, description, fields, method, vpa } as const;
    if (outcome === "success" && method === "upi" && !VPA.test(vpa)) {
      const embed = target.embedded ? { parentOrigin: target.parentOrigin, message: null } : null;
      return razorpayPayPage({ ...page, embed, error: "Enter a UPI ID such as name@bank." }, 400);
    }
    const { callback } = payRazorpayOrder(ctx, {
      orderId: record.order.id,
      outcome,
      method,
      vpa,
      email: params["prefill[email]"],
      contact: params["prefill[contact]"],
      description,
    });
    if (target.embedded) {
      const embed = { parentOrigin: target.parentOrigin, message: { type: "fake-razorpay:result", status: outcome, response: callback } };
      if (outcome === "success") return razorpayEmbeddedDone(merchantName, embed);
      return razorpayPayPage({ ...page, embed, error: "Payment failed. Try again, or choose another way to pay." }, 402);
    }
    const fieldsOut: Record<string, string> =
      "error" in callback
        ? {
            "error[code]": callback.error.code,
            "error[description]": callback.error.description,
            "error[source]": callback.error.source,
            "error[step]": callback.error.step,
            "error[reason]": callback.error.reason,
            "error[metadata]": JSON.stringify(callback.error.metadata),
          }
        : callback;
    return autoSubmitPage(merchantName, target.callbackUrl, fieldsOut);
  });
  return hosted;
}

export function razorpayRoutes(ctx: GatewayContext) {
  const app = new Hono();
  app.route("/v1", apiRoutes(ctx));
  app.route("/", hostedRoutes(ctx));
  return app;
}

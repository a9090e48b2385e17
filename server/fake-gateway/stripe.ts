import { type Context, Hono, type Next } from "hono";
import { errorPage, stripePayPage } from "./pages.ts";
import {
  type Charge,
  type CheckoutSession,
  formatPaise,
  type GatewayContext,
  GatewayInputError,
  type GatewayState,
  isRecord,
  type LineItem,
  type PaymentIntent,
  randomId,
  type StripeRefund,
  unixNow,
} from "./state.ts";
import {
  type FormObject,
  optionalInteger,
  optionalString,
  optionalUrl,
  parseStripeForm,
  readMetadata,
  requiredInteger,
  requiredString,
  requiredUrl,
} from "./stripe-form.ts";

type Env = { Variables: { apiKey: string; params: FormObject } };

/** The version of the installed `stripe` SDK (23.1.0); receivers only read it. */
export const STRIPE_API_VERSION = "2026-10-28.endive";

export type StripeErrorShape = { type: string; message: string; param?: string; code?: string };
export const stripeErrorBody = (error: StripeErrorShape) => ({ error });

const missing = (kind: string, id: string, param = "id") =>
  new GatewayInputError(`No such ${kind}: '${id}'`, { status: param === "id" ? 404 : 400, field: param, code: "resource_missing" });

function readApiKey(header: string | undefined) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
  // `curl -u sk_test_…:` sends Basic auth, which Stripe also accepts.
  const basic = /^Basic\s+(\S+)$/i.exec(header ?? "")?.[1];
  const key = bearer ?? (basic ? Buffer.from(basic, "base64").toString("utf8").split(":")[0] : undefined);
  return key?.startsWith("sk_test_") && key.length > "sk_test_".length ? key : null;
}

function emitEvent(ctx: GatewayContext, type: string, object: object) {
  ctx.webhooks.emit("stripe", type, (id) => ({
    id,
    object: "event",
    api_version: STRIPE_API_VERSION,
    created: unixNow(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  }));
}

function readLineItems(value: FormObject[string] | undefined): LineItem[] {
  if (!Array.isArray(value) || value.length === 0)
    throw new GatewayInputError("Missing required param: line_items.", { field: "line_items", code: "parameter_missing" });
  return value.map((item, i) => {
    const at = `line_items[${i}]`;
    if (!isRecord(item)) throw new GatewayInputError(`Invalid object: ${at}`, { field: at });
    if (item.price !== undefined)
      throw new GatewayInputError("This fake gateway takes price_data, not price ids.", { field: `${at}[price]` });
    const priceData = item.price_data;
    if (!isRecord(priceData)) throw new GatewayInputError(`Missing required param: ${at}[price_data].`, { field: `${at}[price_data]` });
    if (priceData.currency !== "inr")
      throw new GatewayInputError("Only the currency inr is supported.", {
        field: `${at}[price_data][currency]`,
        code: "parameter_invalid",
      });
    const product = priceData.product_data;
    if (!isRecord(product))
      throw new GatewayInputError(`Missing required param: ${at}[price_data][product_data].`, { field: `${at}[price_data]` });
    return {
      name: requiredString(product.name, `${at}[price_data][product_data][name]`),
      unitAmount: requiredInteger(priceData.unit_amount, `${at}[price_data][unit_amount]`, 0),
      quantity: requiredInteger(item.quantity, `${at}[quantity]`, 1),
    };
  });
}

function readMethodTypes(value: FormObject[string] | undefined, param: string): string[] | null {
  if (value === undefined) return null;
  if (!Array.isArray(value) || value.length === 0 || !value.every((m) => typeof m === "string"))
    throw new GatewayInputError(`Invalid array: ${param}`, { field: param });
  return value as string[];
}

function createSession(state: GatewayState, origin: string, p: FormObject): CheckoutSession {
  if (p.mode !== "payment") {
    const message = p.mode === undefined ? "Missing required param: mode." : "This fake gateway supports mode=payment only.";
    throw new GatewayInputError(message, { field: "mode" });
  }
  const lineItems = readLineItems(p.line_items);
  const total = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  if (total < 50)
    throw new GatewayInputError("The Checkout Session's total amount due must add up to at least ₹0.50.", { field: "line_items" });
  const now = unixNow();
  const expiresAt = optionalInteger(p.expires_at, "expires_at", 0) ?? now + 24 * 3600;
  if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600)
    throw new GatewayInputError("expires_at must be between 30 minutes and 24 hours from now.", { field: "expires_at" });
  // API versions from 2026 on (the SDK's) name it allowed_payment_method_types; older ones payment_method_types.
  const allowed = readMethodTypes(p.allowed_payment_method_types, "allowed_payment_method_types");
  const methods = readMethodTypes(p.payment_method_types, "payment_method_types") ?? allowed ?? ["card"];
  const intentData = p.payment_intent_data;
  const id = randomId("cs_test_", 58);
  const session: CheckoutSession = {
    id,
    object: "checkout.session",
    url: `${origin}/stripe/pay/${id}`,
    amount_subtotal: total,
    amount_total: total,
    currency: "inr",
    status: "open",
    payment_status: "unpaid",
    payment_intent: null,
    payment_method_types: methods,
    allowed_payment_method_types: allowed,
    client_reference_id: optionalString(p.client_reference_id, "client_reference_id", 200),
    metadata: readMetadata(p.metadata, "metadata"),
    success_url: requiredUrl(p.success_url, "success_url"),
    cancel_url: optionalUrl(p.cancel_url, "cancel_url"),
    customer_email: optionalString(p.customer_email, "customer_email", 800),
    expires_at: expiresAt,
    created: now,
    livemode: false,
    mode: "payment",
  };
  const paymentIntentMetadata = isRecord(intentData) ? readMetadata(intentData.metadata, "payment_intent_data[metadata]") : {};
  state.stripe.sessions.set(id, { session, lineItems, paymentIntentMetadata });
  return session;
}

function findSession(state: GatewayState, id: string) {
  const record = state.stripe.sessions.get(id);
  if (!record) throw missing("checkout.session", id);
  return record;
}

/** What the hosted page's buttons do. A declined card leaves the session open, as in Stripe Checkout. */
/**
 * `again`: a second payment intent for a session that is complete already, its completion sent
 * again with the new intent (a store must refund it, never keep it).
 */
export function payStripeSession(
  ctx: GatewayContext,
  sessionId: string,
  outcome: "success" | "failure",
  options: { again?: boolean } = {},
): CheckoutSession {
  const { session, paymentIntentMetadata } = findSession(ctx.state, sessionId);
  const again = options.again === true && session.status === "complete";
  if (session.status !== "open" && !again)
    throw new GatewayInputError(`This Checkout Session is ${session.status}.`, { field: "session_id" });
  if (outcome === "failure") return session;
  const created = unixNow();
  const intentId = randomId("pi_", 24);
  const charge: Charge = {
    id: randomId("ch_", 24),
    object: "charge",
    amount: session.amount_total,
    amount_captured: session.amount_total,
    amount_refunded: 0,
    refunded: false,
    captured: true,
    paid: true,
    status: "succeeded",
    payment_intent: intentId,
    currency: "inr",
    created,
    livemode: false,
  };
  const intent: PaymentIntent = {
    id: intentId,
    object: "payment_intent",
    amount: session.amount_total,
    amount_received: session.amount_total,
    currency: "inr",
    status: "succeeded",
    latest_charge: charge.id,
    metadata: paymentIntentMetadata,
    payment_method_types: session.payment_method_types,
    created,
    livemode: false,
  };
  ctx.state.stripe.charges.set(charge.id, charge);
  ctx.state.stripe.paymentIntents.set(intent.id, intent);
  Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intent.id, url: null });
  emitEvent(ctx, "checkout.session.completed", session);
  return session;
}

function expireSession(ctx: GatewayContext, id: string) {
  const { session } = findSession(ctx.state, id);
  if (session.status !== "open")
    throw new GatewayInputError(`Only Checkout Sessions with a status of 'open' can be expired; this one is ${session.status}.`, {
      field: "session",
    });
  Object.assign(session, { status: "expired", url: null });
  emitEvent(ctx, "checkout.session.expired", session);
  return session;
}

const REFUND_REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer"]);

function createRefund(ctx: GatewayContext, p: FormObject): StripeRefund {
  const { paymentIntents, charges } = ctx.state.stripe;
  const chargeId = optionalString(p.charge, "charge");
  const intentId = optionalString(p.payment_intent, "payment_intent") ?? (chargeId ? charges.get(chargeId)?.payment_intent : null);
  if (!intentId) {
    if (chargeId) throw missing("charge", chargeId, "charge");
    throw new GatewayInputError("One of the following params should be provided for this request: payment_intent or charge.", {
      field: "payment_intent",
      code: "parameter_missing",
    });
  }
  const intent = paymentIntents.get(intentId);
  if (!intent) throw missing("payment_intent", intentId, "payment_intent");
  const charge = charges.get(intent.latest_charge);
  if (!charge) throw missing("charge", intent.latest_charge, "charge");
  const left = charge.amount - charge.amount_refunded;
  if (left === 0) throw new GatewayInputError(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
  const amount = optionalInteger(p.amount, "amount", 1) ?? left;
  if (amount > left)
    throw new GatewayInputError(
      `Refund amount (${formatPaise(amount)}) is greater than unrefunded amount on charge (${formatPaise(left)})`,
      { field: "amount", code: "amount_too_large" },
    );
  const reason = optionalString(p.reason, "reason");
  if (reason !== null && !REFUND_REASONS.has(reason)) throw new GatewayInputError(`Invalid reason: ${reason}`, { field: "reason" });
  const refund: StripeRefund = {
    id: randomId("re_", 24),
    object: "refund",
    amount,
    currency: "inr",
    payment_intent: intent.id,
    charge: charge.id,
    status: "succeeded",
    reason,
    metadata: readMetadata(p.metadata, "metadata"),
    created: unixNow(),
  };
  ctx.state.stripe.refunds.set(refund.id, refund);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  emitEvent(ctx, "charge.refunded", charge);
  emitEvent(ctx, "refund.created", refund);
  return refund;
}

function apiRoutes(ctx: GatewayContext) {
  const { state } = ctx;
  const api = new Hono<Env>();
  api.use("*", async (c, next) => {
    c.header("Request-Id", randomId("req_", 14));
    if (state.outage)
      return c.json(stripeErrorBody({ type: "api_error", message: "The Stripe API is temporarily unavailable (fake outage)." }), 503);
    const apiKey = readApiKey(c.req.header("authorization"));
    if (!apiKey) return c.json(stripeErrorBody({ type: "invalid_request_error", message: "Invalid API Key provided." }), 401);
    c.set("apiKey", apiKey);
    c.set("params", c.req.method === "POST" ? parseStripeForm(await c.req.text()) : {});
    await next();
  });
  api.use("*", idempotency(state));
  api.post("/checkout/sessions", (c) => c.json(createSession(state, new URL(c.req.url).origin, c.get("params"))));
  api.get("/checkout/sessions/:id", (c) => c.json(findSession(state, c.req.param("id")).session));
  api.post("/checkout/sessions/:id/expire", (c) => c.json(expireSession(ctx, c.req.param("id"))));
  api.get("/payment_intents/:id", (c) => {
    const intent = state.stripe.paymentIntents.get(c.req.param("id"));
    if (!intent) throw missing("payment_intent", c.req.param("id"));
    return c.json(intent);
  });
  api.get("/charges/:id", (c) => {
    const charge = state.stripe.charges.get(c.req.param("id"));
    if (!charge) throw missing("charge", c.req.param("id"));
    return c.json(charge);
  });
  api.post("/refunds", (c) => c.json(createRefund(ctx, c.get("params"))));
  api.get("/refunds/:id", (c) => {
    const refund = state.stripe.refunds.get(c.req.param("id"));
    if (!refund) throw missing("refund", c.req.param("id"));
    return c.json(refund);
  });
  return api;
}

/**
 * Stripe's Idempotency-Key: the same key on the same route with the same parameters replays the stored answer;
 * different parameters are refused. Only successes are stored: a refused request can be corrected and retried.
 */
function idempotency(state: GatewayState) {
  const inFlight = new Set<string>();
  return async (c: Context<Env>, next: Next) => {
    const key = c.req.header("idempotency-key");
    if (c.req.method !== "POST" || !key) return next();
    const slot = `${c.get("apiKey")}\n${key}`;
    const route = `${c.req.method} ${c.req.path}`;
    const params = JSON.stringify(c.get("params"));
    const stored = state.stripe.idempotency.get(slot);
    if (stored) {
      if (stored.route !== route || stored.params !== params) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        return c.json(stripeErrorBody({ type: "idempotency_error", message }), 400);
      }
      const headers = { "Content-Type": "application/json", "Idempotent-Replayed": "true", "Request-Id": randomId("req_") };
      return new Response(stored.body, { status: stored.status, headers });
    }
    if (inFlight.has(slot)) {
      const message = "There is currently another in-progress request using this Idempotent Key. Please retry this request later.";
      return c.json(stripeErrorBody({ type: "invalid_request_error", message }), 409);
    }
    inFlight.add(slot);
    try {
      await next();
      if (c.res.status < 400) state.stripe.idempotency.set(slot, { route, params, status: c.res.status, body: await c.res.clone().text() });
    } finally {
      inFlight.delete(slot);
    }
  };
}

function hostedRoutes(ctx: GatewayContext) {
  const { state } = ctx;
  const hosted = new Hono();
  const openSession = (id: string) => {
    const record = state.stripe.sessions.get(id);
    if (!record) return { problem: errorPage("Checkout not found", "This payment link does not match any checkout session.", 404) };
    if (record.session.status === "expired")
      return { problem: errorPage("Checkout expired", "This checkout session has expired. Return to the store to try again.", 410) };
    if (record.session.status === "complete")
      return { problem: errorPage("Already paid", "This checkout session is complete. Return to the store to see your order.", 409) };
    return { record };
  };
  hosted.get("/pay/:id", (c) => {
    const { problem, record } = openSession(c.req.param("id"));
    if (problem) return problem;
    return stripePayPage({ merchantName: state.config.merchantName, ...record, declined: false });
  });
  hosted.post("/pay/:id", async (c) => {
    const { problem, record } = openSession(c.req.param("id"));
    if (problem) return problem;
    const form = await c.req.parseBody();
    if (form.outcome !== "success") return stripePayPage({ merchantName: state.config.merchantName, ...record, declined: true });
    const session = payStripeSession(ctx, record.session.id, "success");
    return c.redirect(session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id), 303);
  });
  return hosted;
}

export function stripeRoutes(ctx: GatewayContext) {
  const app = new Hono();
  app.route("/v1", apiRoutes(ctx));
  app.route("/stripe", hostedRoutes(ctx));
  return app;
}

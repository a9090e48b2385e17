import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { errorPage } from "./pages.ts";
import { payRazorpayOrder, type RazorpayPayInput, type RazorpayPayResult, razorpayErrorBody, razorpayRoutes } from "./razorpay.ts";
import {
  type CheckoutSession,
  type ConfigPatch,
  createState,
  type FakeGatewayOptions,
  type GatewayConfig,
  GatewayInputError,
  type GatewayState,
  isRecord,
  readJson,
  type WebhookTarget,
} from "./state.ts";
import { payStripeSession, stripeErrorBody, stripeRoutes } from "./stripe.ts";
import { createWebhookDispatcher, type RecordedEvent } from "./webhooks.ts";

export type { ConfigPatch, FakeGatewayOptions, GatewayState, RazorpayPayInput, RazorpayPayResult, RecordedEvent, WebhookTarget };

/** What tests drive directly; `/__control/*` is the same over HTTP. */
export type FakeGatewayControl = {
  readonly state: GatewayState;
  configure(patch: ConfigPatch): GatewayConfig;
  /** While on, every `/razorpay/v1/*` and `/v1/*` call answers 503. */
  setOutage(on: boolean): void;
  /** While on, events are recorded but not sent (a store must then reconcile on its own). */
  setWebhooksPaused(on: boolean): void;
  /** Sends a recorded event again, same id and body, even while webhooks are paused. */
  redeliver(eventId: string): RecordedEvent | undefined;
  events(): RecordedEvent[];
  payRazorpayOrder(input: RazorpayPayInput): RazorpayPayResult;
  payStripeSession(sessionId: string, outcome: "success" | "failure", options?: { again?: boolean }): CheckoutSession;
  /** Resolves when every webhook delivery under way, retries included, has finished. */
  idle(): Promise<void>;
  /** Forgets everything and returns to the options given at creation. */
  reset(): void;
  /** Abandons deliveries under way (for shutting down). */
  abortDeliveries(): void;
};

export type FakeGateway = { app: Hono; control: FakeGatewayControl };

export function createFakeGateway(options: FakeGatewayOptions = {}): FakeGateway {
  const state = createState(options);
  const webhooks = createWebhookDispatcher(state);
  const ctx = { state, webhooks };
  const control: FakeGatewayControl = {
    state,
    configure(patch) {
      if (patch.razorpayWebhook !== undefined) state.config.razorpayWebhook = patch.razorpayWebhook;
      if (patch.stripeWebhook !== undefined) state.config.stripeWebhook = patch.stripeWebhook;
      if (patch.merchantName !== undefined) state.config.merchantName = patch.merchantName;
      return state.config;
    },
    setOutage: (on) => {
      state.outage = on;
    },
    setWebhooksPaused: (on) => {
      state.webhooksPaused = on;
    },
    redeliver: (eventId) => webhooks.redeliver(eventId),
    events: () => webhooks.events(),
    payRazorpayOrder: (input) => payRazorpayOrder(ctx, input),
    payStripeSession: (sessionId, outcome, options) => payStripeSession(ctx, sessionId, outcome, options),
    idle: () => webhooks.idle(),
    reset() {
      webhooks.clear();
      Object.assign(state, createState(options));
    },
    abortDeliveries: () => webhooks.abort(),
  };

  const app = new Hono();
  app.route("/razorpay", razorpayRoutes(ctx));
  app.route("/", stripeRoutes(ctx));
  app.route("/__control", controlRoutes(control));
  app.onError((error, c) => {
    if (!(error instanceof GatewayInputError)) console.error("fake gateway:", error);
    const known = error instanceof GatewayInputError ? error : null;
    const message = known?.message ?? "Something went wrong in the fake gateway.";
    return answerError(c.req.path, known?.status ?? 500, message, known);
  });
  app.notFound((c) => {
    const message = `Unrecognized request URL (${c.req.method}: ${c.req.path}).`;
    return answerError(c.req.path, 404, message, new GatewayInputError(message, { status: 404 }));
  });
  return { app, control };
}

/** Each part of the gateway answers errors in its own shape. */
function answerError(path: string, status: number, message: string, known: GatewayInputError | null) {
  const json = (body: unknown) => Response.json(body, { status });
  if (path.startsWith("/razorpay/v1/")) return json(razorpayErrorBody(message, known ? "BAD_REQUEST_ERROR" : "SERVER_ERROR", known?.field));
  if (path.startsWith("/v1/")) {
    const type = known ? "invalid_request_error" : "api_error";
    return json(
      stripeErrorBody({ type, message, ...(known?.field ? { param: known.field } : {}), ...(known?.code ? { code: known.code } : {}) }),
    );
  }
  if (path.startsWith("/__control/")) return json({ error: { message, field: known?.field ?? null } });
  return errorPage(status === 404 ? "Not found" : "Something went wrong", message, status);
}

function readTarget(value: unknown, field: string): WebhookTarget | null | undefined {
  if (value === undefined || value === null) return value;
  if (isRecord(value) && typeof value.url === "string" && URL.canParse(value.url) && typeof value.secret === "string" && value.secret)
    return { url: value.url, secret: value.secret };
  throw new GatewayInputError(`${field} must be null or { url, secret }`, { field });
}

function readOn(body: Record<string, unknown>) {
  if (typeof body.on !== "boolean") throw new GatewayInputError("on must be true or false", { field: "on" });
  return body.on;
}

function readOutcome(value: unknown): "success" | "failure" {
  if (value === "success" || value === "failure") return value;
  throw new GatewayInputError('outcome must be "success" or "failure"', { field: "outcome" });
}

function readMethod(value: unknown): "upi" | "card" | undefined {
  if (value === undefined || value === "upi" || value === "card") return value;
  throw new GatewayInputError('method must be "upi" or "card"', { field: "method" });
}

function controlRoutes(control: FakeGatewayControl) {
  const app = new Hono();
  app.post("/config", async (c) => {
    const body = await readJson(c.req.raw);
    if (body.merchantName !== undefined && (typeof body.merchantName !== "string" || !body.merchantName))
      throw new GatewayInputError("merchantName must be a non-empty string", { field: "merchantName" });
    const patch: ConfigPatch = {
      razorpayWebhook: readTarget(body.razorpayWebhook, "razorpayWebhook"),
      stripeWebhook: readTarget(body.stripeWebhook, "stripeWebhook"),
      merchantName: body.merchantName,
    };
    return c.json(control.configure(patch));
  });
  app.post("/outage", async (c) => {
    control.setOutage(readOn(await readJson(c.req.raw)));
    return c.json({ on: control.state.outage });
  });
  app.post("/webhooks-paused", async (c) => {
    control.setWebhooksPaused(readOn(await readJson(c.req.raw)));
    return c.json({ on: control.state.webhooksPaused });
  });
  app.post("/webhooks/redeliver", async (c) => {
    const { eventId } = await readJson(c.req.raw);
    const event = typeof eventId === "string" ? control.redeliver(eventId) : undefined;
    if (!event) throw new GatewayInputError("No event with that eventId", { status: 404, field: "eventId" });
    return c.json({ id: event.id, type: event.type, gateway: event.gateway });
  });
  app.get("/events", (c) => c.json({ events: control.events() }));
  app.post("/razorpay/pay", async (c) => {
    const body = await readJson(c.req.raw);
    if (typeof body.order_id !== "string") throw new GatewayInputError("order_id is required", { field: "order_id" });
    if (body.amount !== undefined && typeof body.amount !== "number")
      throw new GatewayInputError("amount must be a number", { field: "amount" });
    const input = {
      orderId: body.order_id,
      outcome: readOutcome(body.outcome),
      method: readMethod(body.method),
      amount: body.amount,
      afterPaid: body.after_paid === true,
    };
    return c.json(control.payRazorpayOrder(input));
  });
  app.post("/stripe/pay", async (c) => {
    const body = await readJson(c.req.raw);
    if (typeof body.session_id !== "string") throw new GatewayInputError("session_id is required", { field: "session_id" });
    return c.json(control.payStripeSession(body.session_id, readOutcome(body.outcome), { again: body.again === true }));
  });
  app.post("/reset", (c) => {
    control.reset();
    return c.json({ reset: true });
  });
  return app;
}

export type StartOptions = FakeGatewayOptions & { port?: number; host?: string };
export type RunningFakeGateway = { url: string; close(): Promise<void>; state: GatewayState; control: FakeGatewayControl };

/** Where the local fake listens unless FAKE_GATEWAY_PORT says otherwise. */
export const DEFAULT_FAKE_GATEWAY_PORT = 4010;

/** FAKE_GATEWAY_PORT as written (unset or empty: undefined); an error naming it when it is not a port number. */
export function askedFakeGatewayPort(value: string | undefined): number | undefined {
  const asked = value?.trim();
  if (!asked) return undefined;
  const port = Number(asked);
  if (!/^\d+$/.test(asked) || port > 65535) throw new Error(`FAKE_GATEWAY_PORT must be a port number from 0 to 65535, not "${value}".`);
  return port;
}

/**
 * The fake beside a store on this machine (`npm start`, `npm run dev`): on `port` when one was asked
 * for (FAKE_GATEWAY_PORT; 0 is any free port); otherwise on 4010, or on any free port when 4010 is
 * taken, as it is by the fake of a second store started on the same machine.
 */
export async function startLocalFakeGateway(
  port: number | undefined,
  { preferred = DEFAULT_FAKE_GATEWAY_PORT, ...options }: FakeGatewayOptions & { preferred?: number } = {},
): Promise<RunningFakeGateway> {
  if (port !== undefined) return startFakeGateway({ ...options, port, host: "127.0.0.1" });
  try {
    return await startFakeGateway({ ...options, port: preferred, host: "127.0.0.1" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    return startFakeGateway({ ...options, port: 0, host: "127.0.0.1" });
  }
}

/** Listens on host:port (port 0: any free port); `url` is the origin to give the store. */
export async function startFakeGateway({ port = 0, host = "127.0.0.1", ...options }: StartOptions = {}): Promise<RunningFakeGateway> {
  const { app, control } = createFakeGateway(options);
  let server: ReturnType<typeof serve> | undefined;
  const boundPort = await new Promise<number>((resolve, reject) => {
    server = serve({ fetch: app.fetch, port, hostname: host }, (info) => resolve(info.port));
    server.once("error", reject);
  });
  const listening = server;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${boundPort}`,
    state: control.state,
    control,
    close: () =>
      new Promise<void>((resolve, reject) => {
        control.abortDeliveries();
        if (!listening) return resolve();
        listening.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

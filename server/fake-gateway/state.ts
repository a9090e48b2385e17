import { createHmac, randomInt } from "node:crypto";
import type { WebhookDispatcher } from "./webhooks.ts";

export type WebhookTarget = { url: string; secret: string };

export type FakeGatewayOptions = {
  razorpayWebhook?: WebhookTarget;
  stripeWebhook?: WebhookTarget;
  merchantName?: string;
};

/** What `POST /__control/config` takes: null removes a webhook target, a missing field leaves it as it is. */
export type ConfigPatch = {
  razorpayWebhook?: WebhookTarget | null;
  stripeWebhook?: WebhookTarget | null;
  merchantName?: string;
};

export type GatewayConfig = {
  razorpayWebhook: WebhookTarget | null;
  stripeWebhook: WebhookTarget | null;
  merchantName: string;
};

export type Notes = Record<string, string | number>;

export type RazorpayOrder = {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: "INR";
  receipt: string | null;
  offer_id: null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  // Razorpay answers an empty array, not an empty object, when an entity has no notes.
  notes: Notes | [];
  created_at: number;
};

export type RazorpayPayment = {
  id: string;
  entity: "payment";
  amount: number;
  currency: "INR";
  status: "captured" | "refunded" | "failed";
  order_id: string;
  invoice_id: null;
  international: false;
  method: "upi" | "card";
  amount_refunded: number;
  refund_status: null | "partial" | "full";
  captured: boolean;
  description: string | null;
  card_id: string | null;
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Notes | [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string>;
  created_at: number;
};

export type RazorpayRefund = {
  id: string;
  entity: "refund";
  amount: number;
  currency: "INR";
  payment_id: string;
  notes: Notes | [];
  receipt: string | null;
  acquirer_data: { arn: null };
  created_at: number;
  batch_id: null;
  status: "processed";
  speed_processed: "normal";
  speed_requested: "normal";
};

export type StringMap = Record<string, string>;

export type CheckoutSession = {
  id: string;
  object: "checkout.session";
  url: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: "inr";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  payment_method_types: string[];
  allowed_payment_method_types: string[] | null;
  client_reference_id: string | null;
  metadata: StringMap;
  success_url: string;
  cancel_url: string | null;
  customer_email: string | null;
  expires_at: number;
  created: number;
  livemode: false;
  mode: "payment";
};

export type LineItem = { name: string; unitAmount: number; quantity: number };

export type PaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: "inr";
  status: "succeeded";
  latest_charge: string;
  metadata: StringMap;
  payment_method_types: string[];
  created: number;
  livemode: false;
};

export type Charge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  captured: true;
  paid: true;
  status: "succeeded";
  payment_intent: string;
  currency: "inr";
  created: number;
  livemode: false;
};

export type StripeRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: "inr";
  payment_intent: string;
  charge: string;
  status: "succeeded";
  reason: string | null;
  metadata: StringMap;
  created: number;
};

export type StoredResponse = { route: string; params: string; status: number; body: string };

export type GatewayState = {
  config: GatewayConfig;
  outage: boolean;
  webhooksPaused: boolean;
  razorpay: {
    // The key that created an order signs its payments, as each Razorpay account has its own secret.
    orders: Map<string, { order: RazorpayOrder; keyId: string; keySecret: string }>;
    payments: Map<string, RazorpayPayment>;
    refunds: Map<string, RazorpayRefund>;
  };
  stripe: {
    sessions: Map<string, { session: CheckoutSession; lineItems: LineItem[]; paymentIntentMetadata: StringMap }>;
    paymentIntents: Map<string, PaymentIntent>;
    charges: Map<string, Charge>;
    refunds: Map<string, StripeRefund>;
    idempotency: Map<string, StoredResponse>;
  };
};

/** What the Razorpay and Stripe halves share: the state and the way out for webhooks. */
export type GatewayContext = { state: GatewayState; webhooks: WebhookDispatcher };

export function createState(options: FakeGatewayOptions): GatewayState {
  return {
    config: {
      razorpayWebhook: options.razorpayWebhook ?? null,
      stripeWebhook: options.stripeWebhook ?? null,
      merchantName: options.merchantName ?? "Angle",
    },
    outage: false,
    webhooksPaused: false,
    razorpay: { orders: new Map(), payments: new Map(), refunds: new Map() },
    stripe: { sessions: new Map(), paymentIntents: new Map(), charges: new Map(), refunds: new Map(), idempotency: new Map() },
  };
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function randomId(prefix: string, length = 14) {
  let id = prefix;
  for (let i = 0; i < length; i++) id += BASE62[randomInt(BASE62.length)];
  return id;
}

export const hmacHex = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");

export const unixNow = () => Math.floor(Date.now() / 1000);

const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

/** 123450 paise → "₹1,234.50". */
export const formatPaise = (paise: number) => rupees.format(paise / 100);

/** A request the gateway refuses, with the parameter at fault; each half renders it in its own error shape. */
export class GatewayInputError extends Error {
  readonly status: number;
  readonly field: string | null;
  readonly code: string | null;
  constructor(message: string, options: { status?: number; field?: string; code?: string } = {}) {
    super(message);
    this.status = options.status ?? 400;
    this.field = options.field ?? null;
    this.code = options.code ?? null;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A JSON object body; an empty body is an empty object. */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    const body: unknown = JSON.parse(text);
    if (isRecord(body)) return body;
  } catch {
    // answered below
  }
  throw new GatewayInputError("The request body must be a JSON object");
}

import { createHmac, timingSafeEqual } from "node:crypto";
import { gatewayEndpoints } from "./endpoints.server";

/**
 * Razorpay's Orders, Payments and Refunds APIs over fetch: Basic auth with the key id and secret, a
 * base address that is a setting (the npm SDK hard-codes its host), and signatures compared in
 * constant time.
 */
export type RazorpayKeys = { keyId: string; keySecret: string };

export type RazorpayOrder = { id: string; amount: number; currency: string; receipt: string | null; status: string };
export type RazorpayPayment = {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  method?: string;
  amount_refunded?: number;
  error_description?: string | null;
};
export type RazorpayRefund = {
  id: string;
  amount: number;
  payment_id: string;
  status: string;
  receipt?: string | null;
  notes?: Record<string, string>;
};

/** The gateway answered with an error, or could not be reached (status 0). */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
  /** Worth trying again later: unreachable, rate-limited or a server error. */
  get transient() {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

async function call<T>(keys: RazorpayKeys, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const url = `${gatewayEndpoints().razorpayApi}/v1${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        Authorization: `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString("base64")}`,
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new GatewayError(`Razorpay could not be reached: ${error instanceof Error ? error.message : String(error)}`, 0);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GatewayError(`Razorpay answered ${response.status} without JSON`, response.status >= 400 ? response.status : 502);
  }
  if (!response.ok) {
    const description = (json as { error?: { description?: string } }).error?.description ?? `HTTP ${response.status}`;
    throw new GatewayError(`Razorpay: ${description}`, response.status);
  }
  return json as T;
}

export const razorpay = {
  createOrder: (keys: RazorpayKeys, order: { amount: number; receipt: string; notes: Record<string, string> }) =>
    call<RazorpayOrder>(keys, "POST", "/orders", { ...order, currency: "INR" }),
  orderPayments: async (keys: RazorpayKeys, orderId: string) =>
    (await call<{ items: RazorpayPayment[] }>(keys, "GET", `/orders/${encodeURIComponent(orderId)}/payments`)).items,
  payment: (keys: RazorpayKeys, paymentId: string) => call<RazorpayPayment>(keys, "GET", `/payments/${encodeURIComponent(paymentId)}`),
  refund: (keys: RazorpayKeys, paymentId: string, refund: { amount: number; receipt: string; notes: Record<string, string> }) =>
    call<RazorpayRefund>(keys, "POST", `/payments/${encodeURIComponent(paymentId)}/refund`, refund),
  refunds: async (keys: RazorpayKeys, paymentId: string) =>
    (await call<{ items: RazorpayRefund[] }>(keys, "GET", `/payments/${encodeURIComponent(paymentId)}/refunds`)).items,
};

/** Hex HMAC-SHA256 compared in constant time; false for anything that is not the right length. */
export function hmacMatches(secret: string, message: string, signature: unknown): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac("sha256", secret).update(message).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

/** Checkout's signature: over OUR stored Razorpay order id and the payment id, with the key secret. */
export const checkoutSignatureValid = (keySecret: string, storedOrderId: string, paymentId: string, signature: unknown) =>
  hmacMatches(keySecret, `${storedOrderId}|${paymentId}`, signature);

/** A webhook's signature: over the raw body, with the webhook secret. */
export const webhookSignatureValid = (webhookSecret: string, rawBody: string, signature: unknown) =>
  hmacMatches(webhookSecret, rawBody, signature);

import { createHmac, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { gatewayEndpoints } from "./endpoints.server";
import { GatewayError, readGatewayAnswer } from "./gateway-error.server";
import {
  razorpayCollection,
  RazorpayErrorSchema,
  RazorpayOrderSchema,
  RazorpayPaymentSchema,
  RazorpayRefundSchema,
} from "./razorpay-schemas.server";

export { GatewayError };

/**
 * Razorpay's Orders, Payments and Refunds APIs over fetch: Basic auth with the key id and secret, a
 * base address that is a setting (the npm SDK hard-codes its host), signatures compared in
 * constant time, and each answer checked against the fields we read (razorpay-schemas.server.ts).
 */
export type RazorpayKeys = { keyId: string; keySecret: string };

export type RazorpayPayment = z.output<typeof RazorpayPaymentSchema>;

async function call<T extends z.ZodType>(
  keys: RazorpayKeys,
  request: { method: "GET" | "POST"; path: string; body?: unknown },
  answer: { what: string; schema: T },
): Promise<z.output<T>> {
  const { method, path, body } = request;
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
    const description = RazorpayErrorSchema.safeParse(json).data?.error.description ?? `HTTP ${response.status}`;
    throw new GatewayError(`Razorpay: ${description}`, response.status);
  }
  return readGatewayAnswer("Razorpay", answer.what, answer.schema, json);
}

export const razorpay = {
  createOrder: (keys: RazorpayKeys, order: { amount: number; receipt: string; notes: Record<string, string> }) =>
    call(
      keys,
      { method: "POST", path: "/orders", body: { ...order, currency: "INR" } },
      { what: "a new order", schema: RazorpayOrderSchema },
    ),
  orderPayments: async (keys: RazorpayKeys, orderId: string) =>
    (
      await call(
        keys,
        { method: "GET", path: `/orders/${encodeURIComponent(orderId)}/payments` },
        { what: "an order's payments", schema: razorpayCollection(RazorpayPaymentSchema) },
      )
    ).items,
  payment: (keys: RazorpayKeys, paymentId: string) =>
    call(keys, { method: "GET", path: `/payments/${encodeURIComponent(paymentId)}` }, { what: "a payment", schema: RazorpayPaymentSchema }),
  refund: (keys: RazorpayKeys, paymentId: string, refund: { amount: number; receipt: string; notes: Record<string, string> }) =>
    call(
      keys,
      { method: "POST", path: `/payments/${encodeURIComponent(paymentId)}/refund`, body: refund },
      { what: "a new refund", schema: RazorpayRefundSchema },
    ),
  refunds: async (keys: RazorpayKeys, paymentId: string) =>
    (
      await call(
        keys,
        { method: "GET", path: `/payments/${encodeURIComponent(paymentId)}/refunds` },
        { what: "a payment's refunds", schema: razorpayCollection(RazorpayRefundSchema) },
      )
    ).items,
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

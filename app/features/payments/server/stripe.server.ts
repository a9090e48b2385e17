import Stripe from "stripe";
import type { z } from "zod";
import { gatewayEndpoints } from "./endpoints.server";
import { GatewayError, readGatewayAnswer } from "./gateway-error.server";
import { StripePaymentIntentSchema, StripeRefundSchema, StripeSessionSchema } from "./stripe-schemas.server";

/** Stripe's official SDK pointed at STRIPE_API_BASE (the real API, or a local fake in development and tests). */
export function stripeClient(secretKey: string) {
  const base = new URL(gatewayEndpoints().stripeApi);
  return new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === "https:" ? 443 : 80),
    protocol: base.protocol === "https:" ? "https" : "http",
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });
}

/**
 * The Stripe calls the store makes whose answers it reads, each answer checked against the fields
 * we read (stripe-schemas.server.ts). Whatever goes wrong is a GatewayError: the SDK's errors carry
 * Stripe's status code (0 when it could not be reached), an answer of another shape is a 502.
 */
export function stripeGateway(secretKey: string) {
  const stripe = stripeClient(secretKey);
  return {
    retrieveSession: (id: string) => ask("a checkout session", StripeSessionSchema, () => stripe.checkout.sessions.retrieve(id)),
    createSession: (params: Stripe.Checkout.SessionCreateParams, options: Stripe.RequestOptions) =>
      ask("a new checkout session", StripeSessionSchema, () => stripe.checkout.sessions.create(params, options)),
    retrievePaymentIntent: (id: string) => ask("a payment intent", StripePaymentIntentSchema, () => stripe.paymentIntents.retrieve(id)),
    createRefund: (params: Stripe.RefundCreateParams, options: Stripe.RequestOptions) =>
      ask("a new refund", StripeRefundSchema, () => stripe.refunds.create(params, options)),
  };
}

async function ask<T extends z.ZodType>(what: string, schema: T, call: () => Promise<unknown>): Promise<z.output<T>> {
  let answer: unknown;
  try {
    answer = await call();
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    throw new GatewayError(`Stripe: ${error instanceof Error ? error.message : String(error)}`, status ?? 0);
  }
  return readGatewayAnswer("Stripe", what, schema, answer);
}

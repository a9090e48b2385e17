import Stripe from "stripe";
import { gatewayEndpoints } from "./endpoints.server";

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

export type { Stripe };

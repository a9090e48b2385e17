import { getEnv } from "~/platform/env.server";

/**
 * Where the gateways are. Each address is a setting (RAZORPAY_API_BASE, RAZORPAY_CHECKOUT_JS,
 * STRIPE_API_BASE); unset, it is the real gateway's. server/index.ts sets them to the local fake
 * gateway when it runs one (FAKE_GATEWAY=on), before the app reads its settings.
 */
export function gatewayEndpoints() {
  const env = getEnv();
  return {
    razorpayApi: env.RAZORPAY_API_BASE ?? "https://api.razorpay.com",
    razorpayCheckoutJs: env.RAZORPAY_CHECKOUT_JS ?? "https://checkout.razorpay.com/v1/checkout.js",
    stripeApi: env.STRIPE_API_BASE ?? "https://api.stripe.com",
  };
}

/**
 * The origins a page that pays may talk to, for its Content Security Policy: Razorpay Checkout's
 * script, the frame it opens and the addresses it calls; Stripe Checkout is a redirect (a form's
 * target). With the real gateways these are their documented hosts; with a fake, its origin.
 */
export function paymentOrigins() {
  const { razorpayApi, razorpayCheckoutJs, stripeApi } = gatewayEndpoints();
  const origin = (url: string) => new URL(url).origin;
  const realRazorpay = origin(razorpayApi) === "https://api.razorpay.com";
  const realStripe = origin(stripeApi) === "https://api.stripe.com";
  return {
    script: [origin(razorpayCheckoutJs)],
    frame: realRazorpay ? ["https://api.razorpay.com", "https://checkout.razorpay.com"] : [origin(razorpayApi)],
    connect: realRazorpay ? ["https://api.razorpay.com", "https://lumberjack.razorpay.com"] : [origin(razorpayApi)],
    form: [realRazorpay ? "https://api.razorpay.com" : origin(razorpayApi), realStripe ? "https://checkout.stripe.com" : origin(stripeApi)],
  };
}

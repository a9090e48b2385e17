// `npm run fake-gateway`: the fake Razorpay + Stripe on 127.0.0.1 (never another interface: its control API has no auth).
import { askedFakeGatewayPort, startLocalFakeGateway, type WebhookTarget } from "./fake-gateway.ts";

function webhookTarget(name: string): WebhookTarget | undefined {
  const url = process.env[`FAKE_${name}_WEBHOOK_URL`];
  const secret = process.env[`FAKE_${name}_WEBHOOK_SECRET`];
  if (!url) return undefined;
  if (!URL.canParse(url) || !secret) {
    console.error(`FAKE_${name}_WEBHOOK_URL needs a valid URL and FAKE_${name}_WEBHOOK_SECRET a secret.`);
    process.exit(1);
  }
  return { url, secret };
}

// FAKE_GATEWAY_PORT, or 4010, or any free port when 4010 is taken (the address is printed below).
let port: number | undefined;
try {
  port = askedFakeGatewayPort(process.env.FAKE_GATEWAY_PORT);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const gateway = await startLocalFakeGateway(port, {
  razorpayWebhook: webhookTarget("RAZORPAY"),
  stripeWebhook: webhookTarget("STRIPE"),
  merchantName: process.env.FAKE_GATEWAY_MERCHANT_NAME || undefined,
});
const { razorpayWebhook, stripeWebhook } = gateway.state.config;
console.log(`Fake payment gateway (test mode) at ${gateway.url}
  Razorpay: RAZORPAY_API_BASE=${gateway.url}/razorpay  RAZORPAY_CHECKOUT_JS=${gateway.url}/razorpay/checkout.js
  Stripe:   new Stripe(key, { host: "127.0.0.1", port: ${new URL(gateway.url).port}, protocol: "http" })
  Webhooks: Razorpay → ${razorpayWebhook?.url ?? "(none)"}, Stripe → ${stripeWebhook?.url ?? "(none)"}`);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    gateway.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("fake gateway: could not close cleanly", error);
        process.exit(1);
      },
    );
  });
}

import { randomBytes } from "node:crypto";
import { getDb } from "~/platform/db/db.server";
import { getEnv } from "~/platform/env.server";
import { DEFAULT_PAYMENT_SETTINGS, type PaymentSettings } from "~/features/payments/domain/payment-settings";
import { seal } from "~/platform/secret-box.server";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import { getGatewayKeys } from "~/features/settings/server/payment-settings.server";

/**
 * With the local fake gateway (FAKE_GATEWAY=on, this machine only), a store whose payment settings
 * were never saved gets test keys for Razorpay and Stripe, switched on, so a fresh clone takes UPI and
 * card payments at once. Returns where and how the fake signs its webhooks (the stored secrets).
 */
async function fakeGatewayTargets() {
  const env = getEnv();
  if (env.FAKE_GATEWAY !== "on") throw new Error("the fake gateway is off");
  const saved = await getDb().selectFrom("setting").select("key").where("key", "=", "payment").executeTakeFirst();
  if (!saved) {
    const secret = (prefix: string) => `${prefix}${randomBytes(18).toString("base64url")}`;
    const settings: PaymentSettings = {
      ...structuredClone(DEFAULT_PAYMENT_SETTINGS),
      razorpay: { enabled: true, apiKey: "rzp_test_angle_local", secretKey: seal(secret("")), webhookSecret: seal(secret("")) },
      stripe: { enabled: true, apiKey: "pk_test_angle_local", secretKey: seal(secret("sk_test_")), webhookSecret: seal(secret("whsec_")) },
    };
    await saveSetting("payment", settings);
  }
  const [razorpay, stripe] = await Promise.all([getGatewayKeys("razorpay"), getGatewayKeys("stripe")]);
  return {
    razorpayWebhook: razorpay?.webhookSecret ? { url: `${env.BASE_URL}/webhooks/razorpay`, secret: razorpay.webhookSecret } : undefined,
    stripeWebhook: stripe?.webhookSecret ? { url: `${env.BASE_URL}/webhooks/stripe`, secret: stripe.webhookSecret } : undefined,
  };
}

/**
 * Tells the local fake gateway where to send webhooks and with which secrets (those in Payment
 * Settings), seeding test keys on a fresh store first. Called at start (server/index.ts, and the
 * development server), and again when an admin saves a gateway's keys. Only with FAKE_GATEWAY=on.
 */
export async function connectFakeGateway() {
  const env = getEnv();
  if (env.FAKE_GATEWAY !== "on" || !env.STRIPE_API_BASE) return;
  const targets = await fakeGatewayTargets();
  const response = await fetch(`${new URL(env.STRIPE_API_BASE).origin}/__control/config`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ razorpayWebhook: targets.razorpayWebhook ?? null, stripeWebhook: targets.stripeWebhook ?? null }),
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`the fake gateway refused its configuration (${response.status})`);
}

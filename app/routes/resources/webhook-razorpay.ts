import type { Route } from "./+types/webhook-razorpay";
import { readWebhook, webhookResponse } from "~/features/payments/web/webhook-body.server";
import { handleRazorpayWebhook } from "~/features/payments/server/webhooks.server";

/** Razorpay's webhooks: the raw body is verified with the webhook secret before anything is believed. */
export async function action({ request }: Route.ActionArgs) {
  const raw = await readWebhook(request);
  if (typeof raw !== "string") return raw;
  return webhookResponse(await handleRazorpayWebhook(raw, request.headers));
}

export const loader = () => new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });

import type { Route } from "./+types/webhook-stripe";
import { readWebhook, webhookResponse } from "~/features/payments/web/webhook-body.server";
import { handleStripeWebhook } from "~/features/payments/server/webhooks.server";

/** Stripe's webhooks: the raw body is verified with the endpoint's signing secret before anything is believed. */
export async function action({ request }: Route.ActionArgs) {
  const raw = await readWebhook(request);
  if (typeof raw !== "string") return raw;
  return webhookResponse(await handleStripeWebhook(raw, request.headers));
}

export const loader = () => new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });

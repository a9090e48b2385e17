import type { WebhookAnswer } from "~/features/payments/server/webhooks.server";

/** Webhook bodies are small JSON documents; anything bigger is not one. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/** The exact bytes the gateway signed, as text, or the response refusing them. */
export async function readWebhook(request: Request): Promise<string | Response> {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_WEBHOOK_BYTES) return new Response("Too large", { status: 413 });
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_WEBHOOK_BYTES) return new Response("Too large", { status: 413 });
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
}

export const webhookResponse = (a: WebhookAnswer) =>
  new Response(a.body, { status: a.status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

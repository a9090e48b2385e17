import { sign } from "node:crypto";
import { log } from "~/platform/log.server";
import { recordOndcMessage } from "./message-log.server";
import { answerChallenge, OnSubscribeBodySchema } from "./on-subscribe.server";
import { type OndcConfig, ondcConfig } from "./ondc-config.server";

/**
 * Our side of joining ONDC's registry (docs/decisions/073-ondc-calls.md): the page the registry reads
 * our signed request id from, and the answer to its `on_subscribe` challenge.
 */

/** A challenge call is a small JSON object; anything bigger is not one. */
export const MAX_ON_SUBSCRIBE_BYTES = 16 * 1024;

/** The answer to the registry: a status and a JSON body (web/ondc-call.server.ts makes it a Response). */
export type OnSubscribeAnswer = { status: number; body: unknown };
const json = (body: unknown, status: number): OnSubscribeAnswer => ({ status, body });

/** ONDC_REQUEST_ID signed with our signing key (ed25519, no digest), base64: what the registry checks. */
export function signedRequestId(requestId: string, config: Pick<OndcConfig, "signer">): string {
  return sign(null, Buffer.from(requestId), config.signer.privateKey).toString("base64");
}

/**
 * `ondc-site-verification.html`: the onboarding guide's page, one meta tag `ondc-site-verification`
 * holding our signed request id. A 404 until ONDC and ONDC_REQUEST_ID are set.
 */
export function siteVerificationPage(config: OndcConfig | null = ondcConfig()): Response {
  if (!config?.requestId) return new Response("Not found", { status: 404 });
  // Base64 has no character that needs escaping in a quoted attribute.
  const html = `<!DOCTYPE html>\n<html>\n<head>\n<meta name="ondc-site-verification" content="${signedRequestId(config.requestId, config)}" />\n</head>\n<body>ONDC Site Verification Page</body>\n</html>\n`;
  return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * `POST /ondc/on_subscribe`: the registry's challenge, decrypted with our encryption key and its
 * public key, answered `{ "answer": … }`. A body that is not a challenge for us is a 400; a challenge
 * that does not decrypt (not made for our key) a 401. Each is logged, without the answer.
 */
export async function handleOnSubscribe(text: string | "too-large", config: OndcConfig | null = ondcConfig()): Promise<OnSubscribeAnswer> {
  if (!config) return { status: 404, body: { error: "Not found" } };
  if (text === "too-large") return json({ error: "too large" }, 413);
  const entry = { direction: "in" as const, action: "on_subscribe", counterparty: "registry", signature: "unsigned" as const, body: text };
  const refuse = async (status: number, reason: string) => {
    log.warn({ reason }, "the registry's on_subscribe challenge was refused");
    await recordOndcMessage({ ...entry, reason, httpStatus: status }).catch(() => {});
    return json({ error: reason }, status);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refuse(400, "the body is not JSON");
  }
  const body = OnSubscribeBodySchema.safeParse(raw);
  if (!body.success) return refuse(400, "the body is not an on_subscribe challenge");
  if (body.data.subscriber_id !== config.subscriberId) return refuse(400, `the challenge is for ${body.data.subscriber_id}, not us`);
  const result = answerChallenge(body.data.challenge, {
    encryptionPrivateKey: config.encryptionPrivateKey,
    registryPublicKey: config.registryPublicKey,
  });
  if (!result.ok) return refuse(401, result.reason);
  await recordOndcMessage({ ...entry, httpStatus: 200 }).catch((error: unknown) =>
    log.error({ err: error }, "the ONDC message log could not be written"),
  );
  return json({ answer: result.answer }, 200);
}

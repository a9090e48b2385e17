import { type JsonAnswer, nack, ack, parseObject, postJson, startJsonServer } from "./http.ts";
import type { ParticipantKeys } from "./keys.ts";
import type { RegistryClient } from "./registry-client.ts";
import { createAuthorizationHeader, type VerifyResult } from "./signature.ts";

export type Delivery = { bppId: string; url: string; status: number | "unreachable"; answer: unknown };

export type Gateway = {
  url: string;
  subscriberId: string;
  /** Every search passed on to a seller: to whom, and the seller's synchronous answer. */
  deliveries: Delivery[];
  /** Waits until every search accepted so far has been passed on. */
  idle(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The gateway (BG). It serves `search` only: it checks the buyer app's signature against the registry
 * (and that the signer is the context's bap_id), answers ACK at once, then sends the same bytes to every
 * seller app (BPP) the registry lists for the context's domain and city, or to the one named in bpp_id,
 * with the buyer's Authorization header and its own X-Gateway-Authorization over the same body (developer-docs,
 * registry/signing-verification.md, "X-Gateway-Authorization Header"). Everything else is the sellers' and
 * buyers' business: on_search goes from the seller to the buyer app directly.
 */
export async function startGateway(options: { subscriberId: string; keys: ParticipantKeys; registry: RegistryClient }): Promise<Gateway> {
  const deliveries: Delivery[] = [];
  const pending = new Set<Promise<void>>();
  const signer = { subscriberId: options.subscriberId, uniqueKeyId: options.keys.uniqueKeyId, privateKey: options.keys.signingPrivateKey };

  const broadcast = async (body: Buffer, context: Record<string, unknown>, authorization: string) => {
    const sellers = await options.registry.lookup({
      type: "BPP",
      domain: String(context.domain),
      city: String(context.city),
      ...(typeof context.bpp_id === "string" ? { subscriber_id: context.bpp_id } : {}),
    });
    const targets = new Map(sellers.map((entry) => [`${entry.subscriber_id} ${entry.subscriber_url}`, entry]));
    await Promise.all(
      [...targets.values()].map(async (entry) => {
        const url = `${entry.subscriber_url}/search`;
        try {
          const answer = await postJson(url, body.toString("utf8"), {
            authorization,
            "x-gateway-authorization": createAuthorizationHeader(signer, body),
          });
          deliveries.push({ bppId: entry.subscriber_id, url, status: answer.status, answer: answer.body });
        } catch (error) {
          deliveries.push({ bppId: entry.subscriber_id, url, status: "unreachable", answer: String(error) });
        }
      }),
    );
  };

  const server = await startJsonServer(async ({ path, headers, body }): Promise<JsonAnswer> => {
    if (path !== "/search") return { status: 404, body: nack("10000", "the gateway serves search only") };
    const request = parseObject(body);
    const context = request?.context as Record<string, unknown> | undefined;
    if (!request || !context || typeof context !== "object") return { status: 400, body: nack("10000", "the body has no context") };
    if (context.action !== "search") return { status: 400, body: nack("10000", "context.action is not search") };
    if (typeof context.city !== "string" || !/^std:\d{2,5}$|^\*$/.test(context.city)) {
      return { status: 400, body: nack("10002", "context.city is not a city code") };
    }
    if (typeof context.domain !== "string") return { status: 400, body: nack("10000", "context.domain is missing") };
    const verified = await options.registry.verify(headers, body);
    if (!verified.ok || verified.subscriberId !== context.bap_id) return unauthorized(verified);
    const authorization = headers.authorization as string;
    const passing = broadcast(body, context, authorization).finally(() => pending.delete(passing));
    pending.add(passing);
    return { status: 200, body: ack() };
  });

  return {
    url: server.url,
    subscriberId: options.subscriberId,
    deliveries,
    idle: async () => {
      while (pending.size > 0) await Promise.all(pending);
    },
    close: async () => {
      await Promise.all(pending);
      await server.close();
    },
  };
}

/** ONDC's 10001 "Invalid Signature" (developer-docs, protocol-network-extension/error-codes.md), with the challenge header HTTP asks for on a 401. */
export function unauthorized(result: VerifyResult, code = "10001"): JsonAnswer {
  const reason = result.ok ? "the signer is not the sender the context names" : `signature ${result.reason}`;
  return {
    status: 401,
    body: nack(code, reason, "POLICY-ERROR"),
    headers: { "www-authenticate": 'Signature realm="ondc",headers="(created) (expires) digest"' },
  };
}

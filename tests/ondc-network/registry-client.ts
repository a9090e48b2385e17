import type { KeyObject } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { signingPublicKeyFrom } from "./keys.ts";
import { postJson } from "./http.ts";
import type { RegistryEntry } from "./registry.ts";
import { type VerifyResult, verifyAuthorizationHeader } from "./signature.ts";

export type RegistryClient = {
  /** Entries the registry lists for these filters (lookup's fields: subscriber_id, ukId, type, domain, city, country). */
  lookup(filter: Partial<Record<"subscriber_id" | "ukId" | "type" | "domain" | "city" | "country", string>>): Promise<RegistryEntry[]>;
  /** The ed25519 key for a keyId's subscriber and unique key id, from the cache while it is fresh. */
  signingKey(subscriberId: string, uniqueKeyId: string): Promise<KeyObject | null>;
  /** Checks a request's Authorization (or X-Gateway-Authorization) header against the registry's key. */
  verify(headers: IncomingHttpHeaders, body: Buffer, header?: "authorization" | "x-gateway-authorization"): Promise<VerifyResult>;
};

/** How long a participant keeps a key it looked up: ONDC asks for a cache, and a key can be rotated. */
const KEY_CACHE_MS = 5 * 60 * 1000;

/**
 * A participant's view of the registry: lookups through the open `/lookup`, signing keys cached until the
 * sooner of five minutes and the key's valid_until. An unknown key is not cached, so a participant that
 * subscribes a moment later is found.
 */
export function createRegistryClient(registryUrl: string): RegistryClient {
  const cache = new Map<string, { key: KeyObject; until: number }>();
  const lookup: RegistryClient["lookup"] = async (filter) => {
    const answer = await postJson(`${registryUrl}/lookup`, JSON.stringify(filter));
    if (answer.status !== 200 || !Array.isArray(answer.body)) throw new Error(`registry lookup answered ${answer.status}`);
    return answer.body as RegistryEntry[];
  };
  const signingKey: RegistryClient["signingKey"] = async (subscriberId, uniqueKeyId) => {
    const name = `${subscriberId}|${uniqueKeyId}`;
    const cached = cache.get(name);
    if (cached && cached.until > Date.now()) return cached.key;
    const entry = (await lookup({ subscriber_id: subscriberId, ukId: uniqueKeyId }))[0];
    const key = entry ? signingPublicKeyFrom(entry.signing_public_key) : null;
    if (!entry || !key) return null;
    cache.set(name, { key, until: Math.min(Date.now() + KEY_CACHE_MS, Date.parse(entry.valid_until)) });
    return key;
  };
  return {
    lookup,
    signingKey,
    verify: (headers, body, header = "authorization") => {
      const value = headers[header];
      return verifyAuthorizationHeader(typeof value === "string" ? value : undefined, body, signingKey);
    },
  };
}

import { z } from "zod";
import { log } from "~/platform/log.server";
import { type OndcSigner, signOndcRequest } from "./sign-request.server";

/**
 * ONDC's registry, asked for a participant's keys by (subscriber_id, unique_key_id) through `/lookup`
 * (docs/decisions/071-ondc-seller-app.md, "Registry"). Every incoming call needs its sender's key, so
 * answers are kept: a found key until the entry's `valid_until`, at most `maxCacheSeconds`; a subscriber
 * the registry does not know for `negativeCacheSeconds`, so a stream of calls under a made-up keyId costs
 * one lookup a minute, not one each. A registry that fails or is slow is not remembered: the next call
 * asks again. Lookups of the same key at the same time share one request.
 */

const RegistryEntrySchema = z.object({
  subscriber_id: z.string(),
  subscriber_url: z.string().nullish(),
  type: z.string().nullish(),
  signing_public_key: z.string(),
  encr_public_key: z.string().nullish(),
  // The registry names the key's id `ukId` in lookup answers; `unique_key_id` is the subscribe form's name.
  ukId: z.string().nullish(),
  unique_key_id: z.string().nullish(),
  status: z.string().nullish(),
  valid_from: z.string().nullish(),
  valid_until: z.string().nullish(),
});
const LookupAnswerSchema = z.array(z.unknown());

export type RegistryKeyAnswer =
  | {
      found: true;
      signingPublicKey: string;
      encryptionPublicKey: string | null;
      validUntil: Date | null;
      /** The `subscriber_url` of each of the key's entries that lists it as a buyer app (type BAP, or untyped). */
      buyerAppUrls: string[];
      /** Whether an entry of the key lists it as a gateway (type BG): only a gateway may pass a search on. */
      gateway: boolean;
    }
  | { found: false; reason: "unknown-subscriber" | "registry-unavailable" };

export type RegistryClientOptions = {
  /** The full lookup address, e.g. `https://preprod.registry.ondc.org/v2.0/lookup`. */
  lookupUrl: string;
  /** Signs the lookup's body (the registry's v2.0 lookup asks for a signed request). */
  signer?: OndcSigner;
  /** Narrows the lookup, as the registry's lookup takes them (`country`, `domain`, `type`, `city`). */
  search?: Record<string, string>;
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
  maxCacheSeconds?: number;
  negativeCacheSeconds?: number;
  maxEntries?: number;
};

export type RegistryClient = {
  lookupKey(subscriberId: string, uniqueKeyId: string): Promise<RegistryKeyAnswer>;
};

type Cached = { answer: RegistryKeyAnswer; until: number };

export function createRegistryClient(options: RegistryClientOptions): RegistryClient {
  const fetchFn = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 5_000;
  const maxCacheMs = (options.maxCacheSeconds ?? 3600) * 1000;
  const negativeCacheMs = (options.negativeCacheSeconds ?? 60) * 1000;
  const maxEntries = options.maxEntries ?? 10_000;
  const cache = new Map<string, Cached>();
  const inFlight = new Map<string, Promise<RegistryKeyAnswer>>();

  function remember(key: string, answer: RegistryKeyAnswer, until: number) {
    cache.delete(key);
    cache.set(key, { answer, until });
    // The oldest entry goes first: made-up keyIds cannot grow the cache without bound.
    while (cache.size > maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
  }

  async function ask(subscriberId: string, uniqueKeyId: string): Promise<RegistryKeyAnswer> {
    const body = JSON.stringify({ ...options.search, subscriber_id: subscriberId, ukId: uniqueKeyId });
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (options.signer) headers.authorization = signOndcRequest(body, options.signer, { now: now() });
    let response: Response;
    let payload: unknown;
    try {
      response = await fetchFn(options.lookupUrl, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs) });
      payload = await response.json().catch(() => undefined);
    } catch (error) {
      log.warn({ err: error, subscriberId, uniqueKeyId }, "ONDC registry lookup failed");
      return { found: false, reason: "registry-unavailable" };
    }
    if (response.status === 404) return { found: false, reason: "unknown-subscriber" };
    const entries = LookupAnswerSchema.safeParse(payload);
    if (!response.ok || !entries.success) {
      log.warn({ status: response.status, subscriberId, uniqueKeyId }, "ONDC registry lookup answered with no list of entries");
      return { found: false, reason: "registry-unavailable" };
    }
    const at = now().getTime();
    const current: z.infer<typeof RegistryEntrySchema>[] = [];
    for (const item of entries.data) {
      const entry = RegistryEntrySchema.safeParse(item);
      if (!entry.success) continue;
      const e = entry.data;
      if (e.subscriber_id !== subscriberId || (e.ukId ?? e.unique_key_id) !== uniqueKeyId) continue;
      if (e.status && e.status !== "SUBSCRIBED") continue;
      const validFrom = e.valid_from ? Date.parse(e.valid_from) : Number.NaN;
      const validUntil = e.valid_until ? Date.parse(e.valid_until) : Number.NaN;
      if (!Number.isNaN(validFrom) && validFrom > at) continue;
      if (!Number.isNaN(validUntil) && validUntil <= at) continue;
      current.push(e);
    }
    const [first] = current;
    if (first) {
      const validUntil = first.valid_until ? Date.parse(first.valid_until) : Number.NaN;
      // One entry per type, domain and city: the key is the same in each, the buyer app's URL is in its BAP ones.
      const buyerAppUrls = current
        .filter((e) => (e.type ?? "BAP") === "BAP" && e.subscriber_url)
        .map((e) => registeredUrl(subscriberId, e.subscriber_url ?? ""));
      return {
        found: true,
        signingPublicKey: first.signing_public_key,
        encryptionPublicKey: first.encr_public_key ?? null,
        validUntil: Number.isNaN(validUntil) ? null : new Date(validUntil),
        buyerAppUrls: [...new Set(buyerAppUrls)],
        gateway: current.some((e) => e.type === "BG"),
      };
    }
    return { found: false, reason: "unknown-subscriber" };
  }

  return {
    async lookupKey(subscriberId, uniqueKeyId) {
      const key = JSON.stringify([subscriberId, uniqueKeyId]);
      const cached = cache.get(key);
      if (cached && cached.until > now().getTime()) return cached.answer;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const lookup = ask(subscriberId, uniqueKeyId)
        .then((answer) => {
          const at = now().getTime();
          if (answer.found) {
            const until = Math.min(at + maxCacheMs, answer.validUntil?.getTime() ?? Number.POSITIVE_INFINITY);
            remember(key, answer, until);
          } else if (answer.reason === "unknown-subscriber") {
            remember(key, answer, at + negativeCacheMs);
          } else {
            cache.delete(key);
          }
          return answer;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, lookup);
      return lookup;
    },
  };
}

/**
 * A registry's `subscriber_url` as a whole URL: ONDC's registry takes a path at subscribe and resolves it
 * under `https://<subscriber_id>`; an entry already whole (the test network's, decision 072) is kept.
 */
function registeredUrl(subscriberId: string, url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  return `https://${subscriberId}${url.startsWith("/") ? "" : "/"}${url}`;
}

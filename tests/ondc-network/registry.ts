import { randomBytes, timingSafeEqual, verify } from "node:crypto";
import { encryptChallenge, sharedKey } from "./challenge.ts";
import { encryptionPublicKeyFrom, generateParticipantKeys, signingPublicKeyFrom } from "./keys.ts";
import { ack, type JsonAnswer, nack, parseObject, postJson, startJsonServer } from "./http.ts";
import { verifyAuthorizationHeader } from "./signature.ts";

/**
 * A registry entry as ONDC's lookup answers it (developer-docs, registry/"Onboarding of Participants.md"
 * step 13, and the registry's lookup API on SwaggerHub, ONDC-Registry-Onboarding 2.1.0): one row per
 * subscriber, key, domain, type and city. `ukId` is the lookup's name for the unique key id;
 * `unique_key_id` (the subscribe call's name) is there too, so a reader of either name finds it.
 */
export type RegistryEntry = {
  subscriber_id: string;
  subscriber_url: string;
  type: "BAP" | "BPP" | "BG";
  domain: string;
  city: string;
  country: string;
  signing_public_key: string;
  encr_public_key: string;
  valid_from: string;
  valid_until: string;
  status: "SUBSCRIBED";
  ukId: string;
  unique_key_id: string;
  br_id: string;
  created: string;
  updated: string;
};

export type Admission = Pick<
  RegistryEntry,
  "subscriber_id" | "subscriber_url" | "type" | "domain" | "city" | "signing_public_key" | "encr_public_key" | "ukId"
> &
  Partial<Pick<RegistryEntry, "country" | "valid_from" | "valid_until">>;

export type Registry = {
  url: string;
  /** The registry's X25519 public key (base64 DER): a subscriber needs it to answer the challenge, as ONDC publishes its own. */
  encryptionPublicKey: string;
  entries: RegistryEntry[];
  /** Lookup calls answered (lookup, v2.0/lookup and vlookup), so a test can see a participant's cache at work. */
  lookups: number;
  /** Puts a participant in the registry without the subscribe call: how ONDC lists its own gateway. */
  admit(admission: Admission): RegistryEntry;
  close(): Promise<void>;
};

const PARTICIPANT_TYPES: Record<string, "BAP" | "BPP"> = { buyerApp: "BAP", sellerApp: "BPP" };
// ops_no 1 registers a buyer app, 2 a seller app, 4 both (3 and 5 are withdrawn): the onboarding page's list.
const TYPES_BY_OPERATION: Record<number, string[]> = { 1: ["buyerApp"], 2: ["sellerApp"], 4: ["buyerApp", "sellerApp"] };
const VLOOKUP_TYPES: Record<string, "BAP" | "BPP" | "BG"> = { buyerApp: "BAP", sellerApp: "BPP", gateway: "BG" };

/**
 * The local registry. `subscribe` checks the request, sends the `on_subscribe` challenge and lists the
 * subscriber once the answer matches; `lookup` (open, as ONDC's deprecated one), `v2.0/lookup` (signed by a
 * listed participant) and `vlookup` (its search parameters signed) answer entries. Two liberties for a
 * loopback network, both in tests/ondc-network/README.md: `callback_url` and `subscriber_url` may be whole
 * URLs (there is no https://<subscriber_id> to resolve them against), and the ondc-site-verification.html
 * check and the TLS checks are left out.
 */
export async function startRegistry(): Promise<Registry> {
  const keys = generateParticipantKeys();
  const entries: RegistryEntry[] = [];
  const state = { lookups: 0 };

  const admit = (admission: Admission): RegistryEntry => {
    const now = new Date().toISOString();
    const entry: RegistryEntry = {
      country: "IND",
      valid_from: now,
      valid_until: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString(),
      ...admission,
      status: "SUBSCRIBED",
      unique_key_id: admission.ukId,
      br_id: `${admission.subscriber_id}.${admission.type}.${admission.domain}.${admission.city}`,
      created: now,
      updated: now,
    };
    const same = entries.findIndex(
      (e) =>
        e.subscriber_id === entry.subscriber_id &&
        e.ukId === entry.ukId &&
        e.type === entry.type &&
        e.domain === entry.domain &&
        e.city === entry.city,
    );
    if (same >= 0) entries.splice(same, 1, entry);
    else entries.push(entry);
    return entry;
  };

  const current = () => {
    const now = Date.now();
    return entries.filter((e) => Date.parse(e.valid_from) <= now && now < Date.parse(e.valid_until));
  };

  const matching = (filter: Record<string, unknown>) =>
    current().filter(
      (e) =>
        (filter.subscriber_id === undefined || filter.subscriber_id === e.subscriber_id) &&
        (filter.ukId === undefined || filter.ukId === e.ukId) &&
        (filter.type === undefined || filter.type === e.type) &&
        (filter.domain === undefined || filter.domain === e.domain) &&
        (filter.country === undefined || filter.country === e.country) &&
        // An entry for city "*" serves every city.
        (filter.city === undefined || e.city === "*" || filter.city === e.city),
    );

  const signingKeyOf = async (subscriberId: string, uniqueKeyId: string) => {
    const entry = current().find((e) => e.subscriber_id === subscriberId && e.ukId === uniqueKeyId);
    return entry ? signingPublicKeyFrom(entry.signing_public_key) : null;
  };

  const subscribe = async (body: Record<string, unknown>): Promise<JsonAnswer> => {
    const request = readSubscription(body);
    if (typeof request === "string") return { status: 400, body: nack("1050", request, "POLICY-ERROR") };
    const challenge = randomBytes(24).toString("base64url");
    const key = sharedKey(keys.encryptionPrivateKey, request.encryptionKey);
    let answer: unknown;
    try {
      const reply = await postJson(
        `${resolve(request.subscriberId, request.callbackUrl)}/on_subscribe`,
        JSON.stringify({ subscriber_id: request.subscriberId, challenge: encryptChallenge(challenge, key) }),
      );
      answer = reply.status === 200 ? (reply.body as { answer?: unknown } | null)?.answer : undefined;
    } catch {
      answer = undefined;
    }
    if (typeof answer !== "string" || !sameText(answer, challenge)) {
      return { status: 400, body: nack("1050", `${request.subscriberId}: encryption verification failed`, "POLICY-ERROR") };
    }
    for (const participant of request.participants) {
      for (const city of participant.cities) {
        admit({
          subscriber_id: request.subscriberId,
          subscriber_url: resolve(request.subscriberId, participant.subscriberUrl),
          type: participant.type,
          domain: participant.domain,
          city,
          signing_public_key: request.signingPublicKey,
          encr_public_key: request.encryptionPublicKey,
          ukId: request.uniqueKeyId,
          valid_from: request.validFrom,
          valid_until: request.validUntil,
        });
      }
    }
    return { status: 200, body: ack() };
  };

  const vlookup = (body: Record<string, unknown>): JsonAnswer => {
    const sender = body.sender_subscriber_id;
    const signature = body.signature;
    const search = body.search_parameters as Record<string, unknown> | undefined;
    if (typeof sender !== "string" || typeof signature !== "string" || !search || typeof search !== "object") {
      return { status: 400, body: nack("1000", "vlookup needs sender_subscriber_id, signature and search_parameters") };
    }
    const fields = ["country", "domain", "type", "city", "subscriber_id"].map((name) => search[name]);
    if (!fields.every((field) => typeof field === "string")) return { status: 400, body: nack("1000", "a search parameter is missing") };
    // The sender signs "country|domain|type|city|subscriber_id" with its ed25519 key, without hashing.
    const signed = Buffer.from(fields.join("|"));
    const senderKeys = new Set(current().flatMap((e) => (e.subscriber_id === sender ? [e.signing_public_key] : [])));
    const verified = [...senderKeys].some((publicKey) => {
      const key = signingPublicKeyFrom(publicKey);
      return key !== null && verify(null, signed, key, Buffer.from(signature, "base64"));
    });
    if (!verified) return { status: 401, body: nack("1001", "the vlookup signature does not verify") };
    const [country, domain, type, city, subscriberId] = fields as string[];
    const entryType = VLOOKUP_TYPES[type ?? ""];
    if (!entryType) return { status: 400, body: nack("1000", "type is buyerApp, sellerApp or gateway") };
    return { status: 200, body: matching({ country, domain, type: entryType, city, subscriber_id: subscriberId }) };
  };

  const server = await startJsonServer(async ({ path, headers, body }) => {
    const parsed = parseObject(body);
    if (!parsed) return { status: 400, body: nack("1000", "the body is not a JSON object") };
    switch (path) {
      case "/subscribe":
        return subscribe(parsed);
      case "/lookup":
        state.lookups++;
        return { status: 200, body: matching(parsed) };
      case "/v2.0/lookup": {
        state.lookups++;
        const result = await verifyAuthorizationHeader(headers.authorization, body, signingKeyOf);
        if (!result.ok) return { status: 401, body: nack("1001", `lookup signature: ${result.reason}`) };
        return { status: 200, body: matching(parsed) };
      }
      case "/vlookup":
        state.lookups++;
        return vlookup(parsed);
      default:
        return { status: 404, body: nack("1000", `no ${path} here`) };
    }
  });

  return {
    url: server.url,
    encryptionPublicKey: keys.encryptionPublicKey,
    entries,
    get lookups() {
      return state.lookups;
    },
    admit,
    close: server.close,
  };
}

type Subscription = {
  subscriberId: string;
  uniqueKeyId: string;
  callbackUrl: string;
  signingPublicKey: string;
  encryptionPublicKey: string;
  encryptionKey: NonNullable<ReturnType<typeof encryptionPublicKeyFrom>>;
  validFrom: string;
  validUntil: string;
  participants: { subscriberUrl: string; type: "BAP" | "BPP"; domain: string; cities: string[] }[];
};

/** The subscribe request's fields (the onboarding page's ops_no 1, 2 and 4 examples), or what is wrong with it. */
function readSubscription(body: Record<string, unknown>): Subscription | string {
  const operation = (body.context as { operation?: { ops_no?: unknown } } | undefined)?.operation?.ops_no;
  const allowed = typeof operation === "number" ? TYPES_BY_OPERATION[operation] : undefined;
  if (!allowed) return "context.operation.ops_no is 1, 2 or 4";
  const message = body.message as Record<string, unknown> | undefined;
  const entity = message?.entity as Record<string, unknown> | undefined;
  const keyPair = entity?.key_pair as Record<string, unknown> | undefined;
  const subscriberId = entity?.subscriber_id;
  const uniqueKeyId = entity?.unique_key_id;
  const callbackUrl = entity?.callback_url;
  if (typeof message?.request_id !== "string") return "message.request_id is missing";
  if (typeof subscriberId !== "string" || subscriberId === "") return "entity.subscriber_id is missing";
  if (typeof uniqueKeyId !== "string" || uniqueKeyId === "") return "entity.unique_key_id is missing";
  if (typeof callbackUrl !== "string") return "entity.callback_url is missing";
  const signingPublicKey = keyPair?.signing_public_key;
  const encryptionPublicKey = keyPair?.encryption_public_key;
  if (typeof signingPublicKey !== "string" || !signingPublicKeyFrom(signingPublicKey))
    return "key_pair.signing_public_key is not an ed25519 key";
  const encryptionKey = typeof encryptionPublicKey === "string" ? encryptionPublicKeyFrom(encryptionPublicKey) : null;
  if (typeof encryptionPublicKey !== "string" || !encryptionKey) return "key_pair.encryption_public_key is not an X25519 key";
  const validFrom = keyPair?.valid_from;
  const validUntil = keyPair?.valid_until;
  if (typeof validFrom !== "string" || Number.isNaN(Date.parse(validFrom))) return "key_pair.valid_from is not a time";
  if (typeof validUntil !== "string" || !(Date.parse(validUntil) > Date.parse(validFrom)))
    return "key_pair.valid_until is not after valid_from";
  const listed = message.network_participant;
  if (!Array.isArray(listed) || listed.length === 0) return "message.network_participant is empty";
  const participants: Subscription["participants"] = [];
  for (const [index, item] of listed.entries()) {
    const participant = item as Record<string, unknown>;
    const type = participant.type;
    if (typeof type !== "string" || !allowed.includes(type)) return `network_participant[${index}].type does not fit ops_no ${operation}`;
    const cities = participant.city_code;
    if (!Array.isArray(cities) || cities.length === 0 || !cities.every((c) => typeof c === "string")) {
      return `network_participant[${index}].city_code is empty`;
    }
    if (typeof participant.domain !== "string" || typeof participant.subscriber_url !== "string") {
      return `network_participant[${index}] needs domain and subscriber_url`;
    }
    participants.push({
      subscriberUrl: participant.subscriber_url,
      type: PARTICIPANT_TYPES[type] ?? "BAP",
      domain: participant.domain,
      cities: cities as string[],
    });
  }
  return {
    subscriberId,
    uniqueKeyId,
    callbackUrl,
    signingPublicKey,
    encryptionPublicKey,
    encryptionKey,
    validFrom,
    validUntil,
    participants,
  };
}

/** A whole URL as it is; a path against https://<subscriber_id>, as on ONDC's network. */
function resolve(subscriberId: string, url: string) {
  if (/^https?:\/\//.test(url)) return url.replace(/\/$/, "");
  return `https://${subscriberId}${url.startsWith("/") ? "" : "/"}${url}`.replace(/\/$/, "");
}

function sameText(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

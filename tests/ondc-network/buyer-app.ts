import { randomUUID } from "node:crypto";
import { decryptChallenge, sharedKey } from "./challenge.ts";
import { type CallbackIssue, checkCallback, isCallbackAction } from "./callback-check.ts";
import { unauthorized } from "./gateway.ts";
import { ack, isAck, type JsonAnswer, nack, type PostAnswer, parseObject, postJson, startJsonServer } from "./http.ts";
import { encryptionPublicKeyFrom, type ParticipantKeys } from "./keys.ts";
import type { RegistryClient } from "./registry-client.ts";
import { createAuthorizationHeader } from "./signature.ts";

/**
 * The calls a buyer app makes of a seller app, each answered later by its `on_` twin (ONDC retail 1.2 / AGR10),
 * and the grievance calls of ONDC's IGM, which has its own core version.
 */
const ACTIONS = ["search", "select", "init", "confirm", "status", "track", "cancel", "update", "rating", "issue", "issue_status"] as const;
export type Action = (typeof ACTIONS)[number];
const IGM_CORE_VERSION = "1.0.0";

export type OndcContext = {
  domain: string;
  country: string;
  city: string;
  action: string;
  core_version: string;
  bap_id: string;
  bap_uri: string;
  bpp_id?: string;
  bpp_uri?: string;
  transaction_id: string;
  message_id: string;
  timestamp: string;
  ttl: string;
};

export type OndcMessage = { context: OndcContext; message?: Record<string, unknown>; error?: Record<string, unknown> };
export type Seller = { id: string; uri: string };
/**
 * A callback the buyer app received: what came, whether its signature verified, and what it broke of ONDC's
 * schemas (tests/ondc-network/schemas.ts) if anything. It was ACKed only when verified and valid.
 */
export type Inbound = { action: string; status: number; verified: boolean; body: unknown; issues?: CallbackIssue[] };
/** A callback whose signature verified but which is not what ONDC requires: NACKed, never collected. */
export type InvalidCallback = { action: string; body: OndcMessage; issues: CallbackIssue[] };
export type Outbound = { action: Action; url: string; body: OndcMessage; answer: PostAnswer };
export type Sent = { messageId: string; answer: PostAnswer; callback(): Promise<OndcMessage> };

/** A journey step whose `on_` callback came but broke ONDC's schemas; `issues` says how. */
export class OndcInvalidCallbackError extends Error {
  readonly action: string;
  readonly issues: CallbackIssue[];
  constructor(action: string, issues: CallbackIssue[]) {
    super(`${action} is not valid: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ")}`);
    this.action = action;
    this.issues = issues;
  }
}

export class OndcNackError extends Error {
  readonly action: string;
  readonly answer: PostAnswer;
  constructor(action: string, answer: PostAnswer) {
    super(`${action} was not acknowledged: ${answer.status} ${JSON.stringify(answer.body)}`);
    this.action = action;
    this.answer = answer;
  }
}

export type BuyerApp = {
  /** bap_uri: the callbacks are `${uri}/on_search` and so on. */
  uri: string;
  subscriberId: string;
  keys: ParticipantKeys;
  received: Inbound[];
  sent: Outbound[];
  /** Every call sent and every callback accepted, in order: the log to check against ONDC's schemas (tools/ondc-validate-messages.ts). */
  messages(): OndcMessage[];
  /** The verified callbacks that broke ONDC's schemas, with why: a test of a seller expects this to be empty. */
  invalid(): InvalidCallback[];
  context(action: string, ids: { transactionId?: string; messageId?: string; seller?: Seller }): OndcContext;
  /** Sends a call and returns the seller's (or gateway's) answer at once; `callback()` waits for its on_ reply. */
  send(action: Action, seller: Seller | null, transactionId: string, message: Record<string, unknown>): Promise<Sent>;
  /** The first verified callback, already come or still to come, that `matches`; rejects after the timeout. */
  waitFor(matches: (callback: OndcMessage) => boolean, timeoutMs?: number): Promise<OndcMessage>;
  /** Search through the gateway; waits for `expect` on_search answers (1 unless told). */
  search(
    intent: Record<string, unknown>,
    options?: { expect?: number; timeoutMs?: number },
  ): Promise<{ transactionId: string; messageId: string; catalogues: OndcMessage[] }>;
  select: JourneyStep;
  init: JourneyStep;
  confirm: JourneyStep;
  status: JourneyStep;
  track: JourneyStep;
  cancel: JourneyStep;
  update: JourneyStep;
  rating: JourneyStep;
  issue: JourneyStep;
  issueStatus: JourneyStep;
  /** Subscribes through the registry's subscribe call as a buyer app (ops_no 1) and waits for its ACK. */
  subscribe(registryUrl: string, cities: string[]): Promise<PostAnswer>;
  close(): Promise<void>;
};

/**
 * One step of a journey: sends the call (a NACK throws OndcNackError) and resolves with its on_ callback (one
 * that breaks ONDC's schemas throws OndcInvalidCallbackError).
 */
type JourneyStep = (seller: Seller, transactionId: string, message: Record<string, unknown>) => Promise<OndcMessage>;

const DEFAULT_TIMEOUT_MS = 10_000;

/** The seller a catalogue or any callback came from, to address the next call of the journey. */
export function sellerOf(callback: OndcMessage): Seller {
  const { bpp_id: id, bpp_uri: uri } = callback.context;
  if (!id || !uri) throw new Error("the callback's context names no seller");
  return { id, uri };
}

/**
 * The buyer app (BAP). It signs each call, sends search to the gateway and the rest to the seller's
 * bpp_uri, and serves the `on_` callbacks under `<uri>/on_<action>`: each is ACKed only when its
 * signature verifies against the registry and the signer is the context's bpp_id (else 401, ONDC's 20001),
 * and is addressed to this app with the action its path names (else 400). Callbacks are matched to calls
 * by transaction_id and message_id, as the protocol pairs them.
 */
export async function startBuyerApp(options: {
  subscriberId: string;
  keys: ParticipantKeys;
  registry: RegistryClient;
  /** The registry's X25519 public key, for the on_subscribe challenge. */
  registryEncryptionKey: string;
  gatewayUrl: string;
  domain: string;
  city: string;
  coreVersion: string;
  /**
   * "enforce" (the default) NACKs a callback that breaks ONDC's schemas, as a buyer app on ONDC may; "record"
   * ACKs it and only records it in `invalid()`, so a journey under development runs on and shows all its faults.
   */
  schemas?: "enforce" | "record";
}): Promise<BuyerApp> {
  const received: Inbound[] = [];
  const sent: Outbound[] = [];
  type Waiter = {
    matches: (callback: OndcMessage) => boolean;
    resolve: (callback: OndcMessage) => void;
    refuse?: (invalid: InvalidCallback) => void;
  };
  const waiters = new Set<Waiter>();
  const verifiedCallbacks: OndcMessage[] = [];
  const invalid: InvalidCallback[] = [];
  const log: OndcMessage[] = [];
  /** The calls sent, recorded before they leave: a seller may call back before its ACK reaches us. */
  const calls: OndcMessage[] = [];
  const signer = { subscriberId: options.subscriberId, uniqueKeyId: options.keys.uniqueKeyId, privateKey: options.keys.signingPrivateKey };
  const registryKey = encryptionPublicKeyFrom(options.registryEncryptionKey);
  if (!registryKey) throw new Error("the registry's encryption key is not an X25519 key");
  let uri = "";

  const onCallback = async (action: string, headers: Parameters<RegistryClient["verify"]>[0], body: Buffer): Promise<JsonAnswer> => {
    const parsed = parseObject(body) as OndcMessage | null;
    const context = parsed?.context;
    let verified = false;
    let issues: CallbackIssue[] | undefined;
    const answer = async (): Promise<JsonAnswer> => {
      if (!parsed || !context || typeof context !== "object") return { status: 400, body: nack("20000", "the body has no context") };
      const signature = await options.registry.verify(headers, body);
      if (!signature.ok || signature.subscriberId !== context.bpp_id) return unauthorized(signature, "20001");
      verified = true;
      if (context.action !== action) return { status: 400, body: nack("20000", `context.action is not ${action}`) };
      if (context.bap_id !== options.subscriberId) return { status: 400, body: nack("20000", "context.bap_id is not this buyer app") };
      if (!isCallbackAction(action)) return { status: 404, body: nack("20000", `${action} is not a callback`) };
      issues = checkCallback(action, parsed, calls);
      if (issues.length === 0) return { status: 200, body: ack() };
      const found = { action, body: parsed, issues };
      invalid.push(found);
      if (options.schemas === "record") return { status: 200, body: ack() };
      for (const waiter of waiters) if (waiter.refuse && waiter.matches(parsed)) waiter.refuse(found);
      return { status: 400, body: invalidAnswer(action, issues) };
    };
    const result = await answer();
    received.push({
      action,
      status: result.status,
      verified,
      body: parsed ?? body.toString("utf8"),
      ...(issues?.length ? { issues } : {}),
    });
    if (result.status === 200 && parsed) {
      verifiedCallbacks.push(parsed);
      log.push(parsed);
      for (const waiter of waiters) if (waiter.matches(parsed)) waiter.resolve(parsed);
    }
    return result;
  };

  const server = await startJsonServer(async ({ path, headers, body }) => {
    if (path === "/ondc/on_subscribe") {
      const challenge = (parseObject(body) as { challenge?: unknown } | null)?.challenge;
      const plain =
        typeof challenge === "string" ? decryptChallenge(challenge, sharedKey(options.keys.encryptionPrivateKey, registryKey)) : null;
      return plain === null
        ? { status: 400, body: nack("1050", "the challenge does not decrypt") }
        : { status: 200, body: { answer: plain } };
    }
    const action = /^\/ondc\/(on_[a-z_]+)$/.exec(path)?.[1];
    if (!action || !ACTIONS.some((name) => `on_${name}` === action)) return { status: 404, body: nack("20000", `no ${path} here`) };
    return onCallback(action, headers, body);
  });
  uri = `${server.url}/ondc`;

  const context: BuyerApp["context"] = (action, ids) => ({
    domain: options.domain,
    country: "IND",
    city: options.city,
    action,
    core_version: /^(on_)?issue/.test(action) ? IGM_CORE_VERSION : options.coreVersion,
    bap_id: options.subscriberId,
    bap_uri: uri,
    ...(ids.seller ? { bpp_id: ids.seller.id, bpp_uri: ids.seller.uri } : {}),
    transaction_id: ids.transactionId ?? randomUUID(),
    message_id: ids.messageId ?? randomUUID(),
    timestamp: new Date().toISOString(),
    ttl: "PT30S",
  });

  /** Waits for a verified callback; with `refuseInvalid`, an invalid one that matches rejects at once. */
  const awaitCallback = (matches: (callback: OndcMessage) => boolean, timeoutMs: number, refuseInvalid: boolean) => {
    const already = verifiedCallbacks.find(matches);
    if (already) return Promise.resolve(already);
    const refused = refuseInvalid && options.schemas !== "record" ? invalid.find((found) => matches(found.body)) : undefined;
    if (refused) return Promise.reject(new OndcInvalidCallbackError(refused.action, refused.issues));
    return new Promise<OndcMessage>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        waiters.delete(waiter);
      };
      const waiter: Waiter = {
        matches,
        resolve: (callback) => {
          settle();
          resolve(callback);
        },
        ...(refuseInvalid
          ? {
              refuse: (found: InvalidCallback) => {
                settle();
                reject(new OndcInvalidCallbackError(found.action, found.issues));
              },
            }
          : {}),
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`no matching callback within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(waiter);
    });
  };
  const waitFor: BuyerApp["waitFor"] = (matches, timeoutMs = DEFAULT_TIMEOUT_MS) => awaitCallback(matches, timeoutMs, false);

  const send: BuyerApp["send"] = async (action, seller, transactionId, message) => {
    const body: OndcMessage = { context: context(action, { transactionId, seller: seller ?? undefined }), message };
    const text = JSON.stringify(body);
    const url = action === "search" && !seller ? `${options.gatewayUrl}/search` : `${seller?.uri}/${action}`;
    if (!seller && action !== "search") throw new Error(`${action} needs a seller`);
    log.push(body);
    calls.push(body);
    const answer = await postJson(url, text, { authorization: createAuthorizationHeader(signer, text) });
    sent.push({ action, url, body, answer });
    const messageId = body.context.message_id;
    return {
      messageId,
      answer,
      callback: () =>
        awaitCallback(
          (c) => c.context.action === `on_${action}` && c.context.transaction_id === transactionId && c.context.message_id === messageId,
          DEFAULT_TIMEOUT_MS,
          true,
        ),
    };
  };

  const step =
    (action: Action): JourneyStep =>
    async (seller, transactionId, message) => {
      const call = await send(action, seller, transactionId, message);
      if (call.answer.status !== 200 || !isAck(call.answer.body)) throw new OndcNackError(action, call.answer);
      return call.callback();
    };

  return {
    get uri() {
      return uri;
    },
    subscriberId: options.subscriberId,
    keys: options.keys,
    received,
    sent,
    messages: () => [...log],
    invalid: () => [...invalid],
    context,
    send,
    waitFor,
    search: async (intent, { expect = 1, timeoutMs = DEFAULT_TIMEOUT_MS } = {}) => {
      const transactionId = randomUUID();
      const call = await send("search", null, transactionId, { intent });
      if (call.answer.status !== 200 || !isAck(call.answer.body)) throw new OndcNackError("search", call.answer);
      const isCatalogue = (c: OndcMessage) => c.context.action === "on_search" && c.context.message_id === call.messageId;
      // Several sellers answer one search: wait until `expect` of them have.
      await waitFor(() => verifiedCallbacks.filter(isCatalogue).length >= expect, timeoutMs);
      return { transactionId, messageId: call.messageId, catalogues: verifiedCallbacks.filter(isCatalogue) };
    },
    select: step("select"),
    init: step("init"),
    confirm: step("confirm"),
    status: step("status"),
    track: step("track"),
    cancel: step("cancel"),
    update: step("update"),
    rating: step("rating"),
    issue: step("issue"),
    issueStatus: step("issue_status"),
    subscribe: (registryUrl, cities) =>
      postJson(
        `${registryUrl}/subscribe`,
        JSON.stringify(subscribeRequest(options.subscriberId, options.keys, uri, { type: "buyerApp", domain: options.domain, cities })),
      ),
    close: server.close,
  };
}

/**
 * The NACK of a callback that breaks ONDC's schemas, with ONDC's buyer-side codes (ONDC-Official/developer-docs
 * d6f8eb9, protocol-network-extension/error-codes.md): 20008 "Response out of sequence" when it answers no call
 * this buyer sent, 20000 "Invalid catalog" for an on_search, 20006 "Invalid response" (does not meet the API
 * contract) otherwise. The first few issues go in the message, for the seller's log.
 */
function invalidAnswer(action: string, issues: CallbackIssue[]) {
  const summary = issues
    .slice(0, 5)
    .map((issue) => `${issue.path}: ${issue.message}`)
    .join("; ");
  if (issues.some((issue) => issue.path === "context.message_id")) return nack("20008", summary, "CONTEXT-ERROR");
  if (issues.every((issue) => issue.path.startsWith("context."))) return nack("20006", summary, "CONTEXT-ERROR");
  return nack(action === "on_search" ? "20000" : "20006", summary, "JSON-SCHEMA-ERROR");
}

/**
 * A subscribe request in the onboarding page's shape (ops_no 1 for a buyer app, 2 for a seller app), with
 * made-up business details. `base` is the participant's whole URL: the local registry takes it for both
 * callback_url and subscriber_url (tests/ondc-network/README.md).
 */
export function subscribeRequest(
  subscriberId: string,
  keys: ParticipantKeys,
  base: string,
  participant: { type: "buyerApp" | "sellerApp"; domain: string; cities: string[] },
) {
  const now = new Date();
  return {
    context: { operation: { ops_no: participant.type === "buyerApp" ? 1 : 2 } },
    message: {
      request_id: randomUUID(),
      timestamp: now.toISOString(),
      entity: {
        gst: {
          legal_entity_name: "Test Participant",
          business_address: "Test Road, Bengaluru 560001",
          city_code: participant.cities,
          gst_no: "29AAAAA0000A1Z5",
        },
        pan: { name_as_per_pan: "Test Participant", pan_no: "AAAAA0000A", date_of_incorporation: "01/01/2020" },
        name_of_authorised_signatory: "Test Signatory",
        address_of_authorised_signatory: "Test Road, Bengaluru 560001",
        email_id: "ondc@example.com",
        mobile_no: 9999999999,
        country: "IND",
        subscriber_id: subscriberId,
        unique_key_id: keys.uniqueKeyId,
        callback_url: base,
        key_pair: {
          signing_public_key: keys.signingPublicKey,
          encryption_public_key: keys.encryptionPublicKey,
          valid_from: now.toISOString(),
          valid_until: new Date(now.getTime() + 365 * 24 * 3600 * 1000).toISOString(),
        },
      },
      network_participant: [
        { subscriber_url: base, domain: participant.domain, type: participant.type, msn: false, city_code: participant.cities },
      ],
    },
  };
}

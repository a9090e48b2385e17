import {
  type BecknContext,
  type BecknError,
  BecknRequestSchema,
  type BuyerCall,
  isBuyerCall,
  ONDC_DOMAIN,
  ONDC_ERRORS,
} from "~/features/ondc/domain/beckn";
import { contextFreshness } from "~/features/ondc/domain/context";
import { ACK, invalidSignatureNack, signatureChallenge } from "~/features/ondc/domain/nack";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { isLoopbackUrl } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { configuredLimits, hitRateLimit, RateLimitUnavailable } from "~/platform/rate-limit/rate-limit.server";
import { sendCallback, trackOndcWork } from "./callback.server";
import type { OndcCallHandler } from "./calls/call";
import { ONDC_CALLS } from "./calls/index.server";
import { type OndcMessageEntry, recordOndcMessage, wasTaken } from "./message-log.server";
import { type OndcConfig, ondcConfig, servesCity } from "./ondc-config.server";
import { readOndcSwitch } from "./ondc-switch.server";
import { verifyOndcRequest } from "./verify-request.server";

/**
 * A buyer app's call, from the raw request to the ACK (docs/decisions/073-ondc-calls.md, "What we do"):
 * the body read once, the signatures verified over its bytes, the context checked, a replay answered
 * without running it again, the admin's switch, the call's message parsed; then ACK, and the call's
 * handler runs after the answer, its replies sent as `on_` callbacks. Every call is logged, refused or not.
 */

/** Bigger than any buyer app's call (a search or an order is a few kilobytes); a bigger body is refused unread. */
export const MAX_CALL_BYTES = 1024 * 1024;

/** A context the store cannot take: the call's fields say something we do not serve. */
const contextError: BecknError = { type: "CONTEXT-ERROR", code: "30000", message: "Invalid request error" };

/** What the route answers: an HTTP status, a JSON body, and headers (the web layer makes it a Response). */
export type OndcAnswer = { status: number; body: unknown; headers?: Record<string, string> };

const json = (body: unknown, status: number, headers: Record<string, string> = {}): OndcAnswer => ({ status, body, headers });
const NOT_FOUND: OndcAnswer = { status: 404, body: { error: "Not found" } };

/**
 * A call as it came: its two signature headers and its body's exact bytes, or `too-large` when it was
 * over MAX_CALL_BYTES (web/ondc-call.server.ts reads it from the request), and the address it came from.
 */
export type IncomingCall = {
  authorization: string | null;
  gatewayAuthorization: string | null;
  body: Uint8Array | "too-large";
  /** The client's address as our server recorded it (`clientAddress`): calls refused for their signature are limited per address. */
  clientAddress?: string;
};

const nackBody = (error: BecknError) => ({ message: { ack: { status: "NACK" } }, error });

/** The ids a body claims, for the log only (of a refused call they are unverified, and are shown as sent). */
function claimedIds(text: string): Pick<OndcMessageEntry, "transactionId" | "messageId" | "counterparty"> {
  try {
    const context = (JSON.parse(text) as { context?: Record<string, unknown> } | null)?.context;
    const str = (value: unknown) => (typeof value === "string" ? value : null);
    return { transactionId: str(context?.transaction_id), messageId: str(context?.message_id), counterparty: str(context?.bap_id) };
  } catch {
    return {};
  }
}

// Calls taken by this process and not yet logged: a replay sent at the same moment is not run twice.
const taking = new Set<string>();

/** Handles `POST /ondc/<action>`. `config` and `now` are for tests; the store's are the defaults. */
export async function handleOndcCall(
  action: string,
  incoming: IncomingCall,
  options: { config?: OndcConfig | null; now?: () => Date } = {},
): Promise<OndcAnswer> {
  const config = options.config === undefined ? ondcConfig() : options.config;
  if (!config || !isBuyerCall(action)) return NOT_FOUND;
  // Each call counts against its address's refusals before its signature costs a lookup (so a parallel
  // burst cannot slip through), and is taken back unless it is refused for its signature (401).
  const limit = await countRefusal(incoming.clientAddress ?? "unknown");
  if (limit && !limit.allowed) {
    return json(invalidSignatureNack(), 429, {
      "WWW-Authenticate": signatureChallenge(config.subscriberId),
      "Retry-After": String(Math.max(1, limit.retryAfterSeconds)),
    });
  }
  let answer: OndcAnswer | undefined;
  try {
    answer = await takeCall(action, incoming, config, options.now?.() ?? new Date(), () => limit?.refund());
    return answer;
  } finally {
    if (answer?.status !== 401) await limit?.refund();
  }
}

/** One hit on the address's limit of calls refused for their signature; null when the counters cannot be asked. */
async function countRefusal(address: string) {
  try {
    return await hitRateLimit(`ondc:refused:ip:${address}`, configuredLimits().ondcRefusedCalls);
  } catch (error) {
    // The limit spares the registry lookups; it is no reason to stop the network's orders while Redis is away.
    if (!(error instanceof RateLimitUnavailable)) throw error;
    return null;
  }
}

async function takeCall(
  action: BuyerCall,
  incoming: IncomingCall,
  config: OndcConfig,
  receivedAt: Date,
  signatureAccepted: () => Promise<void> | undefined,
): Promise<OndcAnswer> {
  const bytes = incoming.body;
  if (bytes === "too-large") {
    await record({ direction: "in", action, signature: "refused", reason: "body over 1 MB", httpStatus: 413, ack: "NACK", body: "" });
    return json(nackBody(ONDC_ERRORS.invalidRequest), 413);
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  const claimed = claimedIds(text);
  const base = { direction: "in" as const, action, body: text, ...claimed };

  // Only a gateway passes a search on (decision 071): a search sent to us directly is refused.
  const verified = await verifyOndcRequest({
    authorization: incoming.authorization,
    gatewayAuthorization: incoming.gatewayAuthorization,
    body: bytes,
    lookupKey: (subscriberId, uniqueKeyId) => config.registry.lookupKey(subscriberId, uniqueKeyId),
    requireGateway: action === "search",
    now: receivedAt,
  });
  if (!verified.ok) {
    const status = verified.reason === "registry-unavailable" ? 503 : 401;
    log.warn({ action, header: verified.header, reason: verified.reason, ...claimed }, "an ONDC call's signature was refused");
    await record({ ...base, signature: "refused", reason: `${verified.header}: ${verified.reason}`, httpStatus: status, ack: "NACK" });
    return json(invalidSignatureNack(), status, {
      "WWW-Authenticate": signatureChallenge(config.subscriberId),
      ...(status === 503 ? { "Retry-After": "5" } : {}),
    });
  }

  const refuse = async (status: number, error: BecknError, reason: string, signature: "verified" | "refused" = "verified") => {
    await record({ ...base, signature, reason, httpStatus: status, ack: "NACK" });
    return json(status === 401 ? invalidSignatureNack() : nackBody(error), status, {
      ...(status === 401 ? { "WWW-Authenticate": signatureChallenge(config.subscriberId) } : {}),
    });
  };

  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refuse(400, ONDC_ERRORS.invalidRequest, "the body is not JSON");
  }
  const parsed = BecknRequestSchema.safeParse(raw);
  if (!parsed.success) return refuse(400, ONDC_ERRORS.invalidRequest, "the body is not a Beckn request (context)");
  const context = parsed.data.context;
  // A signature of another participant, however valid, does not make a call of this buyer app.
  if (verified.sender.subscriberId !== context.bap_id) {
    return refuse(401, ONDC_ERRORS.invalidRequest, `signed by ${verified.sender.subscriberId}, not the bap_id`, "refused");
  }
  // Not a refusal for its signature: the address's count is given back before the rest of the work.
  await signatureAccepted();
  const contextProblem = checkContext(action, context, config);
  if (contextProblem) return refuse(400, contextError, contextProblem);
  // Our callbacks carry the buyer's order to bap_uri: only to the address the registry lists for the signer,
  // whatever its valid key signed (a search's gateway signs too; the buyer app's own entry is the one).
  if (!isRegisteredBapUri(context.bap_uri, verified.sender.buyerAppUrls)) {
    return refuse(400, contextError, `context.bap_uri is not the subscriber_url the registry lists for ${context.bap_id}`);
  }
  const freshness = contextFreshness(context, receivedAt);
  if (freshness === "bad-ttl") return refuse(400, contextError, "context.ttl is not an ISO 8601 duration");
  if (freshness !== "fresh")
    return refuse(400, ONDC_ERRORS.staleRequest, `context.timestamp is ${freshness === "future" ? "in the future" : "past its ttl"}`);

  const key = JSON.stringify([context.bap_id, action, context.message_id]);
  if (taking.has(key) || (await wasTaken({ bapId: context.bap_id, action, messageId: context.message_id }))) {
    // Taken before: the same ACK, and nothing run again (the callbacks went, or go, once).
    await record({ ...base, signature: "verified", reason: "replay: taken before, not run again", httpStatus: 200, ack: "ACK" });
    return json(ACK, 200);
  }
  if (!(await readOndcSwitch()).enabled) return refuse(400, ONDC_ERRORS.merchantUnavailable, "ONDC is switched off");
  if ((await getGeneralSettings()).maintenanceMode)
    return refuse(400, ONDC_ERRORS.merchantUnavailable, "the store is closed for maintenance");

  const handler = ONDC_CALLS[action];
  const message = handler.message.safeParse(parsed.data.message);
  if (!message.success) return refuse(400, ONDC_ERRORS.invalidRequest, "the message does not fit the call");

  // Logged before the ACK: the log is what tells a replay from a new call.
  taking.add(key);
  try {
    await recordOndcMessage({ ...base, signature: "verified", httpStatus: 200, ack: "ACK" });
  } catch (error) {
    log.error({ err: error, action }, "the ONDC message log could not be written; the call is not taken");
    return json(nackBody(ONDC_ERRORS.businessError), 503, { "Retry-After": "5" });
  } finally {
    taking.delete(key);
  }
  // After the answer: the buyer app is not kept waiting for the work, only for the ACK.
  trackOndcWork(runCall(handler, { action, context, message: message.data, receivedAt: receivedAt.toISOString() }, config));
  return json(ACK, 200);
}

/**
 * The context's fields a call must have for us to take it, or why not. Callbacks go to bap_uri, so it must
 * be https: a listed participant cannot point our signed callbacks at an address inside our network over
 * plain http. Only a store that is itself on this machine (the test network) calls back over http.
 */
export function checkContext(
  action: BuyerCall,
  context: BecknContext,
  config: Pick<OndcConfig, "subscriberId" | "subscriberUrl" | "cities">,
): string | null {
  if (context.action !== action) return `context.action is ${context.action}, not ${action}`;
  if (!context.bap_uri.startsWith("https://") && !isLoopbackUrl(config.subscriberUrl)) return "context.bap_uri is not https";
  if (context.domain !== ONDC_DOMAIN) return `context.domain ${context.domain} is not ours`;
  if (action === "search" && !servesCity(config, context.city)) return `context.city ${context.city ?? "(none)"} is not served`;
  if (context.bpp_id !== undefined && context.bpp_id !== config.subscriberId) return `context.bpp_id ${context.bpp_id} is not ours`;
  if (context.bpp_id === undefined && action !== "search") return "context.bpp_id is missing";
  return null;
}

/** Whether `bapUri` is one of the buyer app's registered URLs, a trailing slash on either aside. */
export function isRegisteredBapUri(bapUri: string, registered: readonly string[]): boolean {
  const trimmed = (url: string) => (url.endsWith("/") ? url.slice(0, -1) : url);
  return registered.some((url) => trimmed(url) === trimmed(bapUri));
}

async function runCall(handler: OndcCallHandler, call: Parameters<OndcCallHandler["handle"]>[0], config: OndcConfig) {
  // Not one step of the work before the ACK has gone out.
  await new Promise((resolve) => setImmediate(resolve));
  let replies: Awaited<ReturnType<OndcCallHandler["handle"]>>;
  try {
    replies = await handler.handle(call);
  } catch (error) {
    // The buyer app learns that it failed, not why: the error's text stays in our log.
    log.error({ err: error, action: call.action, transactionId: call.context.transaction_id }, "an ONDC call's handler failed");
    replies = [{ error: ONDC_ERRORS.businessError }];
  }
  for (const reply of replies) {
    await sendCallback(call.context, call.action, reply, { config }).catch((error: unknown) =>
      log.error({ err: error, action: call.action }, "an ONDC callback could not be sent"),
    );
  }
}

async function record(entry: OndcMessageEntry) {
  await recordOndcMessage(entry).catch((error: unknown) =>
    log.error({ err: error, action: entry.action }, "the ONDC message log could not be written"),
  );
}

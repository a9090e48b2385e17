import { randomUUID } from "node:crypto";
import {
  type BecknContext,
  type BuyerCall,
  callbackOf,
  ONDC_CORE_VERSION,
  ONDC_DOMAIN,
  ONDC_IGM_VERSION,
} from "~/features/ondc/domain/beckn";
import { type CallbackContext, callbackContext, callbackUrl, DEFAULT_TTL_SECONDS } from "~/features/ondc/domain/context";
import { log } from "~/platform/log.server";
import type { OndcReply } from "./calls/call";
import { recordOndcMessage } from "./message-log.server";
import { type OndcConfig, ondcConfig } from "./ondc-config.server";
import { signOndcRequest } from "./sign-request.server";

/**
 * Our `on_` callbacks to a buyer app (docs/decisions/073-ondc-calls.md): the reply wrapped in the
 * callback's context, signed, POSTed to `<bap_uri>/on_<action>`. A network failure or a 5xx is tried
 * again (three tries in all, waiting longer each time); a 4xx or a NACK is the buyer app's answer and
 * is not. Every try is logged in ondc_message.
 */

export type CallbackOutcome = {
  /** The buyer app's HTTP status of the last try, or null when none reached it. */
  status: number | null;
  ack: "ACK" | "NACK" | null;
  tries: number;
};

export type CallbackOptions = {
  config?: OndcConfig;
  fetch?: typeof fetch;
  /** The waits before the second and third tries. */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  now?: () => Date;
};

const RETRY_DELAYS_MS = [1_000, 4_000];
const TIMEOUT_MS = 10_000;

// Callbacks under way: a graceful stop waits for them (waitForOndcCallbacks), and so do the tests.
const inFlight = new Set<Promise<unknown>>();

/** Keeps `work` in the set of callbacks under way until it settles. */
export function trackOndcWork<T>(work: Promise<T>): Promise<T> {
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work)).catch(() => {});
  return work;
}

/** Resolves when every callback (and call handler) under way now, and any they start, has settled. */
export async function waitForOndcCallbacks(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ackOf(body: unknown): "ACK" | "NACK" | null {
  const status = (body as { message?: { ack?: { status?: unknown } } } | null)?.message?.ack?.status;
  return status === "ACK" || status === "NACK" ? status : null;
}

async function post(context: CallbackContext, reply: OndcReply, config: OndcConfig, options: CallbackOptions): Promise<CallbackOutcome> {
  const fetchFn = options.fetch ?? fetch;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const url = callbackUrl(context.bap_uri, context.action);
  const body = JSON.stringify({
    context,
    ...(reply.message !== undefined ? { message: reply.message } : {}),
    ...(reply.error !== undefined ? { error: reply.error } : {}),
  });
  const entry = {
    direction: "out" as const,
    action: context.action,
    transactionId: context.transaction_id,
    messageId: context.message_id,
    counterparty: context.bap_id,
    signature: "signed" as const,
    body,
  };
  let outcome: CallbackOutcome = { status: null, ack: null, tries: 0 };
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    if (attempt > 0) await sleep(delays[attempt - 1] ?? 0);
    outcome = { ...outcome, tries: attempt + 1 };
    let reason: string | null = null;
    try {
      // Signed per try: a retry a few seconds later still carries a signature made now.
      const authorization = signOndcRequest(body, config.signer, { now: options.now?.() });
      const response = await fetchFn(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", authorization },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      });
      const text = await response.text().catch(() => "");
      let answer: unknown = null;
      try {
        answer = JSON.parse(text);
      } catch {
        answer = null;
      }
      outcome = { status: response.status, ack: ackOf(answer), tries: attempt + 1 };
      if (outcome.ack === "NACK") {
        const error = (answer as { error?: { code?: unknown; message?: unknown } } | null)?.error;
        reason = `NACK ${String(error?.code ?? "")} ${String(error?.message ?? "")}`.trim().slice(0, 300);
      } else if (!response.ok) reason = `HTTP ${response.status}`;
    } catch (error) {
      reason = error instanceof Error ? `${error.name}: ${error.message}` : "the request failed";
      outcome = { status: null, ack: null, tries: attempt + 1 };
    }
    await recordOndcMessage({ ...entry, reason, httpStatus: outcome.status, ack: outcome.ack }).catch((error: unknown) =>
      log.error({ err: error, action: context.action }, "the ONDC message log could not be written"),
    );
    const retry = outcome.status === null || outcome.status >= 500;
    if (!retry) break;
  }
  if (outcome.status !== 200 || outcome.ack !== "ACK") {
    log.warn(
      { action: context.action, transactionId: context.transaction_id, bapId: context.bap_id, status: outcome.status, ack: outcome.ack },
      "an ONDC callback was not acknowledged",
    );
  }
  return outcome;
}

/** The `on_<action>` answer to a buyer app's call: same transaction and message ids, our bpp_id and bpp_uri. */
export function sendCallback(
  context: BecknContext,
  action: BuyerCall,
  reply: OndcReply,
  options: CallbackOptions = {},
): Promise<CallbackOutcome> {
  const config = options.config ?? ondcConfig();
  if (!config) return Promise.reject(new Error("ONDC is not configured"));
  const at = reply.timestamp ? new Date(reply.timestamp) : (options.now?.() ?? new Date());
  const ours = callbackContext(context, action, config, at);
  return trackOndcWork(post(ours, reply, config, options));
}

/** Where an unsolicited callback goes: the buyer app of a transaction we hold (ondc_order, ondc_issue). */
export type CallbackTarget = { bapId: string; bapUri: string; transactionId: string; city?: string };

/**
 * An `on_status`, `on_update`, `on_cancel` or `on_issue` the store sends of its own accord (an order
 * shipped, cancelled by the seller, a grievance resolved): a new message id, as no call asked for it.
 */
export function pushCallback(
  target: CallbackTarget,
  action: BuyerCall,
  reply: OndcReply,
  options: CallbackOptions = {},
): Promise<CallbackOutcome> {
  const config = options.config ?? ondcConfig();
  if (!config) return Promise.reject(new Error("ONDC is not configured"));
  const igm = action === "issue" || action === "issue_status";
  const context: CallbackContext = {
    domain: ONDC_DOMAIN,
    country: "IND",
    city: target.city ?? "*",
    action: callbackOf(action),
    core_version: igm ? ONDC_IGM_VERSION : ONDC_CORE_VERSION,
    bap_id: target.bapId,
    bap_uri: target.bapUri,
    bpp_id: config.subscriberId,
    bpp_uri: config.subscriberUrl,
    transaction_id: target.transactionId,
    message_id: randomUUID(),
    timestamp: (options.now?.() ?? new Date()).toISOString(),
    ttl: `PT${DEFAULT_TTL_SECONDS}S`,
  };
  return trackOndcWork(post(context, reply, config, options));
}

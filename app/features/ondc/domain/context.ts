import { type BecknContext, type BuyerCall, callbackOf, type SellerCallback } from "./beckn";

/**
 * The pure parts of a call's context (docs/decisions/073-ondc-calls.md): how long a call stays fresh,
 * and the context of our `on_` callback built from the buyer app's.
 */

/** A buyer app's call is fresh for its `ttl`; without one, for ONDC's usual PT30S. */
export const DEFAULT_TTL_SECONDS = 30;
/**
 * The longest ttl we honour: a call that asks to stay fresh longer than a day is treated as a day old
 * at most, so an old message cannot be replayed into freshness by a long ttl.
 */
export const MAX_TTL_SECONDS = 24 * 3600;
/** Clocks differ: a call may come from up to a minute in the future, or a minute past its ttl. */
export const CONTEXT_CLOCK_SKEW_SECONDS = 60;

/**
 * An ISO 8601 duration (`PT30S`, `P1D`, `PT1H30M`, `PT0.5S`) in seconds; null for anything else.
 * Years and months are refused: their length in seconds is not fixed, and no call lives that long.
 */
export function parseIsoDuration(value: string): number | null {
  const match = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value.trim());
  if (!match || value.trim() === "P" || value.trim().endsWith("T")) return null;
  const [, weeks, days, hours, minutes, seconds] = match;
  if ([weeks, days, hours, minutes, seconds].every((part) => part === undefined)) return null;
  return (
    Number(weeks ?? 0) * 7 * 86_400 +
    Number(days ?? 0) * 86_400 +
    Number(hours ?? 0) * 3600 +
    Number(minutes ?? 0) * 60 +
    Number(seconds ?? 0)
  );
}

/** The seconds a call stays fresh: its ttl within [DEFAULT_TTL_SECONDS, MAX_TTL_SECONDS], or null for a ttl that is not a duration. */
export function freshForSeconds(ttl: string | undefined): number | null {
  if (ttl === undefined) return DEFAULT_TTL_SECONDS;
  const seconds = parseIsoDuration(ttl);
  if (seconds === null) return null;
  return Math.min(Math.max(seconds, DEFAULT_TTL_SECONDS), MAX_TTL_SECONDS);
}

export type Freshness = "fresh" | "stale" | "future" | "bad-ttl";

/** Whether a call's context.timestamp is still within its ttl (ONDC's 30022 "Stale Request" otherwise). */
export function contextFreshness(context: Pick<BecknContext, "timestamp" | "ttl">, now: Date): Freshness {
  const sent = Date.parse(context.timestamp);
  const ttl = freshForSeconds(context.ttl);
  if (ttl === null) return "bad-ttl";
  if (Number.isNaN(sent)) return "stale";
  const at = now.getTime();
  if (sent > at + CONTEXT_CLOCK_SKEW_SECONDS * 1000) return "future";
  if (at > sent + (ttl + CONTEXT_CLOCK_SKEW_SECONDS) * 1000) return "stale";
  return "fresh";
}

export type OurParticipant = { subscriberId: string; subscriberUrl: string };

/** The context of an `on_` callback sent in answer to a buyer app's call. */
export type CallbackContext = {
  domain: string;
  country?: string;
  city?: string;
  action: SellerCallback;
  core_version?: string;
  bap_id: string;
  bap_uri: string;
  bpp_id: string;
  bpp_uri: string;
  transaction_id: string;
  message_id: string;
  timestamp: string;
  ttl: string;
};

/**
 * Our answer's context: the call's transaction and message ids (that is how the buyer app pairs them),
 * our bpp_id and bpp_uri, a fresh timestamp, and the call's domain, country, city, version and ttl. Fields
 * of the call's context that Beckn does not name (a buyer app's extras) are not echoed.
 */
export function callbackContext(call: BecknContext, action: BuyerCall, us: OurParticipant, now: Date): CallbackContext {
  return {
    domain: call.domain,
    ...(call.country !== undefined ? { country: call.country } : {}),
    ...(call.city !== undefined ? { city: call.city } : {}),
    action: callbackOf(action),
    ...(call.core_version !== undefined ? { core_version: call.core_version } : {}),
    bap_id: call.bap_id,
    bap_uri: call.bap_uri,
    bpp_id: us.subscriberId,
    bpp_uri: us.subscriberUrl,
    transaction_id: call.transaction_id,
    message_id: call.message_id,
    timestamp: now.toISOString(),
    ttl: call.ttl ?? `PT${DEFAULT_TTL_SECONDS}S`,
  };
}

/**
 * Where a callback goes: `<bap_uri>/on_<action>`, whether bap_uri ends in a path, a slash or neither.
 * Its query, if any, is kept.
 */
export function callbackUrl(bapUri: string, action: SellerCallback): string {
  const url = new URL(bapUri);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/${action}`;
  url.hash = "";
  return url.toString();
}

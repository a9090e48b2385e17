import { Redis } from "ioredis";
import { defined } from "~/platform/defined";
import { log } from "~/platform/log.server";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import type { RateLimitStore } from "./rate-limit.server";

/**
 * The rate-limit store could not be asked. The request is refused (503, "try again shortly") rather
 * than let through: an attacker must not be able to lift the sign-in limit by knocking Redis over.
 * A refusal, so every action shows it like any other.
 */
export class RateLimitUnavailable extends RefusalError {
  constructor() {
    const unavailable = refusal("common.rate_limit_unavailable");
    super(unavailable, { status: 503, english: english(unavailable) });
  }
}

// One hash per key, bucket start -> allowed hits. The script does a whole hit in one atomic step
// (see RateLimitStore.hit), so parallel hits from any process are judged one after another. It
// returns { allowed (1 or 0), start, count, start, count, ... }.
// ARGV: bucket start, bucket seconds, span (earlier buckets that count), max, expiry in seconds.
const HIT = `
local current = tonumber(ARGV[1])
local fields = redis.call('HGETALL', KEYS[1])
local oldest = current - tonumber(ARGV[2]) * tonumber(ARGV[3])
local result = { 0 }
local total = 0
local mine
for i = 1, #fields, 2 do
  local start = tonumber(fields[i])
  if start < oldest then
    redis.call('HDEL', KEYS[1], fields[i])
  else
    local count = tonumber(fields[i + 1])
    total = total + count
    table.insert(result, start)
    table.insert(result, count)
    if start == current then mine = #result end
  end
end
if total < tonumber(ARGV[4]) then
  result[1] = 1
  local count = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
  if mine then
    result[mine] = count
  else
    table.insert(result, current)
    table.insert(result, count)
  end
end
redis.call('EXPIRE', KEYS[1], ARGV[5])
return result
`;

// Takes back one hit from a bucket (never below zero).
const REFUND = `
local count = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if count > 0 then redis.call('HINCRBY', KEYS[1], ARGV[1], -1) end
return 0
`;

/** Counters in Redis under `prefix` (e.g. `angle:rl:`). Connects on the first hit, reconnects by itself. */
export function createRedisRateLimitStore({ url, prefix }: { url: string; prefix: string }): RateLimitStore {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    // A hit waits at most this long, also while Redis is down and the client keeps reconnecting.
    commandTimeout: 2_000,
    maxRetriesPerRequest: 1,
  });
  // Without a listener every failed reconnect would be printed; log an outage once, and its end.
  let down = false;
  client.on("error", (err) => {
    if (down) return;
    down = true;
    log.error({ err }, "rate-limit store (Redis) unreachable: rate-limited actions are refused until it is back");
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    log.info("rate-limit store (Redis) reachable again");
  });

  return {
    async hit(key, bucketStart, { seconds, span }, max) {
      // A key matters until its newest bucket leaves the span; twice that covers a clock difference with Redis.
      const ttl = 2 * (span + 1) * seconds;
      try {
        const [allowed, ...flat] = (await client.eval(HIT, 1, prefix + key, bucketStart, seconds, span, max, ttl)) as number[];
        const counts = Array.from({ length: flat.length / 2 }, (_, i) => ({
          start: defined(flat[2 * i], "a bucket's start in Redis's reply"),
          count: defined(flat[2 * i + 1], "a bucket's count in Redis's reply"),
        }));
        return { allowed: allowed === 1, counts };
      } catch (error) {
        log.error({ err: error, key }, "rate-limit check failed; refusing the request");
        throw new RateLimitUnavailable();
      }
    },
    async refund(key, bucketStart) {
      // Best effort, like clear: the hit expires with its span anyway.
      await client
        .eval(REFUND, 1, prefix + key, bucketStart)
        .catch((error: unknown) => log.warn({ err: error, key }, "could not take back a rate-limit hit"));
    },
    async clear(key) {
      // Best effort: a successful sign-in must not fail because its failure count could not be
      // forgotten; the count expires with its span anyway.
      await client.del(prefix + key).catch((error: unknown) => log.warn({ err: error, key }, "could not clear a rate-limit count"));
    },
    async close() {
      if (client.status === "ready") await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

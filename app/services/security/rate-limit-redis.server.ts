import { Redis } from "ioredis";
import { log } from "~/lib/log.server";
import { AuthFailure } from "~/services/account/auth-errors.server";
import type { RateLimitStore } from "./rate-limit.server";

/**
 * The rate-limit store could not be asked. The request is refused (503, "try again shortly") rather
 * than let through: an attacker must not be able to lift the sign-in limit by knocking Redis over.
 * An AuthFailure, so the sign-in and registration actions show its message like any refusal.
 */
export class RateLimitUnavailable extends AuthFailure {
  constructor() {
    super("We cannot take this request just now. Please try again in a minute.", 503);
  }
}

// One hash per key, { window, count }: the same fixed window as the database row. Counting and
// starting a new window happen in one script, so parallel hits from any process never lose a count.
const HIT = `
local window = redis.call('HGET', KEYS[1], 'window')
local count
if window == ARGV[1] then
  count = redis.call('HINCRBY', KEYS[1], 'count', 1)
else
  redis.call('HSET', KEYS[1], 'window', ARGV[1], 'count', 1)
  count = 1
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
return count
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
    async hit(key, windowStart, windowSeconds, nowSeconds) {
      // The entry must outlive its window; one window more covers a clock difference with Redis.
      const ttl = windowStart + 2 * windowSeconds - nowSeconds;
      try {
        return Number(await client.eval(HIT, 1, prefix + key, windowStart, ttl));
      } catch (error) {
        log.error({ err: error, key }, "rate-limit check failed; refusing the request");
        throw new RateLimitUnavailable();
      }
    },
    async clear(key) {
      // Best effort: a successful sign-in must not fail because its failure count could not be
      // forgotten; the count expires with its window anyway.
      await client.del(prefix + key).catch((error: unknown) => log.warn({ err: error, key }, "could not clear a rate-limit count"));
    },
    async close() {
      if (client.status === "ready") await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

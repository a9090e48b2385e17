import { sql } from "kysely";
import { getDb } from "~/db/db.server";
import { getEnv } from "~/env.server";
import { createRedisRateLimitStore } from "./rate-limit-redis.server";

export { RateLimitUnavailable } from "./rate-limit-redis.server";

export type Limit = { max: number; windowSeconds: number };

/** Limits per action, documented in the README. Tests may lower or raise them through the env. */
export const LIMITS = {
  signInFailures: { max: Number(process.env.RATE_LIMIT_SIGNIN_MAX ?? 10), windowSeconds: 60 },
  // Per address every attempt counts (successes too, since a success must not reset an attacker's
  // count), so it allows three times as many: an office or a shared mobile IP still signs in.
  signInPerAddress: { max: 3 * Number(process.env.RATE_LIMIT_SIGNIN_MAX ?? 10), windowSeconds: 60 },
  register: { max: Number(process.env.RATE_LIMIT_REGISTER_MAX ?? 10), windowSeconds: 60 },
  contact: { max: Number(process.env.RATE_LIMIT_CONTACT_MAX ?? 10), windowSeconds: 60 },
} satisfies Record<string, Limit>;

/** Where the counters live, shared by every server process: the database (default) or Redis. */
export type RateLimitStore = {
  /** Counts one hit for `key` in the window starting at `windowStart` (epoch seconds); returns the count so far in it. */
  hit(key: string, windowStart: number, windowSeconds: number, nowSeconds: number): Promise<number>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
};

/** One row per key in `rate_limit`; a hit in a new window starts the count again. */
const databaseStore: RateLimitStore = {
  async hit(key, windowStart) {
    const row = await getDb()
      .insertInto("rate_limit")
      .values({ key, count: 1, window_start: windowStart })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          count: sql`case when rate_limit.window_start = ${windowStart} then rate_limit.count + 1 else 1 end`,
          window_start: windowStart,
        }),
      )
      .returning(["count"])
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
  async clear(key) {
    await getDb().deleteFrom("rate_limit").where("key", "=", key).execute();
  },
  async close() {},
};

let store: RateLimitStore | undefined;
function getStore(): RateLimitStore {
  if (store) return store;
  const env = getEnv();
  if (env.RATE_LIMIT_STORE === "redis" && env.REDIS_URL) {
    store = createRedisRateLimitStore({ url: env.REDIS_URL, prefix: `${env.REDIS_KEY_PREFIX}rl:` });
  } else {
    store = databaseStore;
  }
  return store;
}

/**
 * Counts one hit against `key` in a fixed window, in the configured store so every server process
 * shares it. Returns whether the hit is within the limit and, if not, how long until it resets.
 * With the Redis store, an unreachable Redis throws RateLimitUnavailable (a 503 refusal).
 */
export async function hitRateLimit(key: string, limit: Limit, now = Date.now()) {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = Math.floor(nowSeconds / limit.windowSeconds) * limit.windowSeconds;
  const count = await getStore().hit(key, windowStart, limit.windowSeconds, nowSeconds);
  return { allowed: count <= limit.max, retryAfterSeconds: windowStart + limit.windowSeconds - nowSeconds };
}

/** Forgets the count for `key` (a successful sign-in clears the account's failures). */
export async function clearRateLimit(key: string) {
  await getStore().clear(key);
}

/** Closes the store's connection (Redis) on shutdown; the next hit opens the configured store again. */
export async function closeRateLimitStore() {
  const current = store;
  store = undefined;
  await current?.close();
}

/** The client's address as our own server recorded it (see server/app.ts), never a header a visitor set. */
export function clientAddress(request: Request) {
  return request.headers.get("x-angle-client-ip") ?? "unknown";
}

import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { resetEnv } from "~/env.server";
import { signIn } from "~/services/account/sign-in.server";
import { clearRateLimit, closeRateLimitStore, hitRateLimit, RateLimitUnavailable } from "./rate-limit.server";
import { createRedisRateLimitStore } from "./rate-limit-redis.server";

/**
 * The Redis rate-limit store (RATE_LIMIT_STORE=redis). Needs Redis at REDIS_URL (default
 * redis://127.0.0.1:6379): skipped on a machine without one, a failure in CI.
 */
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const PREFIX = `angle-test:${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}:`;

async function reachable(url: string) {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const up = await reachable(REDIS_URL);
if (!up && process.env.CI === "true") throw new Error(`Redis is not reachable at ${REDIS_URL}; CI runs the Redis rate-limit store tests`);

/** Points the app's rate limits at `url` from the next hit on, as a restart with that config would. */
async function useRedisStore(url: string) {
  await closeRateLimitStore();
  Object.assign(process.env, { RATE_LIMIT_STORE: "redis", REDIS_URL: url, REDIS_KEY_PREFIX: PREFIX });
  resetEnv();
}

const limit = { max: 3, windowSeconds: 60 };
const minute = Math.floor(Date.now() / 60_000) * 60_000;

describe.skipIf(!up)("rate limits in Redis", () => {
  const inspect = new Redis(REDIS_URL);
  beforeAll(() => useRedisStore(REDIS_URL));
  afterAll(async () => {
    await closeRateLimitStore();
    const keys = await inspect.keys(`${PREFIX}*`);
    if (keys.length) await inspect.del(...keys);
    await inspect.quit();
  });

  it("allows `max` hits a window, then refuses with the seconds left, and starts again in the next window", async () => {
    const key = "window:a";
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await hitRateLimit(key, limit, minute + 20_000));
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
    expect(hits[3].retryAfterSeconds).toBe(40);
    expect(await hitRateLimit(key, limit, minute + 60_000)).toEqual({ allowed: true, retryAfterSeconds: 60 });
  });

  it("keeps each count under the configured prefix with an expiry, never in the database", async () => {
    await hitRateLimit("stored:b", limit, Date.now());
    const redisKey = `${PREFIX}rl:stored:b`;
    expect(await inspect.hget(redisKey, "count")).toBe("1");
    const ttl = await inspect.ttl(redisKey);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(2 * limit.windowSeconds);
    expect(await getDb().selectFrom("rate_limit").selectAll().where("key", "=", "stored:b").execute()).toEqual([]);
  });

  it("forgets a key's count when cleared", async () => {
    for (let i = 0; i < 4; i++) await hitRateLimit("clear:c", limit, minute + 10_000);
    expect((await hitRateLimit("clear:c", limit, minute + 10_000)).allowed).toBe(false);
    await clearRateLimit("clear:c");
    expect((await hitRateLimit("clear:c", limit, minute + 10_000)).allowed).toBe(true);
  });

  it("never loses a count in a parallel burst over two connections (as from two servers)", async () => {
    const other = createRedisRateLimitStore({ url: REDIS_URL, prefix: `${PREFIX}rl:` });
    const windowStart = minute / 1000;
    try {
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? other.hit("burst:d", windowStart, 60, windowStart + 5) : hitRateLimit("burst:d", limit, minute + 5_000))),
      );
    } finally {
      await other.close();
    }
    expect(await inspect.hget(`${PREFIX}rl:burst:d`, "count")).toBe("40");
  });

  it("lets exactly `max` of a parallel burst through", async () => {
    const hits = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit("burst:e", { max: 10, windowSeconds: 60 }, minute + 5_000)));
    expect(hits.filter((h) => h.allowed)).toHaveLength(10);
  });
});

describe("when Redis cannot be reached", () => {
  const DEAD = "redis://127.0.0.1:1";
  afterAll(async () => {
    await closeRateLimitStore();
    Object.assign(process.env, { RATE_LIMIT_STORE: "database" });
    resetEnv();
  });

  it("refuses the hit quickly with a 503 'try again' instead of crashing or letting it through", async () => {
    const store = createRedisRateLimitStore({ url: DEAD, prefix: PREFIX });
    const started = Date.now();
    const error = await store.hit("dead:f", 0, 60, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitUnavailable);
    expect((error as RateLimitUnavailable).status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(store.clear("dead:f")).resolves.toBeUndefined();
    await store.close();
  });

  it("turns a sign-in into that refusal, which the sign-in actions show as a message", async () => {
    await useRedisStore(DEAD);
    const attempt = signIn({ email: "nobody@example.in", password: "whatever-123" }, { ip: "10.3.0.1", headers: new Headers({ origin: "http://localhost:3999" }) });
    await expect(attempt).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/try again/) });
  });
});

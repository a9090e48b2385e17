import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { resetEnv } from "~/platform/env.server";
import { signIn } from "~/features/accounts/server/sign-in.server";
import { closeRateLimitStore, hitRateLimit, RateLimitUnavailable } from "./rate-limit.server";
import { rateLimitCases } from "./rate-limit-cases";
import { createRedisRateLimitStore } from "./rate-limit-redis.server";
import { redisForTests, TEST_REDIS_URL, testRedisPrefix } from "../../../tests/helpers/redis";

/**
 * The Redis rate-limit store (RATE_LIMIT_STORE=redis). Needs Redis at REDIS_URL (default
 * redis://127.0.0.1:6379): skipped on a machine without one, a failure in CI.
 */
const REDIS_URL = TEST_REDIS_URL;
const PREFIX = testRedisPrefix("");
const up = await redisForTests("the Redis rate-limit store tests");

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

  rateLimitCases();

  it("keeps each key's buckets under the configured prefix with an expiry, never in the database", async () => {
    const now = Date.now();
    await hitRateLimit("stored:b", limit, now);
    const redisKey = `${PREFIX}rl:stored:b`;
    const bucketStart = Math.floor(now / 10_000) * 10;
    expect(await inspect.hgetall(redisKey)).toEqual({ [bucketStart]: "1" });
    const ttl = await inspect.ttl(redisKey);
    expect(ttl).toBeGreaterThan(70);
    expect(ttl).toBeLessThanOrEqual(140);
    expect(await getDb().selectFrom("rate_limit_bucket").selectAll().where("key", "=", "stored:b").execute()).toEqual([]);
  });

  it("judges a parallel burst over two connections (as from two servers) one hit at a time", async () => {
    const other = createRedisRateLimitStore({ url: REDIS_URL, prefix: `${PREFIX}rl:` });
    const bucketStart = minute / 1000;
    const ten = { max: 10, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 ? other.hit("burst:d", bucketStart, { seconds: 10, span: 6 }, ten.max) : hitRateLimit("burst:d", ten, minute + 5_000),
      ),
    ).finally(() => other.close());
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(await inspect.hgetall(`${PREFIX}rl:burst:d`)).toEqual({ [bucketStart]: "10" });
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
    const error = await store.hit("dead:f", 0, { seconds: 10, span: 6 }, 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitUnavailable);
    expect((error as RateLimitUnavailable).status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(store.clear("dead:f")).resolves.toBeUndefined();
    await store.close();
  });

  it("turns a sign-in into that refusal, which the sign-in actions show as a message", async () => {
    await useRedisStore(DEAD);
    const attempt = signIn(
      { email: "nobody@example.in", password: "whatever-123" },
      { ip: "10.3.0.1", headers: new Headers({ origin: "http://localhost:3999" }) },
    );
    await expect(attempt).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/try again/) });
  });
});

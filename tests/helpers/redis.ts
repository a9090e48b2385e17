import { Redis } from "ioredis";

/** The Redis the tests use: REDIS_URL, by default the local one. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/** A key prefix no other run (or test file) shares, so a test can list and delete its own keys. */
export const testRedisPrefix = (suffix = "") =>
  `angle-test:${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}:${suffix}`;

async function answersPing(url: string) {
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

/**
 * Whether Redis answers at `url`. The tests that need it skip on a machine without one, but under
 * CI=true a missing Redis fails the run (`what` names the tests that needed it).
 */
export async function redisForTests(what: string, url = TEST_REDIS_URL): Promise<boolean> {
  const up = await answersPing(url);
  if (!up && process.env.CI === "true") throw new Error(`Redis is not reachable at ${url}; CI runs ${what}`);
  return up;
}

import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { resetEnv } from "~/platform/env.server";
import { rateLimitCases } from "./rate-limit-cases";
import { closeRateLimitStore, hitRateLimit } from "./rate-limit.server";

/** The database rate-limit store (the default), on SQLite or, with TEST_DB=postgres, PostgreSQL. */
const limit = { max: 3, windowSeconds: 60 };
const buckets = (key: string) =>
  getDb().selectFrom("rate_limit_bucket").select(["bucket_start", "count"]).where("key", "=", key).orderBy("bucket_start").execute();

describe("rate limits in the database", () => {
  // The Redis run of the rate-limit tests (scripts/test-all.sh) sets RATE_LIMIT_STORE=redis for every file.
  beforeAll(async () => {
    await closeRateLimitStore();
    process.env.RATE_LIMIT_STORE = "database";
    resetEnv();
  });

  rateLimitCases();

  it("keeps a row per key and bucket, and drops the key's buckets once they leave the span", async () => {
    const start = Math.floor(Date.now() / 60_000) * 60;
    for (const s of [0, 5, 30]) await hitRateLimit("rows:a", limit, (start + s) * 1000);
    expect((await buckets("rows:a")).map((b) => [Number(b.bucket_start), Number(b.count)])).toEqual([
      [start, 2],
      [start + 30, 1],
    ]);
    await hitRateLimit("rows:a", limit, (start + 95) * 1000);
    expect((await buckets("rows:a")).map((b) => Number(b.bucket_start))).toEqual([start + 30, start + 90]);
  });

  it("sweeps the buckets of keys nobody has hit for a day", async () => {
    const now = Date.now();
    await closeRateLimitStore();
    await hitRateLimit("sweep:old", limit, now - 2 * 86_400_000);
    await closeRateLimitStore();
    await hitRateLimit("sweep:new", limit, now);
    expect(await buckets("sweep:old")).toEqual([]);
    expect(await buckets("sweep:new")).toHaveLength(1);
  });
});

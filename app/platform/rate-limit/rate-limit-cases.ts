import { expect, it } from "vitest";
import { defined } from "~/platform/defined";
import { clearRateLimit, hitRateLimit, type Limit } from "./rate-limit.server";

/**
 * What every rate-limit store must do, run against the database (rate-limit.server.test.ts) and
 * Redis (rate-limit-redis.server.test.ts) through the public API. The times are made up but near
 * the real clock, so Redis's expiry (on its own clock) cannot drop a count mid-test.
 */
export function rateLimitCases() {
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  /** `seconds` after the start of this minute, in epoch ms. */
  const at = (seconds: number) => minute + Math.round(seconds * 1000);
  const ten: Limit = { max: 10, windowSeconds: 60 };
  const three: Limit = { max: 3, windowSeconds: 60 };

  async function hitAt(key: string, limit: Limit, seconds: number[]) {
    const results = [];
    for (const s of seconds) results.push(await hitRateLimit(key, limit, at(s)));
    return results;
  }
  const allowed = (results: { allowed: boolean }[]) => results.map((r) => r.allowed);

  it("refuses a burst across the minute's boundary: 10 hits at :59 and more at :00 are one burst", async () => {
    expect(allowed(await hitAt("edge:a", ten, Array(10).fill(59.5)))).toEqual(Array(10).fill(true));
    const next = await hitAt("edge:a", ten, [60, 60.2, 61, 65]);
    expect(allowed(next)).toEqual([false, false, false, false]);
    // The ten at 59.5 sit in the bucket 50-59, which leaves the span when the bucket 120-129 begins.
    expect(next.map((r) => r.retryAfterSeconds)).toEqual([60, 60, 59, 55]);
  });

  it("frees the limit again 60 to 70 s after the hits, when the refusal said, however often the key tries meanwhile", async () => {
    for (const key of ["free:early", "free:on-time"]) {
      await hitAt(key, ten, Array(10).fill(52));
      expect(await hitRateLimit(key, ten, at(58))).toMatchObject({ allowed: false, retryAfterSeconds: 62 });
    }
    const meanwhile = await hitAt("free:on-time", ten, [60, 65, 70, 80, 90, 100, 110, 115, 119]);
    expect(allowed(meanwhile)).toEqual(Array(9).fill(false));
    expect((await hitRateLimit("free:early", ten, at(119.9))).allowed).toBe(false);
    expect(await hitRateLimit("free:on-time", ten, at(120))).toMatchObject({ allowed: true, retryAfterSeconds: 0 });
  });

  it("counts hits spread over the minute, and frees one place as the oldest leaves", async () => {
    for (const key of ["spread:early", "spread:on-time"]) {
      expect(allowed(await hitAt(key, three, [0, 25, 50]))).toEqual([true, true, true]);
      // The hit at 0 leaves the span when the bucket 70-79 begins.
      expect(await hitRateLimit(key, three, at(55))).toMatchObject({ allowed: false, retryAfterSeconds: 15 });
    }
    expect((await hitRateLimit("spread:early", three, at(69.9))).allowed).toBe(false);
    // Allowed, and the limit is full again until the hit at 25 leaves (at 90).
    expect(await hitRateLimit("spread:on-time", three, at(70))).toMatchObject({ allowed: true, retryAfterSeconds: 20 });
  });

  it("never lets more than `max` through in any 60 seconds of irregular traffic", async () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const times: number[] = [];
    for (let t = 0; times.length < 150; ) {
      t += random() < 0.3 ? random() * 0.5 : random() * 6;
      times.push(t);
    }
    const through: number[] = [];
    const refused: number[] = [];
    for (const t of times) ((await hitRateLimit("traffic:a", three, at(t))).allowed ? through : refused).push(t);
    const within = (from: number, to: number) => through.filter((u) => u >= from && u <= to).length;
    for (const t of through) expect(within(t - 60, t), `allowed in the 60 s up to ${t}`).toBeLessThanOrEqual(3);
    // And no stricter than the buckets make it: a refusal means three got through in the last 70 s.
    for (const t of refused) expect(within(t - 70, t), `allowed in the 70 s up to ${t}`).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeGreaterThan(50);
  });

  it("lets exactly `max` of a parallel burst of three times as many through", async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => hitRateLimit("burst:a", ten, at(5))));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("lets exactly `max` through when a parallel burst straddles two buckets", async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => hitRateLimit("burst:b", ten, at(i % 2 ? 69.999 : 70))));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("forgets a key when cleared, and only that key", async () => {
    await hitAt("clear:a", three, [10, 10, 10, 10]);
    await hitAt("clear:b", three, [10, 10, 10, 10]);
    await clearRateLimit("clear:a");
    expect((await hitRateLimit("clear:a", three, at(11))).allowed).toBe(true);
    expect((await hitRateLimit("clear:b", three, at(11))).allowed).toBe(false);
  });

  it("takes back one refunded hit, and only that one", async () => {
    const hits = await hitAt("refund:a", three, [10, 12, 30]); // 10 and 12: one bucket
    expect((await hitRateLimit("refund:a", three, at(31))).allowed).toBe(false);
    const second = defined(hits[1], "the second hit");
    await second.refund();
    await second.refund(); // a second refund of the same hit takes nothing more
    expect(allowed(await hitAt("refund:a", three, [32, 33]))).toEqual([true, false]);
  });
}

import { sql } from "kysely";
import { getDatabase } from "~/platform/db/db.server";
import { log } from "~/platform/log.server";
import type { RateLimitStore } from "./rate-limit.server";

// Buckets of keys nobody has hit for a day (a guessed email, a passing address) are swept now and
// then; a key that is hit again drops its own expired buckets.
const SWEEP_AFTER_SECONDS = 86_400;
const SWEEP_EVERY_SECONDS = 600;

/**
 * Counters in `rate_limit_bucket`, one row per key and bucket. A hit is one short transaction that
 * has the key to itself (PostgreSQL: an advisory lock on the key; SQLite: BEGIN IMMEDIATE holds the
 * database), so the span it reads cannot change before its own count is in, even from another process.
 */
export function createDatabaseRateLimitStore(): RateLimitStore {
  let lastSweep = -Infinity;
  return {
    async hit(key, bucketStart, { seconds, span }, max) {
      const { db, engine } = getDatabase();
      const result = await db.transaction().execute(async (trx) => {
        if (engine === "postgres") await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
        const rows = await trx.selectFrom("rate_limit_bucket").select(["bucket_start", "count"]).where("key", "=", key).execute();
        const buckets = rows.map((row) => ({ start: Number(row.bucket_start), count: Number(row.count) }));
        const oldest = bucketStart - span * seconds;
        if (buckets.some((bucket) => bucket.start < oldest)) {
          await trx.deleteFrom("rate_limit_bucket").where("key", "=", key).where("bucket_start", "<", oldest).execute();
        }
        // Later buckets count too: a hit stamped by a clock slightly behind sees what others counted.
        const counts = buckets.filter((bucket) => bucket.start >= oldest);
        const allowed = counts.reduce((sum, bucket) => sum + bucket.count, 0) < max;
        if (allowed) {
          await trx
            .insertInto("rate_limit_bucket")
            .values({ key, bucket_start: bucketStart, count: 1 })
            .onConflict((oc) => oc.columns(["key", "bucket_start"]).doUpdateSet({ count: sql`rate_limit_bucket.count + 1` }))
            .execute();
          const bucket = counts.find((b) => b.start === bucketStart);
          if (bucket) bucket.count++;
          else counts.push({ start: bucketStart, count: 1 });
        }
        return { allowed, counts };
      });
      if (bucketStart - lastSweep >= SWEEP_EVERY_SECONDS) {
        lastSweep = bucketStart;
        await db
          .deleteFrom("rate_limit_bucket")
          .where("bucket_start", "<", bucketStart - SWEEP_AFTER_SECONDS)
          .execute()
          .catch((error: unknown) => log.warn({ err: error }, "could not sweep old rate-limit buckets"));
      }
      return result;
    },
    async refund(key, bucketStart) {
      await getDatabase()
        .db.updateTable("rate_limit_bucket")
        .set({ count: sql`count - 1` })
        .where("key", "=", key)
        .where("bucket_start", "=", bucketStart)
        .where("count", ">", 0)
        .execute();
    },
    async clear(key) {
      await getDatabase().db.deleteFrom("rate_limit_bucket").where("key", "=", key).execute();
    },
    async close() {},
  };
}

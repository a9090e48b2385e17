import { sql } from "kysely";
import { type Db, getDatabase } from "~/platform/db/db.server";
import { log } from "~/platform/log.server";
import type { BucketCount, RateLimitStore, StoreHit, StoreHitRequest } from "./rate-limit.server";

// Buckets of keys nobody has hit for a day (a guessed email, a passing address) are swept now and
// then; a key that is hit again drops its own expired buckets.
const SWEEP_AFTER_SECONDS = 86_400;
const SWEEP_EVERY_SECONDS = 600;

/**
 * Counters in `rate_limit_bucket`, one row per key and bucket. On SQLite a hit (or a set of hits,
 * hitAll) is one short transaction that has the database to itself (BEGIN IMMEDIATE); on PostgreSQL
 * one statement that holds an advisory lock on each key (hitAllLocked). So the span a hit reads cannot change
 * before its own count is in, even from another process.
 */
export function createDatabaseRateLimitStore(): RateLimitStore {
  let lastSweep = -Infinity;
  const sweep = async (bucketStart: number) => {
    if (bucketStart - lastSweep < SWEEP_EVERY_SECONDS) return;
    lastSweep = bucketStart;
    await getDatabase()
      .db.deleteFrom("rate_limit_bucket")
      .where("bucket_start", "<", bucketStart - SWEEP_AFTER_SECONDS)
      .execute()
      .catch((error: unknown) => log.warn({ err: error }, "could not sweep old rate-limit buckets"));
  };
  const hitAll = async (hits: StoreHitRequest[]) => {
    const { db, engine } = getDatabase();
    const answers = engine === "postgres" ? await hitAllLocked(db, hits) : await allOrNone(db, hits, hitIn);
    await sweep(Math.max(...hits.map((h) => h.bucketStart)));
    return answers;
  };
  return {
    async hit(key, bucketStart, buckets, max) {
      const [answer] = await hitAll([{ key, bucketStart, buckets, max }]);
      if (!answer) throw new Error("no rate-limit answer");
      return answer;
    },
    hitAll,
    async refund(key, bucketStart) {
      await refundBucket(getDatabase().db, key, bucketStart);
    },
    async clear(key) {
      await getDatabase().db.deleteFrom("rate_limit_bucket").where("key", "=", key).execute();
    },
    async close() {},
  };
}

/**
 * PostgreSQL: one statement, the function `rate_limit_hits` (migration 0041): each key's advisory
 * lock taken just before its hit, in one order (descending: a checkout's per-customer key before
 * its per-address one, which many customers behind one address share, so that one is held least),
 * then its expired buckets dropped and its span read, which after the lock sees every earlier hit on
 * the key, from any process; the first refused ends it and nothing is counted, else every key
 * counts the hit. The locks go at the statement's commit, which (outside a caller's transaction)
 * does not wait for the disk: a lost fraction of a second of counts after a crash is harmless.
 */
async function hitAllLocked(db: Db, hits: StoreHitRequest[]): Promise<StoreHit[]> {
  const order = hits.map((h, i) => ({ h, i })).sort((a, b) => (a.h.key < b.h.key ? 1 : a.h.key > b.h.key ? -1 : a.i - b.i));
  const column = <T>(of: (h: StoreHitRequest) => T) => order.map(({ h }) => of(h));
  const { rows } = await sql<{ hit: number; allowed: boolean; buckets: BucketCount[] }>`
    select hit, allowed, buckets from rate_limit_hits(
      ${column((h) => h.key)}::text[],
      ${column((h) => h.bucketStart)}::bigint[],
      ${column((h) => h.bucketStart - h.buckets.span * h.buckets.seconds)}::bigint[],
      ${column((h) => h.max)}::bigint[],
      ${!db.isTransaction})`.execute(db);
  // In the caller's order, as far as they went.
  const byInput: StoreHit[] = [];
  for (const row of rows) {
    const at = order[row.hit - 1]?.i;
    if (at !== undefined) {
      byInput[at] = { allowed: row.allowed, counts: row.buckets.map((b) => ({ start: Number(b.start), count: Number(b.count) })) };
    }
  }
  return byInput;
}

/**
 * Each hit in turn in one transaction; the first refused ends it and rolls the set back, so none of
 * it is counted. The answers so far, the refused one last.
 */
function allOrNone(db: Db, hits: StoreHitRequest[], hitOne: (trx: Db, hit: StoreHitRequest) => Promise<StoreHit>) {
  return db
    .transaction()
    .execute(async (trx) => {
      const out: StoreHit[] = [];
      for (const h of hits) {
        const answer = await hitOne(trx, h);
        out.push(answer);
        if (!answer.allowed) throw new Refused(out);
      }
      return out;
    })
    .catch((error: unknown) => {
      if (error instanceof Refused) return error.answers;
      throw error;
    });
}

async function refundBucket(db: Db, key: string, bucketStart: number) {
  await db
    .updateTable("rate_limit_bucket")
    .set({ count: sql`count - 1` })
    .where("key", "=", key)
    .where("bucket_start", "=", bucketStart)
    .where("count", ">", 0)
    .execute();
}

/** A refused hit in a set: its answers so far, carried out of the transaction it rolls back. */
class Refused extends Error {
  constructor(readonly answers: StoreHit[]) {
    super("rate limit refused");
  }
}

/** One hit, judged and counted in `trx`, which has the key to itself. */
async function hitIn(trx: Db, { key, bucketStart, buckets: { seconds, span }, max }: StoreHitRequest): Promise<StoreHit> {
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
}

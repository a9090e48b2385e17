import type { Kysely } from "kysely";

/**
 * Rate limits count in short buckets per key instead of one fixed window per key, so a limit holds
 * over any 60 seconds (app/platform/rate-limit/rate-limit.server.ts explains the scheme). The old
 * `rate_limit` counts are dropped: they only matter for a minute, and nothing else reads them.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("rate_limit_bucket")
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("bucket_start", "bigint", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limit_bucket_pk", ["key", "bucket_start"])
    .execute();
  // For the sweep of buckets no key has hit for a day.
  await db.schema.createIndex("rate_limit_bucket_start").on("rate_limit_bucket").column("bucket_start").execute();
  await db.schema.dropTable("rate_limit").ifExists().execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema
    .createTable("rate_limit")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.dropTable("rate_limit_bucket").execute();
}

import { type Kysely, sql } from "kysely";

/**
 * The durable outbox (issue 11): a message is written here in the same transaction as the change
 * that causes it (an order placed, a status changed, an account created), and a worker sends it.
 * `dedupe_key` is unique, so one event never queues a message twice; `status` is pending → sent,
 * or failed after the last attempt (an admin can put it back to pending).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("dedupe_key", "text", (c) => c.notNull().unique())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(sql`status in ('pending', 'sending', 'sent', 'failed')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  // The worker's question: what is due now, oldest first.
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("outbox").execute();
}

import type { Kysely } from "kysely";

/**
 * Selling on ONDC (issue 35, docs/decisions/073-ondc-calls.md).
 *
 * `ondc_message`: every protocol call in and out, for support: which way, the action, the
 * transaction and message ids, the other participant, whether its signature verified (in) or ours
 * was made (out), the HTTP answer and ACK/NACK, and the body as sent or received (cut at 64 KB).
 *
 * `ondc_order`: one buyer app's transaction with the store, from its first `select`: the buyer app
 * and where to call it back, the provider (seller) it is with, how far it went (selected,
 * initialized, confirmed, cancelled), the last quote we sent, the billing and fulfilment it gave in
 * `init`, how it pays (ON-ORDER collected by the buyer app, or ON-FULFILLMENT: cash on delivery),
 * the settlement terms of the order (JSON), the store's order once confirmed, and the last order
 * state pushed to the buyer app by an unsolicited `on_status`.
 *
 * `ondc_issue`: a grievance raised through IGM `issue` about an order, and how it stands: once
 * resolved, the admin's note and what was done (IGM's action_triggered).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("ondc_message")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("direction", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("transaction_id", "text")
    .addColumn("message_id", "text")
    .addColumn("counterparty", "text")
    .addColumn("signature", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("http_status", "integer")
    .addColumn("ack", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ondc_message_created").on("ondc_message").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("ondc_message_transaction").on("ondc_message").column("transaction_id").execute();

  await db.schema
    .createTable("ondc_order")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("bap_id", "text", (c) => c.notNull())
    .addColumn("bap_uri", "text", (c) => c.notNull())
    .addColumn("transaction_id", "text", (c) => c.notNull())
    .addColumn("provider_id", "text")
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("order_id", "text", (c) => c.references("orders.id").unique())
    .addColumn("quote", "text")
    .addColumn("billing", "text")
    .addColumn("fulfillment", "text")
    .addColumn("payment_type", "text")
    .addColumn("payment_collected_by", "text")
    .addColumn("payment_status", "text")
    .addColumn("payment_reference", "text")
    .addColumn("settlement", "text")
    .addColumn("last_status_sent", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("ondc_order_transaction", ["bap_id", "transaction_id"])
    .execute();

  await db.schema
    .createTable("ondc_issue")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("bap_id", "text", (c) => c.notNull())
    .addColumn("issue_id", "text", (c) => c.notNull())
    .addColumn("transaction_id", "text", (c) => c.notNull())
    .addColumn("order_id", "text", (c) => c.references("orders.id"))
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("sub_category", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("resolution", "text")
    // IGM 1.0.0's resolution.action_triggered: NO-ACTION, REPLACEMENT, CANCEL (docs/decisions/073-ondc-admin.md).
    .addColumn("resolution_action", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("ondc_issue_of_bap", ["bap_id", "issue_id"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("ondc_issue").execute();
  await db.schema.dropTable("ondc_order").execute();
  await db.schema.dropTable("ondc_message").execute();
}

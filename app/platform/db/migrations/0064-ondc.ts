import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

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
 * `init`, the order's id the buyer app gave it in `confirm`, how it pays (ON-ORDER collected by the buyer app, or ON-FULFILLMENT: cash on delivery),
 * the settlement terms of the order (JSON), the store's order once confirmed, and the last order
 * state pushed to the buyer app by an unsolicited `on_status`.
 *
 * `ondc_issue`: a grievance raised through IGM `issue` about an order, and how it stands: once
 * resolved, the admin's note and what was done (IGM's action_triggered).
 *
 * `product_variant.changed_at`: when a pack size's stock, price, MRP or measure last changed (ISO, UTC),
 * kept by a trigger on both engines, so an incremental catalogue (`catalog_inc`) sees a size sold out by
 * orders, which never touch the product row's `updated_at` (docs/decisions/074-ondc-catalog.md). Null
 * until the first such change.
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
  // A replayed call is found by its message id (app/features/ondc/server/dispatch.server.ts).
  await db.schema.createIndex("ondc_message_message").on("ondc_message").column("message_id").execute();

  await db.schema
    .createTable("ondc_order")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("bap_id", "text", (c) => c.notNull())
    .addColumn("bap_uri", "text", (c) => c.notNull())
    .addColumn("transaction_id", "text", (c) => c.notNull())
    // The context's city (std:<STD code>): an unsolicited on_status is sent in it.
    .addColumn("city", "text")
    .addColumn("provider_id", "text")
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("order_id", "text", (c) => c.references("orders.id").unique())
    // The order's id on ONDC: the buyer app names it in `confirm`, and later calls name the order by it.
    .addColumn("bap_order_id", "text")
    // The buyer app's created_at of its confirm: ONDC's order keeps it in every later callback.
    .addColumn("bap_created_at", "text")
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
    // IGM 1.0.0's resolution.action_triggered: NO-ACTION, REPLACEMENT, CANCEL (docs/decisions/076-ondc-admin.md).
    .addColumn("resolution_action", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("ondc_issue_of_bap", ["bap_id", "issue_id"])
    .execute();

  await db.schema.alterTable("product_variant").addColumn("changed_at", "text").execute();
  await db.schema.createIndex("product_variant_changed").on("product_variant").column("changed_at").execute();
  if (isPostgres(db)) {
    await sql`create function product_variant_changed() returns trigger language plpgsql as $$
      begin
        if (new.stock, new.price_paise, new.mrp_paise, new.pack_quantity, new.pack_unit, new.label)
          is distinct from (old.stock, old.price_paise, old.mrp_paise, old.pack_quantity, old.pack_unit, old.label) then
          new.changed_at := to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger product_variant_changed before update on product_variant
      for each row execute function product_variant_changed()`.execute(db);
  } else {
    // Its own write changes none of the columns it watches, so it does not fire itself again.
    await sql`create trigger product_variant_changed after update of stock, price_paise, mrp_paise, pack_quantity, pack_unit, label
      on product_variant for each row
      when new.stock is not old.stock or new.price_paise is not old.price_paise or new.mrp_paise is not old.mrp_paise
        or new.pack_quantity is not old.pack_quantity or new.pack_unit is not old.pack_unit or new.label is not old.label
      begin
        update product_variant set changed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where id = new.id;
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    await sql`drop trigger product_variant_changed on product_variant`.execute(db);
    await sql`drop function product_variant_changed()`.execute(db);
  } else {
    await sql`drop trigger product_variant_changed`.execute(db);
  }
  await db.schema.dropIndex("product_variant_changed").execute();
  await db.schema.alterTable("product_variant").dropColumn("changed_at").execute();
  await db.schema.dropTable("ondc_issue").execute();
  await db.schema.dropTable("ondc_order").execute();
  await db.schema.dropTable("ondc_message").execute();
}

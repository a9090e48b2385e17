import { sql, type Kysely } from "kysely";

/**
 * Draft orders (docs/decisions/064-draft-orders.md): an order the phone desk keeps for a farmer until
 * they agree. Its lines are the cart cookie's text ("p~v.3|p~v.1"), priced again whenever it is shown
 * or placed; its discount is a sum off the goods, with the reason asked. The checkout key is drawn
 * with the draft, so placing it twice is one order.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("draft_order")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("farmer_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("lines", "text", (c) => c.notNull())
    .addColumn("discount_paise", "bigint", (c) => c.notNull().defaultTo(0).check(sql`discount_paise >= 0`))
    .addColumn("discount_reason", "text")
    .addColumn("checkout_key", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('open', 'placed', 'discarded')`))
    .addColumn("order_id", "text", (c) => c.references("orders.id").onDelete("set null"))
    // Staff ids without a foreign key, as the audit trail keeps them: the draft outlives the account.
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("draft_order_status").on("draft_order").columns(["status", "updated_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("draft_order").execute();
}

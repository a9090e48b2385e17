import { sql, type Kysely } from "kysely";

/**
 * Recalls (issue 32, docs/decisions/059-recalls.md): a lot taken off sale for good, with who did it,
 * when and why, and what became of the orders holding it.
 *
 * `lot_recall`: one per lot (a lot is recalled once): the reason, the actor (an admin, or the vendor
 * whose product it is) and, as the recall found them, how many open orders it flagged and how many
 * customers who had received the lot it told (by email and SMS, through the outbox).
 *
 * `recall_hold`: an open order (not yet shipped) holding units of a recalled lot, flagged by the
 * recall for an admin to resolve: `swapped` (its units taken from the size's other sellable lots)
 * or `cancelled` (cancelled and refunded). Unresolved while `resolved_at` is null.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("lot_recall")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("lot_id", "text", (c) => c.notNull().unique().references("lot.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("actor_id", "text", (c) => c.notNull())
    .addColumn("actor_role", "text", (c) => c.notNull().check(sql`actor_role in ('admin', 'vendor')`))
    .addColumn("held_orders", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("told_customers", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("recall_hold")
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("lot_id", "text", (c) => c.notNull().references("lot.id").onDelete("cascade"))
    .addColumn("recall_id", "text", (c) => c.notNull().references("lot_recall.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("resolved_at", "text")
    .addColumn("resolution", "text", (c) => c.check(sql`resolution in ('swapped', 'cancelled')`))
    .addColumn("resolved_by", "text")
    .addPrimaryKeyConstraint("recall_hold_pk", ["order_id", "lot_id"])
    .addCheckConstraint("recall_hold_resolved", sql`(resolved_at is null) = (resolution is null)`)
    .execute();
  await db.schema.createIndex("recall_hold_by_lot").on("recall_hold").columns(["lot_id", "order_id"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("recall_hold").execute();
  await db.schema.dropTable("lot_recall").execute();
}

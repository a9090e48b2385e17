import type { Kysely } from "kysely";

/**
 * Field agents' orders (docs/decisions/065-field-agents.md): an agent's list of the orders they
 * placed and the count of today's, against their daily limit, read by who placed an order and when.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.createIndex("orders_placed_by").on("orders").columns(["placed_by", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("orders_placed_by").execute();
}

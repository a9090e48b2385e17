import type { Kysely } from "kysely";

/**
 * Assisted orders (issue 33, docs/decisions/062-assisted-orders.md): the member of staff who placed
 * an order for a farmer, by phone. Null for the customer's own orders.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("orders").addColumn("placed_by", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("orders").dropColumn("placed_by").execute();
}

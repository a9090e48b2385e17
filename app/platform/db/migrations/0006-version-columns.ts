import type { Kysely } from "kysely";

/**
 * Optimistic locking by a counter: every write to a product adds 1 to its `version`, and a form
 * saves only if the product still has the version it was filled from. updated_at served before,
 * but two writes in one millisecond share a timestamp, so a stale form could pass the check.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("product")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("product").dropColumn("version").execute();
}

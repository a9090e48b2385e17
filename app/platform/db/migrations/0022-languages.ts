import { sql, type Kysely } from "kysely";

/**
 * Hindi and English (issue 16, docs/decisions/026-hindi.md).
 *
 * - `user.locale`: the language the person last chose with the switch; a new browser they sign in
 *   on opens in it. Null until they choose.
 * - `orders.locale`: the language the order was placed in; its emails are written in it.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("user")
    .addColumn("locale", "text", (c) => c.check(sql`locale in ('en', 'hi')`))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("locale", "text", (c) => c.notNull().defaultTo("en").check(sql`locale in ('en', 'hi')`))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("orders").dropColumn("locale").execute();
  await db.schema.alterTable("user").dropColumn("locale").execute();
}

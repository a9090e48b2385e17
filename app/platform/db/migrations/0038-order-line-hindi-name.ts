import { sql, type Kysely } from "kysely";

/**
 * `order_line.name_hi`: the product's Hindi name as it was when the order was placed, beside the
 * English `name` snapshot (orders snapshot their lines: a later edit of the product changes no past
 * order). A page, email, SMS or invoice in Hindi names the line by it; null (a product with no Hindi
 * name) falls back to the English name.
 *
 * Lines of orders placed before this take their product's Hindi name as it is now, where the product
 * still exists and has one: the nearest thing to a snapshot they never had.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("order_line").addColumn("name_hi", "text").execute();
  await backfillHindiNames(db);
}

/** Lines without a Hindi name take their product's, where it still exists and has one. */
export async function backfillHindiNames<Schema>(db: Kysely<Schema>) {
  await sql`update order_line set name_hi = (
      select nullif(trim(product.name_hi), '') from product where product.id = order_line.product_id
    ) where name_hi is null`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("order_line").dropColumn("name_hi").execute();
}

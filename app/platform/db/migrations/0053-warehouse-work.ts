import { sql, type Kysely } from "kysely";

/**
 * Warehouse work (docs/decisions/058-warehouse-work.md).
 *
 * `orders.eway_bill_no`: the 12-digit e-way bill number the admin recorded for an order whose
 * consignment value is above the store's threshold (shipping it waits for it); `eway_bill_at` when,
 * `eway_bill_by` who.
 *
 * `product_variant.reorder_level`: a pack size at or below this many on hand is listed in the
 * low-stock alerts; null: never.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("orders")
    .addColumn("eway_bill_no", "text", (c) => c.check(sql`eway_bill_no is null or length(eway_bill_no) = 12`))
    .execute();
  await db.schema.alterTable("orders").addColumn("eway_bill_at", "text").execute();
  await db.schema.alterTable("orders").addColumn("eway_bill_by", "text").execute();
  await db.schema
    .alterTable("product_variant")
    .addColumn("reorder_level", "integer", (c) => c.check(sql`reorder_level is null or reorder_level between 0 and 1000000`))
    .execute();
  // The alerts' first question: which sizes have a level at all.
  await db.schema
    .createIndex("product_variant_reorder")
    .on("product_variant")
    .columns(["reorder_level"])
    .where(sql.ref("reorder_level"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("product_variant_reorder").execute();
  await db.schema.alterTable("product_variant").dropColumn("reorder_level").execute();
  await db.schema.alterTable("orders").dropColumn("eway_bill_by").execute();
  await db.schema.alterTable("orders").dropColumn("eway_bill_at").execute();
  await db.schema.alterTable("orders").dropColumn("eway_bill_no").execute();
}

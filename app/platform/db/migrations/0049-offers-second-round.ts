import { sql, type Kysely } from "kysely";

/**
 * Offers, second round (issue 31, docs/decisions/050-offers.md):
 * - "Buy X get Y": `buy_quantity` (X) and `get_quantity` (Y) set make an offer one; the Y units are of
 *   the pack sizes in `get_variant_ids` (JSON text; [] is the same pack sizes as the X), and
 *   `discount_percent` is what is taken off each of them (100: free). `discount_type` stays
 *   'percent' for it, so the column's CHECK is unchanged on both engines.
 * - `pincodes`: JSON text, each a 6-digit pincode or a prefix ending in "*" ("4130*"); [] is everywhere.
 * - Vendor-funded offers: `vendor_id` the vendor that pays for it (null: the store), `approval` the
 *   admin's decision on it (a vendor's offer waits, 'pending', until approved). Each use records who
 *   funded it (`offer_use.funded_by`) as it was when the order was placed.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("offer")
    .addColumn("buy_quantity", "integer", (c) => c.check(sql`buy_quantity between 1 and 1000`))
    .execute();
  await db.schema
    .alterTable("offer")
    .addColumn("get_quantity", "integer", (c) => c.check(sql`get_quantity between 1 and 1000`))
    .execute();
  await db.schema
    .alterTable("offer")
    .addColumn("get_variant_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .alterTable("offer")
    .addColumn("pincodes", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema.alterTable("offer").addColumn("vendor_id", "text").execute();
  await db.schema
    .alterTable("offer")
    .addColumn("approval", "text", (c) => c.notNull().defaultTo("approved").check(sql`approval in ('approved', 'pending', 'rejected')`))
    .execute();
  await db.schema.createIndex("offer_vendor").on("offer").columns(["vendor_id"]).execute();
  await db.schema.alterTable("offer_use").addColumn("funded_by", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("offer_use").dropColumn("funded_by").execute();
  await db.schema.dropIndex("offer_vendor").execute();
  for (const column of ["approval", "vendor_id", "pincodes", "get_variant_ids", "get_quantity", "buy_quantity"]) {
    await db.schema.alterTable("offer").dropColumn(column).execute();
  }
}

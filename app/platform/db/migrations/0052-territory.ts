import { sql, type Kysely } from "kysely";

/**
 * Dealer territory and subsidised fertilisers (docs/decisions/057-territory.md).
 *
 * `vendor_licence.states`: the States and Union Territories (their names, as the address forms post
 * them) where the licence is valid, as a JSON array; null when none were entered. A licence that
 * named the State that issued it is taken to be valid there: a fertiliser dealer's authorisation is
 * valid in the State that granted it.
 *
 * `product.subsidised`: 1 for a fertiliser sold at the government-fixed MRP under the nutrient
 * subsidy (urea, DAP…), whose retail sale is recorded on an Aadhaar point-of-sale device; the store's
 * setting decides whether it is delivered at all.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("vendor_licence").addColumn("states", "text").execute();
  await sql`update vendor_licence set states = '["' || state || '"]' where state is not null`.execute(db);
  await db.schema
    .alterTable("product")
    .addColumn("subsidised", "integer", (c) => c.notNull().defaultTo(0).check(sql`subsidised in (0, 1)`))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("product").dropColumn("subsidised").execute();
  await db.schema.alterTable("vendor_licence").dropColumn("states").execute();
}

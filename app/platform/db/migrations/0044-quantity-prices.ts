import { sql, type Kysely } from "kysely";

/**
 * Quantity prices (issue 31): a pack size's price breaks, "₹1,290 each for 10 or more", as text on
 * the size's own row ("10:129000,25:125000": the least quantity, then the unit price before GST in
 * paise; ascending quantities, descending prices; app/features/catalog/domain/price-breaks.ts). On
 * the row, not in a table of their own, so the order's one read of its sizes has them without a
 * join, and a size without breaks (null) costs nothing. At most four, checked by the forms and the
 * import, whose refusals say why.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table product_variant add column price_breaks text`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table product_variant drop column price_breaks`.execute(db);
}

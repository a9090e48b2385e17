import type { Kysely } from "kysely";

/**
 * `seller_licence` becomes `vendor_licence` (issue 28, one name per concept): it holds the licences of
 * vendors, the businesses selling through the store; "seller" is kept for the seller of an order line
 * or a tax document, the store or a vendor. Both engines carry the table's triggers (0024's catalogue
 * version) and keys along with a rename; their names keep the old word.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("seller_licence").renameTo("vendor_licence").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("vendor_licence").renameTo("seller_licence").execute();
}

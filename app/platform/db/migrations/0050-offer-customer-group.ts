import type { Kysely } from "kysely";

/**
 * Offers for one customer group (issue 31, docs/decisions/050-offers.md, "Customer groups"):
 * `customer_group_id` names the group whose members alone get the offer; null is everyone. No foreign
 * key: a group that no longer exists has no members, so its offers give nothing (never everyone).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("offer").addColumn("customer_group_id", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("offer").dropColumn("customer_group_id").execute();
}

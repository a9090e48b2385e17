import type { Kysely } from "kysely";

/**
 * Order SMS go only to a number proved by an SMS code (docs/decisions/030-pre-registration-and-phones.md).
 *
 * - `user.verified_phone`: the profile phone (E.164) as it was when its owner typed back the code
 *   sent to it; null until then. It counts only while the profile phone is still that number, so
 *   changing the phone un-verifies it whoever writes the change.
 * - `phone_code.user_id`: the account a code verifies a profile phone for; null for a sign-in code.
 *   A code of one kind is never accepted as the other.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("user").addColumn("verified_phone", "text").execute();
  await db.schema.alterTable("phone_code").addColumn("user_id", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("phone_code").dropColumn("user_id").execute();
  await db.schema.alterTable("user").dropColumn("verified_phone").execute();
}

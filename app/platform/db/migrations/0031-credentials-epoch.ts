import type { Kysely } from "kysely";

/**
 * `user.credentials_epoch`: when the account last changed hands or keys (a password reset, a password
 * change, the first confirmation of its email), ISO UTC; null until then. A change-of-email link
 * signed before it is refused: whoever asked for it may be the person those events shut out
 * (docs/decisions/030-pre-registration-and-phones.md).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("user").addColumn("credentials_epoch", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("user").dropColumn("credentials_epoch").execute();
}

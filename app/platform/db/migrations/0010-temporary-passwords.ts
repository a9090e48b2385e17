import type { Kysely } from "kysely";

/**
 * Admin-issued passwords are temporary (issue 11): an account an admin creates (the Users page,
 * `npm run admin:create`) carries the time its password stops working, ISO-8601 UTC. Until then the
 * person may sign in, but every page sends them to /account/set-password; after it, sign-in is
 * refused. Setting one's own password (or a reset by email) clears it. Null: an ordinary password.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("user").addColumn("password_must_change_by", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("user").dropColumn("password_must_change_by").execute();
}

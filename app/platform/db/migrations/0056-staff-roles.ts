import type { Kysely } from "kysely";

/**
 * Staff roles (issue 33, docs/decisions/060-staff-roles.md): an admin account's role on the store's
 * team — owner, catalogue, orders, accounts or support (app/platform/core/staff-policy.ts). Null is
 * Owner: the admins made before roles, and those `npm run admin:create` and ADMIN_EMAIL make.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("user").addColumn("staff_role", "text").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("user").dropColumn("staff_role").execute();
}

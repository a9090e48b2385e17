import type { Kysely } from "kysely";

/**
 * CSV imports waiting between their preview and "Apply import" (docs/decisions/020-csv-import.md):
 * the uploaded text, under a random id, for the admin or vendor who uploaded it (`scope` says
 * which page), until `expires_at`. Applying takes the row in the import's transaction, so an
 * import is applied once.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("catalog_import")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("csv", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("catalog_import_user").on("catalog_import").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("catalog_import_expiry").on("catalog_import").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("catalog_import").execute();
}

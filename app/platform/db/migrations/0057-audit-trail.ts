import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The audit trail (issue 33, docs/decisions/061-audit-trail.md): one row per change a member of staff,
 * a vendor or the system made — who, when, from which address, what (the changed fields as
 * `{ field: [before, after] }`), and why. Written in the change's own transaction; a trigger on both
 * engines refuses to change or delete a row once written. `actor_id` is no foreign key: the record
 * outlives the account.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("audit_entry")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_role", "text", (c) =>
      c.notNull().check(sql`actor_role in ('owner', 'catalogue', 'orders', 'accounts', 'support', 'vendor', 'system')`),
    )
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("ip", "text")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("object_type", "text", (c) => c.notNull())
    .addColumn("object_id", "text", (c) => c.notNull())
    .addColumn("changes", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .execute();
  await db.schema.createIndex("audit_entry_object").on("audit_entry").columns(["object_type", "object_id", "at"]).execute();
  await db.schema.createIndex("audit_entry_actor").on("audit_entry").columns(["actor_id", "at"]).execute();
  await db.schema.createIndex("audit_entry_kind").on("audit_entry").columns(["kind", "at"]).execute();

  if (isPostgres(db)) {
    await sql`create function audit_entry_kept() returns trigger language plpgsql as $$
      begin
        raise exception 'audit entries cannot be changed or deleted';
      end $$`.execute(db);
    await sql`create trigger audit_entry_kept before update or delete on audit_entry
      for each row execute function audit_entry_kept()`.execute(db);
    return;
  }
  await sql`create trigger audit_entry_not_changed before update on audit_entry
    begin select raise(abort, 'audit entries cannot be changed or deleted'); end`.execute(db);
  await sql`create trigger audit_entry_not_deleted before delete on audit_entry
    begin select raise(abort, 'audit entries cannot be changed or deleted'); end`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    await sql`drop trigger audit_entry_kept on audit_entry`.execute(db);
    await sql`drop function audit_entry_kept()`.execute(db);
  }
  await db.schema.dropTable("audit_entry").execute();
}

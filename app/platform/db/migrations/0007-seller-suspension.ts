import { DatabaseSync } from "node:sqlite";
import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const BEFORE = "status in ('live', 'pending', 'rejected', 'archived')";
const AFTER = "status in ('live', 'pending', 'rejected', 'archived', 'suspended')";

/**
 * A new product status, "suspended": a live listing whose vendor an admin suspended. Everything that
 * sells or lists reads status = 'live' (catalogue, search index, per-category counts, product
 * page, cart quote, checkout), so the listing leaves all of them the moment its status changes,
 * and the trigger-kept counts stay exact on both engines. Suspension and reactivation switch the
 * status in the same transaction as the account (app/features/accounts/server/account-lifecycle.server.ts).
 *
 * Only the CHECK constraint on product.status changes. PostgreSQL replaces it. SQLite cannot alter
 * a CHECK; its documented way to widen one is to edit the table's definition in sqlite_schema
 * (https://www.sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema Changes": every
 * stored row already satisfies the wider check). Node opens databases in defensive mode, which
 * forbids that edit, so it runs on a connection of its own to the same file.
 */
export async function up(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    await sql`alter table product drop constraint if exists product_status_check`.execute(db);
    await sql.raw(`alter table product add constraint product_status_check check (${AFTER})`).execute(db);
    return;
  }
  await editSqliteCheck(db, BEFORE, AFTER);
}

export async function down(db: Kysely<unknown>) {
  await sql`update product set status = 'live' where status = 'suspended'`.execute(db);
  if (isPostgres(db)) {
    await sql`alter table product drop constraint if exists product_status_check`.execute(db);
    await sql.raw(`alter table product add constraint product_status_check check (${BEFORE})`).execute(db);
    return;
  }
  await editSqliteCheck(db, AFTER, BEFORE);
}

async function editSqliteCheck(db: Kysely<unknown>, from: string, to: string) {
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file;
  if (!file) throw new Error("0007-seller-suspension: the SQLite database must be a file.");
  const own = new DatabaseSync(file, { timeout: 5000 });
  try {
    own.enableDefensive(false);
    own.exec("begin immediate");
    try {
      const table = own.prepare("select sql from sqlite_schema where type = 'table' and name = 'product'").get() as { sql: string };
      if (!table.sql.includes(from)) throw new Error(`0007-seller-suspension: product has no check "${from}".`);
      const version = Number((own.prepare("pragma schema_version").get() as { schema_version: number }).schema_version);
      own.exec("pragma writable_schema = on");
      own.prepare("update sqlite_schema set sql = ? where type = 'table' and name = 'product'").run(table.sql.replace(from, to));
      own.exec(`pragma schema_version = ${version + 1}`);
      own.exec("pragma writable_schema = off");
      const check = own.prepare("pragma quick_check").get() as { quick_check: string };
      if (check.quick_check !== "ok") throw new Error(`0007-seller-suspension: quick_check says ${check.quick_check}`);
      own.exec("commit");
    } catch (error) {
      own.exec("rollback");
      throw error;
    }
  } finally {
    own.close();
  }
}

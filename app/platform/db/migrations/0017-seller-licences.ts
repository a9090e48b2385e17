import { DatabaseSync } from "node:sqlite";
import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const KINDS = sql`('seed', 'fertiliser', 'pesticide')`;
const NEW_STATUS = "unlicensed";

/**
 * Sellers of regulated goods (issue 13, docs/decisions/019-licensed-sellers.md).
 *
 * - `product.regulated_as`: 'seed', 'fertiliser', 'pesticide' or null. Existing rows take it from
 *   their category (seeds → seed, fertilizers → fertiliser; pesticides in the fertilizers category
 *   are marked by a later edit).
 * - `seller_licence`: a vendor's licence per kind (one each): number, expiry day in India as ISO
 *   text (compared as text on both engines), optional issuing authority and State, and who verified
 *   it when. `version` goes up with every change the vendor makes, so an admin verifies what they saw.
 * - A new product status, "unlicensed": a vendor's approved listing whose vendor has no verified,
 *   unexpired licence for its kind. Everything that sells or lists reads status = 'live', so, as
 *   with "suspended" (0007), the listing leaves the catalogue, search, counts and crop pages at once.
 *   No vendor has a licence yet, so their live regulated listings become "unlicensed" here; each
 *   returns when an admin verifies the vendor's licence.
 */
export async function up(db: Kysely<unknown>) {
  // First, as in 0007: on SQLite, after this connection had itself altered product, the edit made
  // on the other connection left it reporting "no such table: product".
  await widenStatusCheck(db, (values) => (values.includes(NEW_STATUS) ? values : [...values, NEW_STATUS]));
  await db.schema
    .alterTable("product")
    .addColumn("regulated_as", "text", (c) => c.check(sql`regulated_as in ${KINDS}`))
    .execute();
  await sql`update product set regulated_as = case category when 'seeds' then 'seed' when 'fertilizers' then 'fertiliser' else null end`.execute(
    db,
  );
  await sql`update product set status = 'unlicensed' where status = 'live' and vendor_id is not null and regulated_as is not null`.execute(
    db,
  );
  // A vendor's listings by kind and status: what a licence change and the expiry sweep update.
  await db.schema.createIndex("product_vendor_regulated").on("product").columns(["vendor_id", "regulated_as", "status"]).execute();

  await db.schema
    .createTable("seller_licence")
    .addColumn("vendor_id", "text", (c) => c.notNull().references("vendor.user_id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ${KINDS}`))
    .addColumn("number", "text", (c) => c.notNull().check(sql`length(number) between 4 and 40`))
    .addColumn("expires_on", "text", (c) => c.notNull().check(sql`length(expires_on) = 10`))
    .addColumn("authority", "text")
    .addColumn("state", "text")
    .addColumn("verified_at", "text")
    // The admin's user id, kept as a record even if that account is later deleted.
    .addColumn("verified_by", "text")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("seller_licence_pk", ["vendor_id", "kind"])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("seller_licence").ifExists().execute();
  await sql`update product set status = 'live' where status = 'unlicensed'`.execute(db);
  await widenStatusCheck(db, (values) => values.filter((v) => v !== NEW_STATUS));
  await db.schema.dropIndex("product_vendor_regulated").ifExists().execute();
  await db.schema.alterTable("product").dropColumn("regulated_as").execute();
}

/**
 * Rewrites product.status's CHECK with the values `change` gives from the current ones (read from
 * the database, so a status another migration added stays). PostgreSQL replaces the constraint;
 * SQLite cannot alter a CHECK, so, as 0007-seller-suspension does, the table's definition is edited
 * in sqlite_schema (https://www.sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema
 * Changes"; every stored row satisfies the new check) on a connection of its own, since Node opens
 * databases in defensive mode.
 */
export async function widenStatusCheck(db: Kysely<unknown>, change: (values: string[]) => string[]) {
  const list = (values: string[]) => values.map((v) => `'${v}'`).join(", ");
  if (isPostgres(db)) {
    const { rows } = await sql<{ def: string }>`
      select pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = 'product'::regclass and conname = 'product_status_check'`.execute(db);
    const current = [...(rows[0]?.def ?? "").matchAll(/'([a-z_]+)'/g)].map((m) => m[1] ?? "");
    if (current.length === 0) throw new Error("0017-seller-licences: product has no status check.");
    await sql`alter table product drop constraint product_status_check`.execute(db);
    await sql.raw(`alter table product add constraint product_status_check check (status in (${list(change(current))}))`).execute(db);
    return;
  }
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file;
  if (!file) throw new Error("0017-seller-licences: the SQLite database must be a file.");
  const own = new DatabaseSync(file, { timeout: 5000 });
  try {
    own.enableDefensive(false);
    own.exec("begin immediate");
    try {
      const table = own.prepare("select sql from sqlite_schema where type = 'table' and name = 'product'").get() as { sql: string };
      const check = /status in \(([^)]*)\)/.exec(table.sql);
      if (!check) throw new Error("0017-seller-licences: product has no status check.");
      const current = [...(check[1] ?? "").matchAll(/'([a-z_]+)'/g)].map((m) => m[1] ?? "");
      const edited = table.sql.replace(check[0], `status in (${list(change(current))})`);
      const version = Number((own.prepare("pragma schema_version").get() as { schema_version: number }).schema_version);
      own.exec("pragma writable_schema = on");
      own.prepare("update sqlite_schema set sql = ? where type = 'table' and name = 'product'").run(edited);
      own.exec(`pragma schema_version = ${version + 1}`);
      own.exec("pragma writable_schema = off");
      const result = own.prepare("pragma quick_check").get() as { quick_check: string };
      if (result.quick_check !== "ok") throw new Error(`0017-seller-licences: quick_check says ${result.quick_check}`);
      own.exec("commit");
    } catch (error) {
      own.exec("rollback");
      throw error;
    }
  } finally {
    own.close();
  }
}

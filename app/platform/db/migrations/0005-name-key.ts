import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * How a name sorts (lower(name), "Neem" before "NPK") becomes a column, name_key, kept by the
 * database, and the name sorts' indexes (0002) move onto it. PostgreSQL stores it: folding the
 * case of every match's name took a quarter of a search at 100,000 products (C.UTF-8 lower() costs
 * ~0.35 µs a name). SQLite computes it when read, as it did lower(name), and indexes it as before.
 *
 * PostgreSQL's search index also stops deferring its updates (fastupdate): deferred entries sit in
 * a list that every search reads until a vacuum merges them, and a catalogue is read far more
 * often than it is written.
 */
const NAME_INDEXES: [string, string][] = [
  ["product_sort_name", "status"],
  ["product_sort_category_name", "status, category"],
];

export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  await sql
    .raw(`alter table product add column name_key text generated always as (lower(name)) ${postgres ? "stored" : "virtual"}`)
    .execute(db);
  for (const [index, columns] of NAME_INDEXES) {
    await sql.raw(`drop index if exists ${index}`).execute(db);
    await sql.raw(`create index ${index} on product (${columns}, name_key, id)`).execute(db);
  }
  if (postgres) {
    await sql`alter index product_search_trgm set (fastupdate = off)`.execute(db);
    await sql`select gin_clean_pending_list('product_search_trgm')`.execute(db);
  }
  // Statistics for the new indexes: without them SQLite takes "status = 'live'" for a rare value
  // and reads whole scans through an index, a row lookup per product.
  await sql`analyze product`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const [index, columns] of NAME_INDEXES) {
    await sql.raw(`drop index if exists ${index}`).execute(db);
    await sql.raw(`create index ${index} on product (${columns}, lower(name), id)`).execute(db);
  }
  await sql`alter table product drop column name_key`.execute(db);
  if (isPostgres(db)) await sql`alter index product_search_trgm set (fastupdate = on)`.execute(db);
}

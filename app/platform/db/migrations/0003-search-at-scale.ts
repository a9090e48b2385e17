import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Search that stays fast at 100,000 products (find-products.server.ts has the queries).
 *
 * PostgreSQL: one column holds what a search looks at, lower(name || chr(1) || description), kept
 * by the database, with one pg_trgm index. chr(1) is a character a search never holds
 * (parseCatalogQuery drops control characters), so no match straddles name and description.
 * "name or description contains q" becomes one indexed predicate (with an index per column the
 * planner ORed two bitmaps or, often, scanned the table), and the index's recheck compares
 * lower-case text as stored instead of folding the case of every candidate again.
 *
 * SQLite: the FTS5 index holds only the products on sale, so it alone counts a search's matches.
 */
export async function up(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    await sql`alter table product add column search_text text not null generated always as (lower(name || chr(1) || description)) stored`.execute(
      db,
    );
    await sql`create index product_search_trgm on product using gin (search_text gin_trgm_ops)`.execute(db);
    // product_name_trgm stays: the admin list searches names alone.
    await sql`drop index if exists product_description_trgm`.execute(db);
    await sql`analyze product`.execute(db);
    return;
  }
  await dropSqliteSearch(db);
  await createSqliteSearch(db, "live");
}

export async function down(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    await sql`create index if not exists product_description_trgm on product using gin (description gin_trgm_ops)`.execute(db);
    await sql`alter table product drop column if exists search_text`.execute(db);
    return;
  }
  await dropSqliteSearch(db);
  await createSqliteSearch(db, "all");
}

async function dropSqliteSearch(db: Kysely<unknown>) {
  for (const t of ["product_search_insert", "product_search_delete", "product_search_update"])
    await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  await sql`drop table if exists product_search`.execute(db);
}

/** The trigram index over name and description, of the products on sale ("live") or of all (0002). */
async function createSqliteSearch(db: Kysely<unknown>, scope: "live" | "all") {
  const isIndexed = (row: "new" | "old" | "product") => sql.raw(scope === "live" ? `${row}.status = 'live'` : "1");
  await sql`create virtual table product_search using fts5(name, description, content='product', content_rowid='rowid', tokenize='trigram case_sensitive 0')`.execute(
    db,
  );
  await sql`insert into product_search(rowid, name, description) select rowid, name, description from product where ${isIndexed("product")}`.execute(
    db,
  );
  await sql`create trigger product_search_insert after insert on product when ${isIndexed("new")} begin
    insert into product_search(rowid, name, description) values (new.rowid, new.name, new.description);
  end`.execute(db);
  await sql`create trigger product_search_delete after delete on product when ${isIndexed("old")} begin
    insert into product_search(product_search, rowid, name, description) values ('delete', old.rowid, old.name, old.description);
  end`.execute(db);
  // Going on sale, leaving it, or changing text: take the old row out if it was in, put the new one in if it belongs.
  await sql`create trigger product_search_update after update of name, description, status on product begin
    insert into product_search(product_search, rowid, name, description) select 'delete', old.rowid, old.name, old.description where ${isIndexed("old")};
    insert into product_search(rowid, name, description) select new.rowid, new.name, new.description where ${isIndexed("new")};
  end`.execute(db);
}

import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Substring search at scale, keeping the spec's semantics (name or description contains the text,
 * any case): SQLite gets an FTS5 trigram index kept in step by triggers; PostgreSQL gets pg_trgm
 * GIN indexes that answer ILIKE '%q%'. Both serve queries of 3+ characters; shorter ones scan.
 */
export async function up(db: Kysely<any>) {
  // Sorting by name ignores case; this index keeps that sort cheap on a large catalogue.
  await sql`create index product_status_lower_name on product (status, lower(name))`.execute(db);
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index product_name_trgm on product using gin (name gin_trgm_ops)`.execute(db);
    await sql`create index product_description_trgm on product using gin (description gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table product_search using fts5(name, description, content='product', content_rowid='rowid', tokenize='trigram case_sensitive 0')`.execute(db);
  await sql`create trigger product_search_insert after insert on product begin
    insert into product_search(rowid, name, description) values (new.rowid, new.name, new.description);
  end`.execute(db);
  await sql`create trigger product_search_delete after delete on product begin
    insert into product_search(product_search, rowid, name, description) values ('delete', old.rowid, old.name, old.description);
  end`.execute(db);
  await sql`create trigger product_search_update after update of name, description on product begin
    insert into product_search(product_search, rowid, name, description) values ('delete', old.rowid, old.name, old.description);
    insert into product_search(rowid, name, description) values (new.rowid, new.name, new.description);
  end`.execute(db);
  await sql`insert into product_search(product_search) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index if exists product_status_lower_name`.execute(db);
  if (isPostgres(db)) {
    await sql`drop index if exists product_name_trgm`.execute(db);
    await sql`drop index if exists product_description_trgm`.execute(db);
    return;
  }
  for (const t of ["product_search_insert", "product_search_delete", "product_search_update"]) await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  await sql`drop table if exists product_search`.execute(db);
}

import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Substring search at scale, keeping the spec's semantics (name or description contains the text,
 * any case): SQLite gets an FTS5 trigram index kept in step by triggers; PostgreSQL gets pg_trgm
 * GIN indexes that answer ILIKE '%q%'. Both serve queries of 3+ characters; shorter ones scan.
 */
/** Each catalogue sort, with the id tie-breaker in the same direction, so a page reads only its rows. */
const SORT_INDEXES: [string, string][] = [
  ["name", "lower(name), id"],
  ["price", "price_paise, id"],
  ["rating", "rating, reviews, id"],
];

export async function up(db: Kysely<unknown>) {
  for (const [name, columns] of SORT_INDEXES) {
    await sql.raw(`create index product_sort_${name} on product (status, ${columns})`).execute(db);
    await sql.raw(`create index product_sort_category_${name} on product (status, category, ${columns})`).execute(db);
  }
  for (const old of ["product_status_name", "product_status_price_paise", "product_status_rating"]) {
    await sql.raw(`drop index if exists ${old}`).execute(db);
  }

  // Exact product counts per status and category, kept by triggers, so "Showing X of Y" costs
  // nothing however large the catalogue grows. Stock changes do not touch it.
  await sql`create table product_count (status text not null, category text not null, n bigint not null, primary key (status, category))`.execute(
    db,
  );
  await sql`insert into product_count (status, category, n) select status, category, count(*) from product group by status, category`.execute(
    db,
  );
  if (isPostgres(db)) {
    await sql
      .raw(`create function product_count_trg() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update product_count set n = n - 1 where status = old.status and category = old.category;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into product_count (status, category, n) values (new.status, new.category, 1)
          on conflict (status, category) do update set n = product_count.n + 1;
        end if;
        return null;
      end $$`)
      .execute(db);
    await sql`create trigger product_count_trg after insert or delete or update of status, category on product for each row execute function product_count_trg()`.execute(
      db,
    );
  } else {
    await sql`create trigger product_count_insert after insert on product begin
      insert into product_count (status, category, n) values (new.status, new.category, 1)
      on conflict (status, category) do update set n = n + 1;
    end`.execute(db);
    await sql`create trigger product_count_delete after delete on product begin
      update product_count set n = n - 1 where status = old.status and category = old.category;
    end`.execute(db);
    await sql`create trigger product_count_update after update of status, category on product begin
      update product_count set n = n - 1 where status = old.status and category = old.category;
      insert into product_count (status, category, n) values (new.status, new.category, 1)
      on conflict (status, category) do update set n = n + 1;
    end`.execute(db);
  }

  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index product_name_trgm on product using gin (name gin_trgm_ops)`.execute(db);
    await sql`create index product_description_trgm on product using gin (description gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table product_search using fts5(name, description, content='product', content_rowid='rowid', tokenize='trigram case_sensitive 0')`.execute(
    db,
  );
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

export async function down(db: Kysely<unknown>) {
  for (const [name] of SORT_INDEXES) {
    await sql.raw(`drop index if exists product_sort_${name}`).execute(db);
    await sql.raw(`drop index if exists product_sort_category_${name}`).execute(db);
  }
  await sql`drop table if exists product_count`.execute(db);
  if (isPostgres(db)) {
    await sql`drop index if exists product_name_trgm`.execute(db);
    await sql`drop index if exists product_description_trgm`.execute(db);
    return;
  }
  for (const t of ["product_search_insert", "product_search_delete", "product_search_update"])
    await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  await sql`drop table if exists product_search`.execute(db);
}

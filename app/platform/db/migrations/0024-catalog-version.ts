import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Every table an anonymous catalogue page is drawn from (products and their pack sizes, crops,
 * sellers' names and licences, reviews, settings, search synonyms, the pincode directory).
 * crop_count and product_count are left out: triggers keep them from product and product_crop, so
 * they never change alone.
 */
export const CATALOG_TABLES = [
  "product",
  "product_variant",
  "product_crop",
  "vendor",
  "seller_licence",
  "review",
  "setting",
  "search_synonym",
  "pincode",
] as const;

/**
 * The catalogue's version (issue 17, docs/decisions/027-page-cache.md): one row that triggers on
 * every catalogue table change in the transaction of the change, so no write path (admin and
 * vendor saves, CSV imports, orders and restocks, sweeps, settings, reviews, seeds, scripts, tests'
 * factories, a later migration) can forget it. The rendered-page cache keys its pages by it.
 *
 * `version` counts changes; `stamp` is a new random text at each one, so a database restored from
 * a backup, or a new one, never meets pages cached for another state under the same number.
 *
 * PostgreSQL: a deferred constraint trigger, so the row is bumped at commit, once per transaction
 * (a transaction-local setting remembers it), and concurrent orders hold its lock only while they
 * commit. SQLite has no statement or deferred triggers, but one writer at a time: a row trigger.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table catalog_version (
    id integer primary key check (id = 1),
    version bigint not null,
    stamp text not null)`.execute(db);
  if (isPostgres(db)) {
    await sql`insert into catalog_version (id, version, stamp) values (1, 1, md5(random()::text || clock_timestamp()::text))`.execute(db);
    await sql`create function catalog_version_bump() returns trigger language plpgsql as $$
      begin
        if coalesce(current_setting('angle.catalog_version_bumped', true), '') <> 'on' then
          perform set_config('angle.catalog_version_bumped', 'on', true);
          update catalog_version set version = version + 1, stamp = md5(random()::text || clock_timestamp()::text);
        end if;
        return null;
      end $$`.execute(db);
    for (const table of CATALOG_TABLES) {
      await sql
        .raw(`create constraint trigger catalog_version_${table} after insert or update or delete on ${table}
          deferrable initially deferred for each row execute function catalog_version_bump()`)
        .execute(db);
    }
    return;
  }
  await sql`insert into catalog_version (id, version, stamp) values (1, 1, lower(hex(randomblob(8))))`.execute(db);
  for (const table of CATALOG_TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      await sql
        .raw(`create trigger catalog_version_${table}_${event} after ${event} on ${table}
          begin update catalog_version set version = version + 1, stamp = lower(hex(randomblob(8))); end`)
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    for (const table of CATALOG_TABLES) await sql.raw(`drop trigger if exists catalog_version_${table} on ${table}`).execute(db);
    await sql`drop function if exists catalog_version_bump()`.execute(db);
  } else {
    for (const table of CATALOG_TABLES) {
      for (const event of ["insert", "update", "delete"])
        await sql.raw(`drop trigger if exists catalog_version_${table}_${event}`).execute(db);
    }
  }
  await sql`drop table if exists catalog_version`.execute(db);
}

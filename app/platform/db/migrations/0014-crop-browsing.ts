import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** What a crop's page filters and sorts by, copied from the product onto each of its product_crop rows. */
const COPIED = ["status", "category", "season", "name_key", "price_paise", "rating", "reviews"] as const;
/** The product columns those come from (name_key is computed from name). */
const SOURCES = ["status", "category", "season", "name", "price_paise", "rating", "reviews"] as const;

/**
 * Each crop page sort, as the catalogue's (0002, 0005), after the crop and status, optionally the
 * category; season last so that a season filter is read from the index too.
 */
const SORTS: [string, string][] = [
  ["name", "name_key, product_id"],
  ["price", "price_paise, product_id"],
  ["rating", "rating, reviews, product_id"],
];

/**
 * Crop-wise browsing (issue 12, docs/decisions/017-crop-browsing.md).
 *
 * - product_crop rows carry a copy of their product's status, category, season and sort keys,
 *   kept by triggers in the transaction of every change, so a crop's page is one walk of a
 *   product_crop index: 24 entries for a page, whether the catalogue holds 1,000 or 100,000
 *   products. Walking the catalogue's own sort index and probing each product's crops read ~3,000
 *   entries for a page of tomato products at 100,000 (PostgreSQL: 18 ms against under 1 ms).
 * - crop_count holds how many products each crop has per status, category and season ('' for
 *   none), kept by triggers on product_crop as product_count is on product (0002): /crops and the
 *   crop page's "Showing X of Y" sum a few rows instead of counting a join (190 ms at 100,000).
 * Writers insert only (product_id, crop); the database fills in the rest.
 */
export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  const types: Record<(typeof COPIED)[number], string> = {
    status: "text",
    category: "text",
    season: "text",
    name_key: "text",
    price_paise: "bigint",
    rating: postgres ? "double precision" : "real",
    reviews: "integer",
  };
  for (const column of COPIED) await sql.raw(`alter table product_crop add column ${column} ${types[column]}`).execute(db);
  const assign = COPIED.map((c) => `${c} = p.${c}`).join(", ");
  await sql.raw(`update product_crop set ${assign} from product p where p.id = product_crop.product_id`).execute(db);
  for (const [name, columns] of SORTS) {
    await sql.raw(`create index product_crop_sort_${name} on product_crop (crop, status, ${columns}, season)`).execute(db);
    await sql
      .raw(`create index product_crop_sort_category_${name} on product_crop (crop, status, category, ${columns}, season)`)
      .execute(db);
  }

  await sql`create table crop_count (
    status text not null, crop text not null, category text not null, season text not null, n bigint not null,
    primary key (status, crop, category, season))`.execute(db);
  await sql`insert into crop_count (status, crop, category, season, n)
    select status, crop, category, coalesce(season, ''), count(*) from product_crop
    group by status, crop, category, coalesce(season, '')`.execute(db);
  // The planner's statistics for product_crop predate its new columns and indexes.
  await sql`analyze product_crop`.execute(db);

  const changed = (columns: readonly string[]) =>
    columns.map((c) => (postgres ? `old.${c} is distinct from new.${c}` : `old.${c} is not new.${c}`)).join(" or ");
  const subtract = `update crop_count set n = n - 1
    where status = old.status and crop = old.crop and category = old.category and season = coalesce(old.season, '');`;
  const add = `insert into crop_count (status, crop, category, season, n)
    select new.status, new.crop, new.category, coalesce(new.season, ''), 1 where new.status is not null
    on conflict (status, crop, category, season) do update set n = crop_count.n + 1;`;
  const follow = `update product_crop set ${COPIED.map((c) => `${c} = new.${c}`).join(", ")} where product_id = new.id;`;

  if (postgres) {
    await sql
      .raw(`create function product_crop_fill() returns trigger language plpgsql as $$
      begin
        select ${COPIED.map((c) => `p.${c}`).join(", ")} into ${COPIED.map((c) => `new.${c}`).join(", ")}
        from product p where p.id = new.product_id;
        return new;
      end $$`)
      .execute(db);
    await sql`create trigger product_crop_fill before insert or update of product_id on product_crop for each row execute function product_crop_fill()`.execute(
      db,
    );
    await sql
      .raw(`create function crop_count_trg() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then ${subtract} end if;
        if tg_op in ('INSERT', 'UPDATE') then ${add} end if;
        return null;
      end $$`)
      .execute(db);
    await sql`create trigger crop_count_insert_delete after insert or delete on product_crop for each row execute function crop_count_trg()`.execute(
      db,
    );
    await sql
      .raw(`create trigger crop_count_update after update on product_crop for each row
        when (${changed(["crop", "status", "category", "season"])}) execute function crop_count_trg()`)
      .execute(db);
    await sql
      .raw(`create function product_crop_follow() returns trigger language plpgsql as $$ begin ${follow} return null; end $$`)
      .execute(db);
    await sql
      .raw(`create trigger product_crop_follow after update of ${SOURCES.join(", ")} on product for each row
        when (${changed(COPIED)}) execute function product_crop_follow()`)
      .execute(db);
    return;
  }

  // SQLite: an AFTER INSERT trigger fills the row in. A row inserted with the copies already set
  // is counted first; the fill then moves its count only if what it set was not the product's.
  const fill = `update product_crop set (${COPIED.join(", ")}) = (select ${COPIED.join(", ")} from product where id = new.product_id)
    where product_id = new.product_id and crop = new.crop;`;
  await sql.raw(`create trigger product_crop_fill after insert on product_crop begin ${add} ${fill} end`).execute(db);
  await sql.raw(`create trigger product_crop_refill after update of product_id on product_crop begin ${fill} end`).execute(db);
  await sql
    .raw(`create trigger crop_count_update after update on product_crop
      when ${changed(["crop", "status", "category", "season"])} begin ${subtract} ${add} end`)
    .execute(db);
  await sql.raw(`create trigger crop_count_delete after delete on product_crop begin ${subtract} end`).execute(db);
  await sql
    .raw(`create trigger product_crop_follow after update of ${SOURCES.join(", ")} on product
      when ${changed(COPIED)} begin ${follow} end`)
    .execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    await sql`drop trigger if exists product_crop_follow on product`.execute(db);
    for (const t of ["product_crop_fill", "crop_count_insert_delete", "crop_count_update"])
      await sql.raw(`drop trigger if exists ${t} on product_crop`).execute(db);
    for (const f of ["product_crop_fill", "crop_count_trg", "product_crop_follow"])
      await sql.raw(`drop function if exists ${f}()`).execute(db);
  } else {
    for (const t of ["product_crop_fill", "product_crop_refill", "crop_count_update", "crop_count_delete", "product_crop_follow"])
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
  }
  await sql`drop table if exists crop_count`.execute(db);
  for (const [name] of SORTS) {
    await sql.raw(`drop index if exists product_crop_sort_${name}`).execute(db);
    await sql.raw(`drop index if exists product_crop_sort_category_${name}`).execute(db);
  }
  for (const column of COPIED) await db.schema.alterTable("product_crop").dropColumn(column).execute();
}

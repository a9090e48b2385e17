import { PostgresAdapter, sql, type Kysely } from "kysely";
import { foldDevanagari } from "../../i18n/devanagari";
import { foldSql } from "../fold-sql";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Search in a farmer's words (docs/decisions/040-search-tags.md): each product is indexed with the
 * words of its category and of its crops, in English and Hindi, with spellings and transliterations,
 * so "खाद", "उर्वरक", "मिर्च", "mirchi" and "chili" find what the category and crop pages list.
 *
 * - `search_tag` holds those words per category and crop (folded as a search reads them).
 * - `product.search_tags` holds a product's: its category's and its crops', kept by triggers on
 *   product (insert, category) and product_crop (PostgreSQL: per statement, as a CSV import writes).
 * - PostgreSQL: search_text (0023) takes search_tags as a fifth part, under the same trigram index.
 *   SQLite: search_tags is a fifth column of the FTS5 trigram index of the products on sale.
 * - A few more synonyms, so a word found in a product's own text is found by its other names too.
 *
 * Written out here, not read from the catalogue's labels: a migration stays what it was.
 */
export const CATEGORY_WORDS: Record<string, string> = {
  seeds: "seeds seed saplings sapling बीज और पौधे पौधा beej paudha",
  equipment: "farm equipment machinery machine कृषि मशीनें मशीन यंत्र",
  tools: "garden tools tool बागवानी के औज़ार औजार auzar",
  fertilizers: "fertilizers fertilizer fertilisers fertiliser खाद और उर्वरक khad khaad urvarak",
};

export const CROP_WORDS: Record<string, string> = {
  tomato: "tomato tomatoes टमाटर tamatar",
  paddy: "paddy rice धान चावल dhan chawal",
  wheat: "wheat गेहूँ gehun gehu",
  cotton: "cotton कपास kapas",
  chilli: "chilli chillies chili chilies chilly mirchi mirch मिर्च मिर्ची",
  onion: "onion onions प्याज़ pyaz pyaj",
  potato: "potato potatoes आलू aloo",
  maize: "maize corn मक्का मकई makka makai bhutta",
  sugarcane: "sugarcane गन्ना ganna",
  brinjal: "brinjal eggplant aubergine बैंगन baingan",
  okra: "okra ladyfinger bhindi भिंडी",
  mustard: "mustard सरसों sarson",
  groundnut: "groundnut peanut मूँगफली moongphali mungfali",
  soybean: "soybean soyabean soya सोयाबीन",
  vegetables: "vegetables vegetable सब्ज़ियाँ सब्ज़ी sabzi sabji",
  fruits: "fruit trees fruits फलों के पेड़ फल phal",
};

/** Other names of words a product's own text may hold (0012 and 0023 have the first ones). */
export const MORE_SYNONYMS: readonly [string, string][] = [
  ["mirchi", "chilli"],
  ["मिर्ची", "chilli"],
  ["chilly", "chilli"],
  ["उर्वरक", "fertilizer"],
  ["उर्वरक", "fertiliser"],
  ["urvarak", "fertilizer"],
  ["khaad", "fertilizer"],
  ["soyabean", "soybean"],
  ["corn", "maize"],
  ["गमला", "pot"],
  ["gamla", "pot"],
];

const TAG_ROWS = [
  ...Object.entries(CATEGORY_WORDS).map(([key, words]) => ({ kind: "category", key, words })),
  ...Object.entries(CROP_WORDS).map(([key, words]) => ({ kind: "crop", key, words })),
].map((row) => ({ ...row, words: foldDevanagari(row.words).toLowerCase() }));

type Db = Kysely<{
  search_tag: { kind: string; key: string; words: string };
  search_synonym: { id: string; term: string; variant: string };
}>;

/** A product's tags: its category's words, then its crops', with a space before and after each word. */
const tagsOf = (id: string, category: string, postgres: boolean) =>
  `' ' || trim(coalesce((select words from search_tag where kind = 'category' and key = ${category}), '') || ' ' ||
    coalesce((select ${postgres ? "string_agg(t.words, ' ' order by t.key)" : "group_concat(t.words, ' ')"}
      from product_crop pc join search_tag t on t.kind = 'crop' and t.key = pc.crop where pc.product_id = ${id}), '')) || ' '`;

/** What separates words: spaces and punctuation (ASCII, the danda, dashes, curly quotes). */
export const WORD_BREAKS = " !\"#$%&'()*+,./:;<=>?@[\\]^_`{|}~।–—‘’“”-";

/**
 * The name in both languages as words: lower case, Devanagari folded, every break a space, with a
 * space before and after, so " pot " is a whole word of it and " pot" the start of one.
 */
function nameWords(postgres: boolean) {
  const names = `lower(name) || ' ' || ${foldSql(postgres, "lower(coalesce(name_hi, ''))")}`;
  const breaks = [...WORD_BREAKS];
  const spaced = postgres
    ? `translate(${names}, '${breaks.join("").replaceAll("'", "''")}', '${" ".repeat(breaks.length)}')`
    : breaks.reduce((inner, c) => `replace(${inner}, '${c.replaceAll("'", "''")}', ' ')`, names);
  return `' ' || ${spaced} || ' '`;
}

const SQLITE_SEARCH_TRIGGERS = ["product_search_insert", "product_search_delete", "product_search_update"];
const SQLITE_TAG_TRIGGERS = ["product_crop_tags_insert", "product_crop_tags_delete", "product_crop_tags_update"];
const FTS_COLUMNS = "name, description, search_name_hi, search_description_hi";
const TAGGED_COLUMNS = `${FTS_COLUMNS}, search_tags, search_name_words`;
const PG_CROP_TAG_TRIGGERS = ["product_crop_tags_insert", "product_crop_tags_delete", "product_crop_tags_update"];

export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  const typed = db as unknown as Db;
  // A change of product queues the catalogue version's deferred trigger (0024), and PostgreSQL
  // alters no table with events pending: in this migration's transaction they run at once.
  if (postgres) await sql`set constraints all immediate`.execute(db);
  await db.schema
    .createTable("search_tag")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("words", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("search_tag_pk", ["kind", "key"])
    .execute();
  await typed.insertInto("search_tag").values(TAG_ROWS).execute();
  await sql`alter table product add column search_tags text not null default ''`.execute(db);
  await sql
    .raw(
      `alter table product add column search_name_words text generated always as (${nameWords(postgres)}) ${postgres ? "stored" : "virtual"}`,
    )
    .execute(db);

  if (postgres) {
    await sql
      .raw(`create function product_search_tags(p_id text, p_category text) returns text language sql stable as $$
        select ${tagsOf("p_id", "p_category", true)} $$`)
      .execute(db);
    await sql`update product set search_tags = product_search_tags(id, category)`.execute(db);
    await sql`drop index if exists product_search_trgm`.execute(db);
    await sql`alter table product drop column search_text`.execute(db);
    await sql
      .raw(`alter table product add column search_text text not null generated always as (${pgSearchText(true)}) stored`)
      .execute(db);
    await sql`create index product_search_trgm on product using gin (search_text gin_trgm_ops) with (fastupdate = off)`.execute(db);
    await sql`create function product_tags_fill() returns trigger language plpgsql as $$
      begin new.search_tags := product_search_tags(new.id, new.category); return new; end $$`.execute(db);
    await sql`create trigger product_tags_fill before insert or update of category on product for each row execute function product_tags_fill()`.execute(
      db,
    );
    // Per statement: an import that writes thousands of crop rows updates each product once.
    // Each event's own function: a transition table is named by its trigger.
    for (const [trigger, event, referencing, rows] of [
      ["product_crop_tags_insert", "insert", "new table as new_rows", "select product_id from new_rows"],
      ["product_crop_tags_delete", "delete", "old table as old_rows", "select product_id from old_rows"],
      [
        "product_crop_tags_update",
        "update",
        "old table as old_rows new table as new_rows",
        "select product_id from old_rows union select product_id from new_rows",
      ],
    ] as const) {
      await sql
        .raw(`create function ${trigger}() returns trigger language plpgsql as $$
          begin
            update product p set search_tags = product_search_tags(p.id, p.category)
            where p.id in (${rows}) and p.search_tags is distinct from product_search_tags(p.id, p.category);
            return null;
          end $$`)
        .execute(db);
      await sql
        .raw(
          `create trigger ${trigger} after ${event} on product_crop referencing ${referencing} for each statement execute function ${trigger}()`,
        )
        .execute(db);
    }
  } else {
    await sql.raw(`update product set search_tags = ${tagsOf("product.id", "product.category", false)}`).execute(db);
    // A crop added or removed: the product's row leaves the index with the tags it was indexed
    // with and comes back with its new ones (FTS5 must be told exactly what it holds).
    const columns = TAGGED_COLUMNS;
    const refresh = (id: string) => `
      insert into product_search(product_search, rowid, ${columns}) select 'delete', rowid, ${columns} from product where id = ${id} and status = 'live';
      update product set search_tags = ${tagsOf("product.id", "product.category", false)} where id = ${id};
      insert into product_search(rowid, ${columns}) select rowid, ${columns} from product where id = ${id} and status = 'live';`;
    await sql
      .raw(`create trigger product_crop_tags_insert after insert on product_crop begin ${refresh("new.product_id")} end`)
      .execute(db);
    await sql
      .raw(`create trigger product_crop_tags_delete after delete on product_crop begin ${refresh("old.product_id")} end`)
      .execute(db);
    await sql
      .raw(`create trigger product_crop_tags_update after update of product_id, crop on product_crop begin
        ${refresh("old.product_id")} ${refresh("new.product_id")} end`)
      .execute(db);
    await createSqliteSearch(db, true);
  }

  const rows = MORE_SYNONYMS.map(([term, variant], i) => ({
    id: `syntag${String(i).padStart(4, "0")}`,
    term: foldDevanagari(term),
    variant: foldDevanagari(variant),
  }));
  // A pair an admin added already (either way round) stays as it is.
  const existing = await typed.selectFrom("search_synonym").select(["term", "variant"]).execute();
  const have = new Set(existing.flatMap((r) => [`${r.term}\u0001${r.variant}`, `${r.variant}\u0001${r.term}`]));
  const fresh = rows.filter((r) => !have.has(`${r.term}\u0001${r.variant}`));
  if (fresh.length) await typed.insertInto("search_synonym").values(fresh).execute();
  if (postgres) await sql`analyze product`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  if (postgres) await sql`set constraints all immediate`.execute(db);
  await sql`delete from search_synonym where id like 'syntag%'`.execute(db);
  if (postgres) {
    await sql`drop trigger if exists product_tags_fill on product`.execute(db);
    for (const t of PG_CROP_TAG_TRIGGERS) {
      await sql.raw(`drop trigger if exists ${t} on product_crop`).execute(db);
      await sql.raw(`drop function if exists ${t}()`).execute(db);
    }
    await sql`drop function if exists product_tags_fill()`.execute(db);
    await sql`drop index if exists product_search_trgm`.execute(db);
    await sql`alter table product drop column search_text`.execute(db);
    await sql
      .raw(`alter table product add column search_text text not null generated always as (${pgSearchText(false)}) stored`)
      .execute(db);
    await sql`create index product_search_trgm on product using gin (search_text gin_trgm_ops) with (fastupdate = off)`.execute(db);
    await sql`drop function if exists product_search_tags(text, text)`.execute(db);
  } else {
    for (const t of SQLITE_TAG_TRIGGERS) await sql.raw(`drop trigger if exists ${t}`).execute(db);
    await createSqliteSearch(db, false);
  }
  await sql`alter table product drop column search_name_words`.execute(db);
  await sql`alter table product drop column search_tags`.execute(db);
  await db.schema.dropTable("search_tag").execute();
}

/** PostgreSQL's search_text: 0023's, with or without the tags. */
function pgSearchText(withTags: boolean) {
  const tags = withTags ? " || chr(1) || search_tags" : "";
  return foldSql(
    true,
    `lower(name || chr(1) || description || chr(1) || coalesce(name_hi, '') || chr(1) || coalesce(description_hi, '')${tags})`,
  );
}

/**
 * SQLite's FTS5 trigram index of the products on sale, as 0023 made it, or with the tags. With the
 * tags, one trigger per event both sets a product's tags and indexes it, in that order (SQLite
 * promises no order between two triggers of one event).
 */
async function createSqliteSearch(db: Kysely<unknown>, withTags: boolean) {
  const columns = withTags ? TAGGED_COLUMNS : FTS_COLUMNS;
  const old = `old.rowid, ${columns
    .split(", ")
    .map((c) => `old.${c}`)
    .join(", ")}`;
  const setTags = (row: string) =>
    withTags ? `update product set search_tags = ${tagsOf("product.id", "product.category", false)} where rowid = ${row}.rowid;` : "";
  const index = (row: string) =>
    `insert into product_search(rowid, ${columns}) select rowid, ${columns} from product where rowid = ${row}.rowid and status = 'live';`;
  for (const t of SQLITE_SEARCH_TRIGGERS) await sql.raw(`drop trigger if exists ${t}`).execute(db);
  await sql`drop table if exists product_search`.execute(db);
  await sql
    .raw(
      `create virtual table product_search using fts5(${columns}, content='product', content_rowid='rowid', tokenize='trigram case_sensitive 0')`,
    )
    .execute(db);
  await sql.raw(`insert into product_search(rowid, ${columns}) select rowid, ${columns} from product where status = 'live'`).execute(db);
  await sql.raw(`create trigger product_search_insert after insert on product begin ${setTags("new")} ${index("new")} end`).execute(db);
  await sql
    .raw(`create trigger product_search_delete after delete on product when old.status = 'live' begin
      insert into product_search(product_search, rowid, ${columns}) values ('delete', ${old});
    end`)
    .execute(db);
  await sql
    .raw(`create trigger product_search_update after update of name, description, name_hi, description_hi, status${withTags ? ", category" : ""} on product begin
      insert into product_search(product_search, rowid, ${columns}) select 'delete', ${old} where old.status = 'live';
      ${setTags("new")}
      ${index("new")}
    end`)
    .execute(db);
}

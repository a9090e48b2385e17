import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from "kysely";
import { getDatabase, type Engine } from "~/platform/db/db.server";
import { containsPattern } from "~/platform/db/like.server";
import type { Database } from "~/platform/db/schema";
import { PAGE_SIZE, type CatalogQuery, type SortKey } from "~/features/catalog/domain/catalog-query";
import type { CropKey, Season } from "~/features/catalog/domain/crops";
import { type ProductCard, productText } from "~/features/catalog/domain/product-view";
import type { SearchTerm } from "~/features/catalog/domain/search-terms";
import { termsFor } from "./search-synonyms.server";
import { type CardRow, selectProductCard, toProductCard } from "./select-product-card.server";
import { suggestNames } from "./suggest-names.server";
import { wordForm, wordRank } from "./word-rank.server";
import { findNotSold, type NotSold } from "./not-sold.server";
import { currentLocale } from "~/platform/i18n/i18n.server";

export type ProductPage = {
  products: ProductCard[];
  /** products matching the search and category */
  matching: number;
  /** all products on sale; with a crop filter, all of that crop's */
  total: number;
  page: number;
  pageCount: number;
  /** When a search finds nothing: the closest product names, best first (at most 5). */
  /** names to try instead: `search` is what the link searches (the English name), `label` what the page shows */
  suggestions: { search: string; label: string }[];
  /** The search names a kind of product no product on sale is called (not-sold.server.ts). */
  notSold: NotSold | null;
};

type InScope = SelectQueryBuilder<Database, "product", Record<never, never>>;
type Found = { rows: CardRow[]; matching: number };
/** What a search needs: the products on sale in the category, how many, and where a page starts. */
type Search = {
  inScope: InScope;
  category: CatalogQuery["category"];
  onSale: number;
  q: string;
  /** What q asks for: every term must be found, by any of its forms. */
  terms: SearchTerm[];
  order: Order;
  /** ordered by best match, which no index holds */
  best: boolean;
  pageSize: number;
  /** the requested page's first row, or the last page's when there are fewer matches */
  offsetFor: (matching: number) => number;
};

/**
 * Spec §5: the catalogue, or the products whose name or description contains the search text in
 * any case, in one category or all, sorted, a page at a time, with the exact number that match.
 * Issue 12: every word of the search must be found (in any order), each by any of its forms
 * (singular, plural, synonyms); with a search, the default order puts name matches first.
 */
export async function findProducts(query: CatalogQuery, pageSize = PAGE_SIZE): Promise<ProductPage> {
  const { db, engine } = getDatabase();
  // Counts per category come from product_count (kept by triggers); only a search counts rows.
  const counts = await db.selectFrom("product_count").select(["category", "n"]).where("status", "=", "live").execute();
  const total = counts.reduce((sum, c) => sum + Number(c.n), 0);
  const onSale = query.category === "all" ? total : Number(counts.find((c) => c.category === query.category)?.n ?? 0);

  let inScope = db.selectFrom("product").where("product.status", "=", "live");
  if (query.category !== "all") inScope = inScope.where("product.category", "=", query.category);
  const pageCountFor = (matching: number) => Math.max(1, Math.ceil(matching / pageSize));
  const offsetFor = (matching: number) => (Math.min(query.page, pageCountFor(matching)) - 1) * pageSize;

  const terms = query.q ? await termsFor(query.q) : [];
  const order = orderFor(query.sort, terms);
  const best = query.sort === "best" && terms.length > 0;
  const search: Search = { inScope, category: query.category, onSale, q: query.q, terms, order, best, pageSize, offsetFor };
  // trigram indexes need three characters in every form
  const short = terms.some((term) => term.forms.some((form) => [...form].length < 3));
  const filtered = query.crop !== undefined || query.season !== undefined;
  const { rows, matching } = filtered
    ? await findForCrop(search, query)
    : !query.q
      ? { rows: await sorted(selectProductCard(inScope), order).limit(pageSize).offset(offsetFor(onSale)).execute(), matching: onSale }
      : short
        ? await scanForMatches(search, inScope.where(containsTerms(engine, terms)))
        : engine === "postgres"
          ? await collectMatches(search, inScope.where(containsTerms(engine, terms)))
          : best
            ? await searchSqliteBest(search)
            : await searchSqlite(search);
  const pageCount = pageCountFor(matching);
  const suggested = query.q && matching === 0 ? await suggestNames(query.q, query.category) : [];
  const locale = currentLocale();
  const suggestions = suggested.map(({ name, nameHi }) => ({ search: name, label: productText(name, nameHi, locale) }));
  const shown = query.crop ? await countCrop(query.crop) : total;
  const notSold = query.q && !filtered ? await findNotSold(query.q, terms, locale) : null;
  return {
    products: rows.map(toProductCard),
    matching,
    total: shown,
    page: Math.min(query.page, pageCount),
    pageCount,
    suggestions,
    notSold,
  };
}

/** Live products for a crop, in a category or all, for a season (or all seasons) or any: from crop_count (0014). */
async function countCrop(crop: CropKey, category: CatalogQuery["category"] = "all", season?: Season) {
  const { db } = getDatabase();
  let rows = db.selectFrom("crop_count").where("status", "=", "live").where("crop", "=", crop);
  if (category !== "all") rows = rows.where("category", "=", category);
  if (season) rows = rows.where("season", "in", [season, "all"]);
  const row = await rows.select((eb) => eb.fn.sum<number>("n").as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * A crop's products (issue 12), in a category or all, for a season (or all seasons) or any. The
 * count comes from crop_count; the page from one of product_crop's sort indexes, which hold each
 * product's status, category, season and sort keys (0014): a page reads its own entries and its
 * products, however large the catalogue. A search within a crop (no page offers one) collects its
 * matches.
 */
async function findForCrop(search: Search, { crop, season, q, sort }: CatalogQuery): Promise<Found> {
  const { db, engine } = getDatabase();
  const { inScope, pageSize, offsetFor } = search;
  if (q || !crop) {
    let matched = crop
      ? inScope.where(
          sql<SqlBool>`exists (select 1 from product_crop where product_crop.product_id = product.id and product_crop.crop = ${crop})`,
        )
      : inScope;
    if (season) matched = matched.where("product.season", "in", [season, "all"]);
    return collectMatches(search, q ? matched.where(containsTerms(engine, search.terms)) : matched);
  }
  const matching = await countCrop(crop, search.category, season);
  if (matching === 0) return { rows: [], matching };
  let entries = db.selectFrom("product_crop").where("product_crop.crop", "=", crop).where("product_crop.status", "=", "live");
  if (search.category !== "all") entries = entries.where("product_crop.category", "=", search.category);
  if (season) entries = entries.where("product_crop.season", "in", [season, "all"]);
  // A crop page has no search, so never best match.
  const [columns, direction] = CROP_ORDER[sort === "best" ? "name" : sort];
  const keys = columns.map((column, i) => sql.ref(`product_crop.${column}`).as(`k${i}`));
  const byKeys = [...columns.map((_, i) => `page.k${i}`), "page.product_id"].map((key) => [sql.ref(key), direction] as const);
  const page = orderedBy(
    entries.select(["product_crop.product_id", ...keys]),
    [...columns, "product_id"].map((column) => [sql.ref(`product_crop.${column}`), direction] as const),
  )
    .limit(pageSize)
    .offset(offsetFor(matching));
  const rows = db.selectFrom("product").innerJoin(page.as("page"), "page.product_id", "product.id");
  // selectProductCard is typed for queries of product alone; these rows are product's.
  return { rows: await orderedBy(selectProductCard(rows as unknown as InScope), byKeys).execute(), matching };
}

/** Each sort's columns in product_crop, as in its indexes (0014). */
const CROP_ORDER: Record<Exclude<SortKey, "best">, [columns: string[], direction: "asc" | "desc"]> = {
  name: [["name_key"], "asc"],
  "price-low": [["price_paise"], "asc"],
  "price-high": [["price_paise"], "desc"],
  rating: [["rating", "reviews"], "desc"],
};

/** Every term is found in the name or the description, each by any of its forms. */
function containsTerms(engine: Engine, terms: SearchTerm[]): Expression<SqlBool> {
  return allOf(terms.map((term) => anyOf(term.forms.map((form) => containsText(engine, form)))));
}

const allOf = (parts: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
const anyOf = (parts: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` or `)})`;

/** Spec §5: name or description contains q, in any case. */
function containsText(engine: Engine, q: string): Expression<SqlBool> {
  const pattern = containsPattern(q);
  // PostgreSQL: search_text is lower(name || chr(1) || description), kept by the database, with a
  // pg_trgm index (0003). q never holds chr(1) (parseCatalogQuery drops control characters), so
  // no match straddles name and description; it holds the Hindi name and description too, folded
  // (0023), and the words of its category and crops (0037). SQLite: LIKE ignores ASCII case, as
  // lower() would; search_name_hi and search_description_hi are the Hindi, folded (0023);
  // search_tags the category's and crops' words (0037).
  return engine === "postgres"
    ? sql<SqlBool>`product.search_text like lower(${pattern}) escape '\\'`
    : sql<SqlBool>`(product.name like ${pattern} escape '\\' or product.description like ${pattern} escape '\\' or product.search_name_hi like ${pattern} escape '\\' or product.search_description_hi like ${pattern} escape '\\' or product.search_tags like ${pattern} escape '\\')`;
}

/**
 * One statement gathers the matches once, each with its sort keys (k0, k1, …), counts them and
 * sorts them; the page is joined back to product. Materialized, so that PostgreSQL reads the
 * matches through the trigram index instead of walking a sort index to fill the page (which it
 * prefers, and which is slow when the matches sit late in that order).
 */
async function collectMatches({ order, pageSize, offsetFor }: Search, matched: InScope): Promise<Found> {
  const { db } = getDatabase();
  const [columns, direction] = order;
  const keys = columns.map((column, i) => sql`${column}`.as(`k${i}`));
  const byKeys = (table: string) =>
    [...columns.map((_, i) => `${table}.k${i}`), `${table}.id`].map((key) => [sql.ref(key), direction] as const);
  const page = (offset: number) => {
    const rows = db
      .with(
        (cte) => cte("matched").materialized(),
        () => matched.select(["product.id", ...keys]),
      )
      .with("page", (qb) => orderedBy(qb.selectFrom("matched").selectAll(), byKeys("matched")).limit(pageSize).offset(offset))
      .selectFrom("product")
      .innerJoin("page", "page.id", "product.id");
    // selectProductCard is typed for queries of product alone; these rows are product's.
    return orderedBy(selectProductCard(rows as unknown as InScope), byKeys("page"))
      .select(sql<number>`(select count(*) from matched)`.as("matching"))
      .execute();
  };
  const offset = offsetFor(Infinity); // the page asked for, before the count is known
  let rows = await page(offset);
  let matching = Number(rows[0]?.matching ?? 0);
  if (rows.length === 0 && offset > 0) {
    // Past the last page (an old link): count, and show the last page as the listing does.
    matching = await countRows(matched);
    rows = matching > 0 ? await page(offsetFor(matching)) : [];
  }
  return { rows, matching };
}

/**
 * Reading rows in order (an index's entries, a table in a scan) costs about a tenth of looking
 * them up one by one (SQLite, measured at 100,000 products). That decides how to reach a page.
 */
const WALK_RATIO = 10;

/** An FTS5 query: every term, by any of its forms, in the name and description or the name alone. */
function ftsQuery(terms: SearchTerm[], column?: "name"): string {
  const phrase = (form: string) => `"${form.replace(/"/g, '""')}"`; // "" escapes a quote inside an FTS5 phrase
  // The name in either language (0023-hindi-catalogue) or the category's and crops' words (0037).
  const filter = column ? "{name search_name_hi search_tags} : " : "";
  return terms.map((term) => `${filter}(${term.forms.map(phrase).join(" OR ")})`).join(" AND ");
}

/** The matches of an FTS5 query in the search's scope: in the index, and in the category. */
type SqliteMatches = { match: string; inIndex: number; matching: number };

/**
 * SQLite, 3+ characters: the FTS5 trigram index holds exactly the products on sale (0003), so it
 * counts matches without touching the product table; in one category, walk its index entries or
 * look up every match to read its category.
 */
async function countSqlite({ inScope, category, onSale }: Search, match: string): Promise<SqliteMatches> {
  const { db } = getDatabase();
  const inIndex = Number(
    (await sql<{ n: number }>`select count(*) as n from product_search where product_search match ${match}`.execute(db)).rows[0]?.n ?? 0, // count(*) always returns one row
  );
  const matching =
    category === "all" || inIndex === 0 ? inIndex : await countRows(inScope.where(inMatches(match, onSale < WALK_RATIO * inIndex)));
  return { match, inIndex, matching };
}

/** The unary + stops SQLite from driving a walk from the search's rowids. */
function inMatches(match: string, walk: boolean) {
  const matches = sql`select rowid from product_search where product_search match ${match}`;
  return walk ? sql<boolean>`+product.rowid in (${matches})` : sql<boolean>`product.rowid in (${matches})`;
}

/**
 * A page of matches: walk about (offset + limit) × onSale / matching entries of the sort's index,
 * keeping the entries whose rowid matched, or look up every match and sort, whichever reads less.
 */
function pageSqlite({ inScope, onSale }: Search, { match, inIndex, matching }: SqliteMatches, order: Order, offset: number, limit: number) {
  const walk = ((offset + limit) * onSale) / matching < WALK_RATIO * inIndex;
  return sorted(selectProductCard(inScope.where(inMatches(match, walk))), order)
    .limit(limit)
    .offset(offset)
    .execute();
}

async function searchSqlite(search: Search): Promise<Found> {
  const found = await countSqlite(search, ftsQuery(search.terms));
  if (found.matching === 0) return { rows: [], matching: 0 };
  return {
    rows: await pageSqlite(search, found, search.order, search.offsetFor(found.matching), search.pageSize),
    matching: found.matching,
  };
}

/**
 * Best match on SQLite, in word rank's tiers (word-rank.server.ts), each by name. Each tier is an
 * FTS5 query of its own on the trigram index: a whole word is " pot " (or " pots ") in the name's
 * words or the tags (0037), the start of one " pot", so no tier is worked out row by row. The
 * tiers are counted in order only until the page is full; each page walks the name index or sorts
 * its few matches, as any search does.
 */
async function searchSqliteBest(search: Search): Promise<Found> {
  const found = await countSqlite(search, ftsQuery(search.terms));
  if (found.matching === 0) return { rows: [], matching: 0 };
  const offset = search.offsetFor(found.matching);
  const rows: CardRow[] = [];
  let before = 0; // matches in the tiers above this one
  for (const match of ftsTiers(search.terms)) {
    const tier = await countSqlite(search, match);
    const from = Math.max(0, offset + rows.length - before);
    if (from < tier.matching)
      rows.push(...(await pageSqlite(search, tier, ORDER.name, from, Math.min(search.pageSize - rows.length, tier.matching - from))));
    before += tier.matching;
    if (rows.length >= search.pageSize || before >= found.matching) break;
  }
  return { rows, matching: found.matching };
}

/**
 * Word rank's tiers as FTS5 queries, disjoint and together every match: the name's words holding
 * every term as a whole word; the name's words or the tags doing so; at a word's start; the name
 * or tags holding it anywhere; the rest.
 */
function ftsTiers(terms: SearchTerm[]): string[] {
  const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
  const each = (filter: string, phrases: (form: string) => string[]) =>
    terms.map((term) => `${filter} : (${term.forms.flatMap((form) => phrases(wordForm(form)).map(phrase)).join(" OR ")})`).join(" AND ");
  const whole = (f: string) => [` ${f} `, ` ${f}s `, ` ${f}es `];
  const all = ftsQuery(terms);
  const tiers = [
    each("{search_name_words}", whole),
    each("{search_name_words search_tags}", whole),
    each("{search_name_words search_tags}", (f) => [` ${f}`]),
  ] as const;
  const named = ftsQuery(terms, "name");
  // Each tier holds the one before. A form with punctuation (19:19:19) is looked for in the name's
  // words with spaces for it, and may be found there and not as typed: then each tier is kept
  // within the matches and leaves out all before it. Otherwise the index does less.
  if (terms.every((term) => term.forms.every((form) => wordForm(form) === form)))
    return [
      tiers[0],
      `(${tiers[1]}) NOT (${tiers[0]})`,
      `(${tiers[2]}) NOT (${tiers[1]})`,
      `(${named}) NOT (${tiers[2]})`,
      `(${all}) NOT (${named})`,
    ];
  return [
    `(${all}) AND (${tiers[0]})`,
    `((${all}) AND (${tiers[1]})) NOT (${tiers[0]})`,
    `((${all}) AND (${tiers[2]})) NOT (${tiers[1]})`,
    `((${all}) AND (${named})) NOT (${tiers[2]})`,
    `(${all}) NOT ((${named}) OR (${tiers[2]}))`,
  ];
}

/**
 * 1–2 characters: too short for trigrams, so the count scans the catalogue. A common text then
 * fills the page within a few entries of the sort's index; a rare one would have that walk look
 * up nearly every product, so its matches are collected in one more scan instead. Best match has
 * no index to walk: its matches are always collected.
 */
async function scanForMatches(search: Search, matched: InScope): Promise<Found> {
  const { order, pageSize, offsetFor } = search;
  if (search.best) return collectMatches(search, matched);
  const matching = await countRows(matched);
  if (matching === 0) return { rows: [], matching };
  // The walk looks up about (offset + pageSize) × onSale / matching rows; a scan reads onSale.
  const offset = offsetFor(matching);
  if ((offset + pageSize) * WALK_RATIO > matching) return collectMatches(search, matched);
  return { rows: await sorted(selectProductCard(matched), order).limit(pageSize).offset(offset).execute(), matching };
}

/** Sort keys and their direction; the id follows as tie-breaker in the same direction. */
type Order = [keys: Expression<unknown>[], direction: "asc" | "desc"];

/** Each sort's columns, as in the sort's index (0002, 0005). */
const ORDER: Record<Exclude<SortKey, "best">, Order> = {
  // Alphabetical for people: "Neem" before "NPK", on every engine and collation. name_key is
  // lower(name), kept by the database (0005).
  name: [[sql.ref("product.name_key")], "asc"],
  "price-low": [[sql.ref("product.price_paise")], "asc"],
  "price-high": [[sql.ref("product.price_paise")], "desc"],
  rating: [[sql.ref("product.rating"), sql.ref("product.reviews")], "desc"],
};

/** Best match: by how well the name or tags hold every term (word-rank.server.ts), then by name. */
function orderFor(sort: SortKey, terms: SearchTerm[]): Order {
  if (sort !== "best") return ORDER[sort];
  if (terms.length === 0) return ORDER.name;
  return [[wordRank(terms), sql.ref("product.name_key")], "asc"];
}

async function countRows(rows: InScope) {
  return Number((await rows.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
}

/** A query that can be ordered by an expression (a SelectQueryBuilder over any tables). */
type Orderable<Q> = { orderBy(expression: Expression<unknown>, direction: "asc" | "desc"): Q };

function sorted<Q extends Orderable<Q>>(rows: Q, [columns, direction]: Order): Q {
  return orderedBy(
    rows,
    [...columns, sql.ref("product.id")].map((column) => [column, direction] as const),
  );
}

function orderedBy<Q extends Orderable<Q>>(rows: Q, order: (readonly [Expression<unknown>, "asc" | "desc"])[]): Q {
  return order.reduce((q, [expression, direction]) => q.orderBy(expression, direction), rows);
}

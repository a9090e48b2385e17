import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from "kysely";
import { getDatabase, type Engine } from "~/db/db.server";
import { containsPattern } from "~/db/like.server";
import type { Database } from "~/db/schema";
import { PAGE_SIZE, type CatalogQuery, type SortKey } from "~/domain/catalog-query";
import type { ProductCard } from "~/domain/product-view";
import { selectProductCard, toProductCard } from "./select-product-card.server";

export type ProductPage = {
  products: ProductCard[];
  /** products matching the search and category */
  matching: number;
  /** all products on sale */
  total: number;
  page: number;
  pageCount: number;
};

type InScope = SelectQueryBuilder<Database, "product", Record<never, never>>;
type Found = { rows: ProductCard[]; matching: number };
/** What a search needs: the products on sale in the category, how many, and where a page starts. */
type Search = {
  inScope: InScope;
  category: CatalogQuery["category"];
  onSale: number;
  q: string;
  sort: SortKey;
  pageSize: number;
  /** the requested page's first row, or the last page's when there are fewer matches */
  offsetFor: (matching: number) => number;
};

/**
 * Spec §5: the catalogue, or the products whose name or description contains the search text in
 * any case, in one category or all, sorted, a page at a time, with the exact number that match.
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

  const search: Search = { inScope, category: query.category, onSale, q: query.q, sort: query.sort, pageSize, offsetFor };
  const { rows, matching } = !query.q
    ? { rows: await sorted(selectProductCard(inScope), query.sort).limit(pageSize).offset(offsetFor(onSale)).execute(), matching: onSale }
    : [...query.q].length < 3 // trigram indexes need three characters
      ? await scanForMatches(search, inScope.where(containsText(engine, query.q)))
      : engine === "postgres"
        ? await collectMatches(search, inScope.where(containsText(engine, query.q)))
        : await searchSqlite(search);
  const pageCount = pageCountFor(matching);
  return { products: rows.map(toProductCard), matching, total, page: Math.min(query.page, pageCount), pageCount };
}

/** Spec §5: name or description contains q, in any case. */
function containsText(engine: Engine, q: string): Expression<SqlBool> {
  const pattern = containsPattern(q);
  // PostgreSQL: search_text is lower(name || chr(1) || description), kept by the database, with a
  // pg_trgm index (0003). q never holds chr(1) (parseCatalogQuery drops control characters), so
  // no match straddles name and description. SQLite: LIKE ignores ASCII case, as lower() would.
  return engine === "postgres"
    ? sql<SqlBool>`product.search_text like lower(${pattern}) escape '\\'`
    : sql<SqlBool>`(product.name like ${pattern} escape '\\' or product.description like ${pattern} escape '\\')`;
}

/**
 * One statement gathers the matches once, each with its sort keys (k0, k1, …), counts them and
 * sorts them; the page is joined back to product. Materialized, so that PostgreSQL reads the
 * matches through the trigram index instead of walking a sort index to fill the page (which it
 * prefers, and which is slow when the matches sit late in that order).
 */
async function collectMatches({ sort, pageSize, offsetFor }: Search, matched: InScope): Promise<Found> {
  const { db } = getDatabase();
  const [columns, direction] = ORDER[sort];
  const keys = columns.map((column, i) => sql.raw(column).as(`k${i}`));
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

/**
 * SQLite, 3+ characters: the FTS5 trigram index holds exactly the products on sale (0003), so it
 * counts matches without touching the product table. The rows: look up each match by rowid and
 * sort, or walk the sort's index keeping the entries whose rowid matched, whichever reads less.
 * The unary + stops SQLite from driving the walk from the search's rowids.
 */
async function searchSqlite({ inScope, category, onSale, q, sort, pageSize, offsetFor }: Search): Promise<Found> {
  const { db } = getDatabase();
  const phrase = `"${q.replace(/"/g, '""')}"`; // "" escapes a quote inside an FTS5 phrase
  const matches = sql`select rowid from product_search where product_search match ${phrase}`;
  const inMatches = (walk: boolean) => (walk ? sql<boolean>`+product.rowid in (${matches})` : sql<boolean>`product.rowid in (${matches})`);
  const inIndex = Number(
    (await sql<{ n: number }>`select count(*) as n from product_search where product_search match ${phrase}`.execute(db)).rows[0]?.n ?? 0, // count(*) always returns one row
  );
  // In one category: walk its index entries, or look up every match to read its category.
  const matching = category === "all" || inIndex === 0 ? inIndex : await countRows(inScope.where(inMatches(onSale < WALK_RATIO * inIndex)));
  if (matching === 0) return { rows: [], matching };

  // A page: walk about (offset + pageSize) × onSale / matching entries of the sort's index, or
  // look up every match and sort.
  const offset = offsetFor(matching);
  const walk = ((offset + pageSize) * onSale) / matching < WALK_RATIO * inIndex;
  const rows = await sorted(selectProductCard(inScope.where(inMatches(walk))), sort)
    .limit(pageSize)
    .offset(offset)
    .execute();
  return { rows, matching };
}

/**
 * 1–2 characters: too short for trigrams, so the count scans the catalogue. A common text then
 * fills the page within a few entries of the sort's index; a rare one would have that walk look
 * up nearly every product, so its matches are collected in one more scan instead.
 */
async function scanForMatches(search: Search, matched: InScope): Promise<Found> {
  const { sort, pageSize, offsetFor } = search;
  const matching = await countRows(matched);
  if (matching === 0) return { rows: [], matching };
  // The walk looks up about (offset + pageSize) × onSale / matching rows; a scan reads onSale.
  const offset = offsetFor(matching);
  if ((offset + pageSize) * WALK_RATIO > matching) return collectMatches(search, matched);
  return { rows: await sorted(selectProductCard(matched), sort).limit(pageSize).offset(offset).execute(), matching };
}

/**
 * Each sort's columns and direction; the id follows as tie-breaker in the same direction, as in
 * the sort's index (0002, 0005).
 */
const ORDER: Record<SortKey, [columns: string[], direction: "asc" | "desc"]> = {
  // Alphabetical for people: "Neem" before "NPK", on every engine and collation. name_key is
  // lower(name), kept by the database (0005).
  name: [["product.name_key"], "asc"],
  "price-low": [["product.price_paise"], "asc"],
  "price-high": [["product.price_paise"], "desc"],
  rating: [["product.rating", "product.reviews"], "desc"],
};

async function countRows(rows: InScope) {
  return Number((await rows.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
}

/** A query that can be ordered by an expression (a SelectQueryBuilder over any tables). */
type Orderable<Q> = { orderBy(expression: Expression<unknown>, direction: "asc" | "desc"): Q };

function sorted<Q extends Orderable<Q>>(rows: Q, sort: SortKey): Q {
  const [columns, direction] = ORDER[sort];
  return orderedBy(
    rows,
    [...columns, "product.id"].map((column) => [sql.raw(column), direction] as const),
  );
}

function orderedBy<Q extends Orderable<Q>>(rows: Q, order: (readonly [Expression<unknown>, "asc" | "desc"])[]): Q {
  return order.reduce((q, [expression, direction]) => q.orderBy(expression, direction), rows);
}

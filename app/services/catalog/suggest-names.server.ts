import { sql } from "kysely";
import { getDatabase } from "~/db/db.server";
import type { CatalogQuery } from "~/domain/catalog-query";
import { searchWords, wordSimilarity } from "~/domain/search-terms";

const MAX_SUGGESTIONS = 5;
/** How much of the search's trigrams a name must hold to be suggested (pg_trgm's default is 0.6). */
const MIN_SIMILARITY = 0.4;
/** SQLite: names compared in JS, the FTS5 index's best candidates. */
const CANDIDATES = 200;

/**
 * When a search finds nothing (issue 12): up to five names of products on sale closest to it by
 * trigram similarity, best first. Both engines read only an index's candidates, never the catalogue.
 */
export async function suggestNames(q: string, category: CatalogQuery["category"]): Promise<string[]> {
  const text = searchWords(q).join(" ");
  if ([...text].length < 3) return [];
  const names = getDatabase().engine === "postgres" ? await closestOnPostgres(text, category) : await closestOnSqlite(text, category);
  return [...new Set(names)].slice(0, MAX_SUGGESTIONS);
}

/** pg_trgm: "<%" finds names holding a similar extent through the name's trigram index (0002). */
async function closestOnPostgres(text: string, category: CatalogQuery["category"]): Promise<string[]> {
  return getDatabase()
    .db.transaction()
    .execute(async (trx) => {
      await sql`select set_config('pg_trgm.word_similarity_threshold', ${String(MIN_SIMILARITY)}, true)`.execute(trx);
      const rows = await trx
        .selectFrom("product")
        .select("name")
        .where("status", "=", "live")
        .$if(category !== "all", (qb) => qb.where("category", "=", category as Exclude<typeof category, "all">))
        .where(sql<boolean>`${text} <% name`)
        .orderBy(sql`word_similarity(${text}, name)`, "desc")
        .orderBy(sql`name_key`)
        .limit(MAX_SUGGESTIONS * 10)
        .execute();
      return rows.map((r) => r.name);
    });
}

/**
 * SQLite: the names that share the most of the search's trigrams, as FTS5 ranks them (bm25 over
 * an OR of the trigrams, in the name column), then scored in JS as pg_trgm would.
 */
async function closestOnSqlite(text: string, category: CatalogQuery["category"]): Promise<string[]> {
  const grams = new Set<string>();
  for (const word of text.split(" ")) {
    const chars = [...word];
    for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(""));
  }
  if (grams.size === 0) return [];
  const match = `name : (${[...grams].map((g) => `"${g.replace(/"/g, '""')}"`).join(" OR ")})`;
  const inCategory = category === "all" ? sql`` : sql`and product.category = ${category}`;
  const { rows } = await sql<{ name: string }>`
    select product.name as name from product_search join product on product.rowid = product_search.rowid
    where product_search match ${match} ${inCategory}
    order by bm25(product_search) limit ${CANDIDATES}`.execute(getDatabase().db);
  return rows
    .map((r) => ({ name: r.name, score: wordSimilarity(text, r.name) }))
    .filter((r) => r.score >= MIN_SIMILARITY)
    .sort((a, b) => b.score - a.score || a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
    .map((r) => r.name);
}

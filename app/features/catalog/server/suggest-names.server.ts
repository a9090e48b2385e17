import { sql } from "kysely";
import { getDatabase } from "~/platform/db/db.server";
import type { CatalogQuery } from "~/features/catalog/domain/catalog-query";
import { searchWords, wordSimilarity } from "~/features/catalog/domain/search-terms";

const MAX_SUGGESTIONS = 5;
/** How much of the search's trigrams a name must hold to be suggested (pg_trgm's default is 0.6). */
const MIN_SIMILARITY = 0.4;
/** SQLite: names compared in JS, per word of the search. */
const CANDIDATES_PER_WORD = 100;

/** A suggested product: its English name, which the search matches, and its Hindi one, if given. */
export type SuggestedName = { name: string; nameHi: string | null };

/**
 * When a search finds nothing (issue 12): up to five names of products on sale closest to it by
 * trigram similarity, best first. Both engines read only an index's candidates, never the catalogue.
 * Each comes with its Hindi name, which a Hindi page shows (the link searches the English one).
 */
export async function suggestNames(q: string, category: CatalogQuery["category"]): Promise<SuggestedName[]> {
  const text = searchWords(q).join(" ");
  if ([...text].length < 3) return [];
  const names = getDatabase().engine === "postgres" ? await closestOnPostgres(text, category) : await closestOnSqlite(text, category);
  const seen = new Set<string>();
  return names.filter(({ name }) => !seen.has(name) && seen.add(name)).slice(0, MAX_SUGGESTIONS);
}

/** pg_trgm: "<%" finds names holding a similar extent through the name's trigram index (0002). */
async function closestOnPostgres(text: string, category: CatalogQuery["category"]): Promise<SuggestedName[]> {
  return getDatabase()
    .db.transaction()
    .execute(async (trx) => {
      await sql`select set_config('pg_trgm.word_similarity_threshold', ${String(MIN_SIMILARITY)}, true)`.execute(trx);
      const rows = await trx
        .selectFrom("product")
        .select(["name", "name_hi as nameHi"])
        .where("status", "=", "live")
        .$if(category !== "all", (qb) => qb.where("category", "=", category as Exclude<typeof category, "all">))
        .where(sql<boolean>`${text} <% name`)
        .orderBy(sql`word_similarity(${text}, name)`, "desc")
        .orderBy(sql`name_key`)
        .limit(MAX_SUGGESTIONS * 10)
        .execute();
      return rows;
    });
}

/**
 * SQLite: for each word, the first names holding any of its four-letter pieces (a misspelling
 * keeps most of them: "tomatto" keeps "toma", "omat"), found in the name column of the FTS5
 * index without ranking, so each lookup stops after a few rows; then scored in JS as pg_trgm
 * would. Bounded work however large the catalogue.
 */
async function closestOnSqlite(text: string, category: CatalogQuery["category"]): Promise<SuggestedName[]> {
  const { db } = getDatabase();
  const inCategory = category === "all" ? sql`` : sql`and product.category = ${category}`;
  const names = new Map<string, string | null>();
  for (const word of text.split(" ")) {
    const pieces = piecesOf(word);
    if (pieces.length === 0) continue;
    const match = `name : (${pieces.map((g) => `"${g.replace(/"/g, '""')}"`).join(" OR ")})`;
    const { rows } = await sql<SuggestedName>`
      select product.name as name, product.name_hi as "nameHi" from product_search join product on product.rowid = product_search.rowid
      where product_search match ${match} ${inCategory} limit ${CANDIDATES_PER_WORD}`.execute(db);
    for (const row of rows) names.set(row.name, row.nameHi);
  }
  return [...names]
    .map(([name, nameHi]) => ({ name, nameHi, score: wordSimilarity(text, name) }))
    .filter((r) => r.score >= MIN_SIMILARITY)
    .sort((a, b) => b.score - a.score || (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1))
    .map(({ name, nameHi }) => ({ name, nameHi }));
}

/** A word's four-character pieces (a 3-character word is its own piece; shorter ones have none). */
function piecesOf(word: string): string[] {
  const chars = [...word];
  if (chars.length < 3) return [];
  if (chars.length === 3) return [word];
  const pieces = new Set<string>();
  for (let i = 0; i + 4 <= chars.length; i++) pieces.add(chars.slice(i, i + 4).join(""));
  return [...pieces];
}

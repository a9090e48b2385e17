import { sql, type Expression, type SqlBool } from "kysely";
import { foldDevanagari } from "~/platform/i18n/devanagari";
import { WORD_BREAKS } from "~/platform/db/migrations/0037-search-tags";
import type { SearchTerm } from "~/features/catalog/domain/search-terms";

/**
 * Best match's order (docs/decisions/040-search-tags.md): a product whose name (in either
 * language) holds every term as a whole word (0); whose name or tags do (1); at the start of a
 * word (2); inside a word (3); and the rest (4, found in the description). So "pot" lists pots
 * before "Potassium nitrate", and those before the products of potato farmers; "tomato" lists
 * tomato seeds before the drip kit for tomato farmers. A whole word may carry a plural ending.
 *
 * The name's words (search_name_words) and the tags (search_tags) are kept by the database with a
 * space before and after each word (0037), so each test is a LIKE: " pot " is a whole word.
 * SQLite's best match asks its trigram index the same in tiers (find-products.server.ts); this
 * expression orders the matches PostgreSQL collects, and the short searches that scan.
 */
export function wordRank(terms: SearchTerm[]): Expression<number> {
  const holds = (test: (form: string) => Expression<SqlBool>) =>
    allOf(terms.map((term) => anyOf(term.forms.map((form) => test(wordForm(form))))));
  const whole = (column: string) => (f: string) => anyOf([` ${f} `, ` ${f}s `, ` ${f}es `].map((w) => like(column, w)));
  return sql<number>`case
    when ${holds(whole(NAME_WORDS))} then 0
    when ${holds((f) => anyOf([whole(NAME_WORDS)(f), whole(TAGS)(f)]))} then 1
    when ${holds((f) => anyOf([like(NAME_WORDS, ` ${f}`), like(TAGS, ` ${f}`)]))} then 2
    when ${holds((f) => anyOf([like(NAME_WORDS, f), like(TAGS, f)]))} then 3
    else 4 end`;
}

/** The name, in either language, holds the word (or its plural) as a word: "Clay Pots", not "Potash". */
export function nameHoldsWord(word: string): Expression<SqlBool> {
  const f = wordForm(word);
  return anyOf([` ${f} `, ` ${f}s `, ` ${f}es `].map((w) => like(NAME_WORDS, w)));
}

/** A search form as the name's words hold text: lower case, Devanagari folded, every break a space. */
export function wordForm(form: string): string {
  return [...foldDevanagari(form).toLowerCase()].map((c) => (WORD_BREAKS.includes(c) ? " " : c)).join("");
}

const NAME_WORDS = "product.search_name_words";
const TAGS = "product.search_tags";

/** column LIKE %text% (wildcards in text escaped), case as stored: both columns are lower case. */
function like(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

const allOf = (parts: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
const anyOf = (parts: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` or `)})`;

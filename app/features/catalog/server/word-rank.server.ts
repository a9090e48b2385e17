import { sql, type Expression, type SqlBool } from "kysely";
import type { Engine } from "~/platform/db/db.server";
import { foldSql } from "~/platform/db/fold-sql";
import type { SearchTerm } from "~/features/catalog/domain/search-terms";

/**
 * Best match's order (docs/decisions/040-search-tags.md): a product whose name (in either
 * language) holds every term as a whole word (0); whose name or tags do (1); at the start of a
 * word (2); inside a word (3); and the rest (4, found in the description). So "pot" lists pots
 * before "Potassium nitrate", and those before the products of potato farmers; "tomato" lists
 * tomato seeds before the drip kit for tomato farmers. A whole word may carry a plural ending.
 *
 * Evaluated for each match only (never to find them): the trigram indexes find, this orders.
 */
export function wordRank(engine: Engine, terms: SearchTerm[]): Expression<number> {
  const holds = (how: How, within = texts(engine)) =>
    allOf(terms.map((term) => anyOf(term.forms.map((form) => holdsForm(engine, form, how, within)))));
  return sql<number>`case when ${holds("word", names(engine))} then 0 when ${holds("word")} then 1 when ${holds("start")} then 2 when ${holds("inside")} then 3 else 4 end`;
}

/** The name, in either language, holds the word (or its plural) as a word: "Clay Pots", not "Potash". */
export function nameHoldsWord(engine: Engine, word: string): Expression<SqlBool> {
  return holdsForm(engine, word, "word", names(engine));
}

type How = "word" | "start" | "inside";

/** What separates words: spaces and punctuation (ASCII, the danda, dashes, curly quotes). */
const BREAKS = " !\"#$%&'()*+,./:;<=>?@[\\]^_`{|}~।–—‘’“”-";

/** The texts best match reads, lower case: name, Hindi name (folded as a search is), tags (0037). */
const texts = (engine: Engine) =>
  engine === "postgres"
    ? ["product.name_key", foldSql(true, "lower(coalesce(product.name_hi, ''))"), "product.search_tags"]
    : ["product.name_key", "product.search_name_hi", "product.search_tags"];

/** The name in either language. */
const names = (engine: Engine) => texts(engine).slice(0, 2);

function holdsForm(engine: Engine, form: string, how: How, within = texts(engine)): Expression<SqlBool> {
  const endings = how === "word" ? ["", "s", "es"] : [""];
  return anyOf(
    within.flatMap((text) =>
      endings.map((ending) =>
        engine === "postgres" ? holdsOnPostgres(text, form + ending, how) : holdsOnSqlite(text, form + ending, how),
      ),
    ),
  );
}

/** PostgreSQL: breaks become spaces (translate), then a LIKE with spaces around the word. */
function holdsOnPostgres(text: string, form: string, how: How): Expression<SqlBool> {
  const spaced = [...form].map((c) => (BREAKS.includes(c) ? " " : c)).join("");
  const literal = spaced.replace(/[\\%_]/g, (c) => `\\${c}`);
  const pattern = how === "word" ? `% ${literal} %` : how === "start" ? `% ${literal}%` : `%${literal}%`;
  return sql<SqlBool>`translate(' ' || ${sql.raw(text)} || ' ', ${BREAKS}, ${" ".repeat([...BREAKS].length)}) like ${pattern} escape '\\'`;
}

/** SQLite: GLOB with a class of the breaks around the word ([*] and the like keep GLOB's own characters literal). */
function holdsOnSqlite(text: string, form: string, how: How): Expression<SqlBool> {
  // In a GLOB class, "]" is literal first and "-" last; "[" and "\" are literal anywhere.
  const breaks = `[]${BREAKS.replace("]", "").replace("-", "")}-]`;
  const literal = [...form].map((c) => ("*?[".includes(c) ? `[${c}]` : c)).join("");
  const pattern = how === "word" ? `*${breaks}${literal}${breaks}*` : how === "start" ? `*${breaks}${literal}*` : `*${literal}*`;
  return sql<SqlBool>`(' ' || ${sql.raw(text)} || ' ') glob ${pattern}`;
}

const allOf = (parts: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
const anyOf = (parts: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` or `)})`;

import { getDb } from "~/db/db.server";
import { lookupKeys, searchTerms, searchWords, type SearchTerm, type Synonyms } from "~/domain/search-terms";

/** The pairs that mention any of these words or phrases, on either side: one small indexed query. */
async function synonymsOf(keys: string[]): Promise<Synonyms> {
  if (keys.length === 0) return [];
  return getDb()
    .selectFrom("search_synonym")
    .select(["term", "variant"])
    .where((eb) => eb.or([eb("term", "in", keys), eb("variant", "in", keys)]))
    .execute();
}

/** What a search text asks for: its terms, each with every form that counts as finding it. */
export async function termsFor(q: string): Promise<SearchTerm[]> {
  const words = searchWords(q);
  return searchTerms(words, await synonymsOf(lookupKeys(words)));
}

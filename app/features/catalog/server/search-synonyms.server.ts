import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { foldDevanagari } from "~/platform/i18n/devanagari";
import { lookupKeys, searchTerms, searchWords, type SearchTerm, type Synonyms } from "~/features/catalog/domain/search-terms";

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

export type SynonymRow = { id: string; term: string; variant: string };

/** Every pair, alphabetically: the admin's list (a few hundred at most). */
export async function listSynonyms(): Promise<SynonymRow[]> {
  return getDb().selectFrom("search_synonym").select(["id", "term", "variant"]).orderBy("term").orderBy("variant").limit(2000).execute();
}

/** Adds a pair; false when it is already there, either way round. Hindi is stored folded, as a search reads it (devanagari.ts). */
export async function addSynonym(typedTerm: string, typedVariant: string): Promise<boolean> {
  const db = getDb();
  const term = foldDevanagari(typedTerm);
  const variant = foldDevanagari(typedVariant);
  const existing = await db
    .selectFrom("search_synonym")
    .select("id")
    .where((eb) =>
      eb.or([eb.and([eb("term", "=", term), eb("variant", "=", variant)]), eb.and([eb("term", "=", variant), eb("variant", "=", term)])]),
    )
    .executeTakeFirst();
  if (existing) return false;
  // The unique pair (0012) settles a race between two admins adding the same pair.
  return db.transaction().execute(async (trx) => {
    const id = newId();
    const added = await trx
      .insertInto("search_synonym")
      .values({ id, term, variant })
      .onConflict((oc) => oc.columns(["term", "variant"]).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await recordAudit(trx, { kind: "synonym.add", object: { type: "synonym", id }, before: null, after: { term, variant } });
    return true;
  });
}

/** Deletes a pair; false when there was none with that id. */
export async function deleteSynonym(id: string): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const pair = await trx.selectFrom("search_synonym").select(["term", "variant"]).where("id", "=", id).executeTakeFirst();
      if (!pair) return false;
      const deleted = await trx.deleteFrom("search_synonym").where("id", "=", id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return false;
      await recordAudit(trx, { kind: "synonym.delete", object: { type: "synonym", id }, before: pair, after: null });
      return true;
    });
}

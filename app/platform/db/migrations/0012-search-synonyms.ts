import type { Kysely } from "kysely";

/**
 * Words that mean the same to a shopper (issue 12): British and American spellings and the
 * common Indian names of crops and tools. A search for either finds both. Admins extend the list
 * (/admin/search-synonyms); both sides are stored lower case, and a pair is kept once.
 */
export const STARTER_SYNONYMS: [string, string][] = [
  ["fertiliser", "fertilizer"],
  ["colour", "color"],
  ["mould", "mold"],
  ["litre", "liter"],
  ["metre", "meter"],
  ["chilli", "chili"],
  ["sulphur", "sulfur"],
  ["aluminium", "aluminum"],
  ["brinjal", "eggplant"],
  ["brinjal", "aubergine"],
  ["eggplant", "aubergine"],
  ["ladyfinger", "okra"],
  ["ladyfinger", "bhindi"],
  ["okra", "bhindi"],
  ["paddy", "rice"],
  ["mustard", "sarson"],
  ["khurpi", "hand weeder"],
  ["sprayer", "spray pump"],
  ["coriander", "dhaniya"],
  ["fenugreek", "methi"],
  ["bottle gourd", "lauki"],
  ["bitter gourd", "karela"],
  ["pearl millet", "bajra"],
  ["sorghum", "jowar"],
];

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("search_synonym")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("term", "text", (c) => c.notNull())
    .addColumn("variant", "text", (c) => c.notNull())
    .addUniqueConstraint("search_synonym_pair", ["term", "variant"])
    .execute();
  // A search looks a word up on either side.
  await db.schema.createIndex("search_synonym_variant").on("search_synonym").column("variant").execute();
  const rows = STARTER_SYNONYMS.map(([term, variant], i) => ({ id: `syn${String(i).padStart(4, "0")}`, term, variant }));
  await (db as Kysely<{ search_synonym: { id: string; term: string; variant: string } }>)
    .insertInto("search_synonym")
    .values(rows)
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("search_synonym").ifExists().execute();
}

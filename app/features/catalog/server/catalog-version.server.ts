import type { CompiledQuery } from "kysely";
import { type Db, getDb } from "~/platform/db/db.server";

type VersionRow = { version: number; stamp: string };
// Asked before every cacheable page: compiled once per database rather than per request.
const compiled = new WeakMap<Db, CompiledQuery<VersionRow>>();

/**
 * The catalogue's current version (0024-catalog-version): changes, in the same transaction, with
 * every write to what a catalogue page shows. The page cache reads it before rendering a page and
 * keys the page by it (docs/decisions/027-page-cache.md). Null if the row is missing.
 */
export async function catalogVersion(): Promise<string | null> {
  const db = getDb();
  let query = compiled.get(db);
  if (!query) {
    query = db.selectFrom("catalog_version").select(["version", "stamp"]).where("id", "=", 1).compile();
    compiled.set(db, query);
  }
  const [row] = (await db.executeQuery(query)).rows;
  return row ? `${row.version}-${row.stamp}` : null;
}

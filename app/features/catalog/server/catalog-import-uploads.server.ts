import { getDb, type Db } from "~/platform/db/db.server";
import type { CatalogImportTable } from "~/platform/db/schema";
import { isId, newId } from "~/platform/ids";

/** How long an uploaded file waits for "Apply import", and how many one person keeps. */
export const IMPORT_UPLOAD_TTL_MS = 60 * 60 * 1000;
const KEPT_PER_USER = 3;

export type ImportScope = CatalogImportTable["scope"];
export type ImportUpload = { id: string; fileName: string; csv: string; createdAt: string };

/**
 * Keeps an uploaded CSV for its preview and "Apply import": under a random, unguessable id, for
 * this user and page only, for an hour. Expired uploads (anyone's) and this user's older ones
 * beyond the last few go at the same time.
 */
export async function storeImportUpload(userId: string, scope: ImportScope, fileName: string, csv: string, now = new Date()) {
  const id = newId(32);
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("catalog_import").where("expires_at", "<=", now.toISOString()).execute();
      const older = await trx
        .selectFrom("catalog_import")
        .select("id")
        .where("user_id", "=", userId)
        .orderBy("created_at", "desc")
        .orderBy("id")
        .offset(KEPT_PER_USER - 1)
        .limit(100)
        .execute();
      if (older.length) {
        await trx
          .deleteFrom("catalog_import")
          .where(
            "id",
            "in",
            older.map((o) => o.id),
          )
          .execute();
      }
      await trx
        .insertInto("catalog_import")
        .values({
          id,
          user_id: userId,
          scope,
          file_name: fileName.slice(0, 200),
          csv,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + IMPORT_UPLOAD_TTL_MS).toISOString(),
        })
        .execute();
    });
  return id;
}

/** This user's upload on this page, if it has not expired; anyone else's, or a malformed id, is none. */
export async function getImportUpload(userId: string, scope: ImportScope, id: string, db: Db = getDb()): Promise<ImportUpload | null> {
  if (!isId(id)) return null;
  const row = await db
    .selectFrom("catalog_import")
    .select(["id", "file_name", "csv", "created_at"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("scope", "=", scope)
    .where("expires_at", ">", new Date().toISOString())
    .executeTakeFirst();
  return row ? { id: row.id, fileName: row.file_name, csv: row.csv, createdAt: row.created_at } : null;
}

/**
 * Takes the upload in the import's transaction: true once, false for a second "Apply import" of it
 * (on PostgreSQL the second waits for the first to commit, then finds it gone).
 */
export async function takeImportUpload(trx: Db, userId: string, scope: ImportScope, id: string) {
  if (!isId(id)) return false;
  const r = await trx
    .deleteFrom("catalog_import")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("scope", "=", scope)
    .where("expires_at", ">", new Date().toISOString())
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

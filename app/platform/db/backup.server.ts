import { closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { backup, DatabaseSync } from "node:sqlite";

/**
 * A consistent copy of a live SQLite database, taken with SQLite's online backup API: the store
 * keeps serving (and writing) while pages are copied, and the copy is one point in time.
 */
export async function backupSqlite(sourcePath: string, targetPath: string): Promise<{ pages: number }> {
  // A copy of the store is as private as the store: owner only (see openDatabase).
  if (!existsSync(dirname(targetPath))) mkdirSync(dirname(targetPath), { recursive: true, mode: 0o700 });
  closeSync(openSync(targetPath, "w", 0o600));
  const source = new DatabaseSync(sourcePath, { readOnly: true, timeout: 5000 });
  try {
    const pages = await backup(source, targetPath);
    return { pages };
  } finally {
    source.close();
  }
}

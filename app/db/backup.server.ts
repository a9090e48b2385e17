import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { backup, DatabaseSync } from "node:sqlite";

/**
 * A consistent copy of a live SQLite database, taken with SQLite's online backup API: the store
 * keeps serving (and writing) while pages are copied, and the copy is one point in time.
 */
export async function backupSqlite(sourcePath: string, targetPath: string): Promise<{ pages: number }> {
  mkdirSync(dirname(targetPath), { recursive: true });
  const source = new DatabaseSync(sourcePath, { readOnly: true, timeout: 5000 });
  try {
    const pages = await backup(source, targetPath);
    return { pages };
  } finally {
    source.close();
  }
}

import { expect, it } from "vitest";
import { sql } from "kysely";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createProduct } from "../../../tests/factories";
import { getDatabase, openDatabase } from "./db.server";
import { backupSqlite } from "./backup.server";
import { getEnv } from "~/platform/env.server";

// Runs in the SQLite suite (app/platform/db is not part of the PostgreSQL run, whose backups are pg_dump's job).
it("backs up the live SQLite database and the copy restores with the data", async () => {
  expect(getDatabase().engine).toBe("sqlite");
  const made = await createProduct({ name: "Backed Up Spade" });
  const target = join(mkdtempSync(join(tmpdir(), "angle-backup-")), "copy.sqlite");
  // Writes go on during the backup; the copy is still a consistent database.
  const writes = Promise.all(Array.from({ length: 20 }, () => createProduct()));
  await backupSqlite(getEnv().SQLITE_PATH, target);
  await writes;
  expect(statSync(target).mode & 0o777, "the copy is readable by its owner only").toBe(0o600);
  const restored = openDatabase({ sqlitePath: target });
  const row = await restored.db.selectFrom("product").select("name").where("id", "=", made.id).executeTakeFirst();
  expect(row?.name).toBe("Backed Up Spade");
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(restored.db);
  expect(rows[0]?.integrity_check).toBe("ok");
  await restored.close();
});

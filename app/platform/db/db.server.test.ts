import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "./db.server";

const root = mkdtempSync(join(tmpdir(), "angle-db-modes-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o777;

it("creates the SQLite file, its WAL and SHM files for the owner only, in a directory only the owner can enter", async () => {
  const path = join(root, "new-dir", "nested", "store.sqlite");
  const { db, close } = openDatabase({ sqlitePath: path });
  try {
    await sql`create table t (x integer)`.execute(db);
    await sql`insert into t values (1)`.execute(db);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(mode(file), file).toBe(0o600);
    expect(mode(join(root, "new-dir"))).toBe(0o700);
    expect(mode(join(root, "new-dir", "nested"))).toBe(0o700);
  } finally {
    await close();
  }
});

it("leaves an existing file's data alone", async () => {
  const path = join(root, "existing.sqlite");
  const first = openDatabase({ sqlitePath: path });
  await sql`create table t (x integer)`.execute(first.db);
  await sql`insert into t values (42)`.execute(first.db);
  await first.close();
  const again = openDatabase({ sqlitePath: path });
  try {
    const { rows } = await sql<{ x: number }>`select x from t`.execute(again.db);
    expect(rows.map((r) => r.x)).toEqual([42]);
  } finally {
    await again.close();
  }
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getMigrations } from "better-auth/db/migration";
import { sql } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { authTableOptions } from "~/platform/auth/auth.server";
import { type DatabaseHandle, type Db, getDatabase, openDatabase } from "~/platform/db/db.server";
import { getEnv } from "~/platform/env.server";
import { defined } from "~/platform/defined";

/**
 * A database of a migration test's own, on the test file's engine, beside the file's migrated one:
 * it holds only Better Auth's tables, so the test migrates it to an earlier point, fills it as the
 * store wrote then, and migrates on. Made before the file's tests, removed after them.
 */
export function databaseOfItsOwn(label: string): { readonly db: Db } {
  const engine = getDatabase().engine;
  let handle: DatabaseHandle | undefined;
  let dispose = async () => {};
  beforeAll(async () => {
    if (engine === "postgres") {
      const name = `angle_${label}_${process.pid}_${Date.now().toString(36)}`;
      await sql.raw(`create database ${name}`).execute(getDatabase().db);
      const url = new URL(defined(getEnv().DATABASE_URL, "the test's DATABASE_URL"));
      url.pathname = `/${name}`;
      const opened = openDatabase({ databaseUrl: url.toString(), sqlitePath: ":memory:" });
      handle = opened;
      dispose = async () => {
        await opened.close();
        await sql.raw(`drop database if exists ${name} with (force)`).execute(getDatabase().db);
      };
    } else {
      const dir = mkdtempSync(join(tmpdir(), `angle-${label}-`));
      const opened = openDatabase({ sqlitePath: join(dir, "old.sqlite") });
      handle = opened;
      dispose = async () => {
        await opened.close();
        rmSync(dir, { recursive: true, force: true });
      };
    }
    await (await getMigrations({ ...authTableOptions(), database: { db: handle.db, type: engine } })).runMigrations();
  });
  afterAll(() => dispose());
  return {
    get db() {
      return defined(handle, "the test's own database (opened before its tests)").db;
    },
  };
}

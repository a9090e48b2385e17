import { afterAll } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/**
 * Each test file gets its own empty, migrated database: a temporary SQLite file, or with
 * TEST_DB=postgres a new PostgreSQL database dropped afterwards. Set before any app module
 * reads the environment.
 */
const engine = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
process.env.SEED_ON_EMPTY = "false";
process.env.BASE_URL = "http://localhost:3999";
// Servers the tests start take no payments unless a test starts a fake gateway of its own.
process.env.FAKE_GATEWAY ??= "off";
// With RATE_LIMIT_STORE=redis the counters outlive the run: each test file counts under its own prefix,
// as it has its own database.
if (process.env.RATE_LIMIT_STORE === "redis") {
  process.env.REDIS_KEY_PREFIX = `angle-test:${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}:`;
}

let cleanup: () => Promise<void>;
if (engine === "postgres") {
  const name = `angle_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  cleanup = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
} else {
  delete process.env.DATABASE_URL;
  const dir = mkdtempSync(join(tmpdir(), "angle-test-"));
  process.env.SQLITE_PATH = join(dir, "test.sqlite");
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}

const { getDatabase, closeDatabase } = await import("~/db/db.server");
const { migrateToLatest } = await import("~/db/migrate.server");
await migrateToLatest(getDatabase().db);

afterAll(async () => {
  const { resetAuth } = await import("~/auth/auth.server");
  resetAuth();
  const { closeRateLimitStore } = await import("~/services/security/rate-limit.server");
  await closeRateLimitStore();
  await closeDatabase();
  await cleanup();
});

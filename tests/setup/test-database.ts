import { afterAll, inject } from "vitest";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { testEnvironment } from "./test-environment";

/**
 * Each test file gets its own empty, migrated database: a copy of the template the global setup
 * migrated once (tests/setup/global-setup.ts), as a temporary SQLite file or, with TEST_DB=postgres,
 * a new PostgreSQL database dropped afterwards. Set before any app module reads the environment.
 */
const engine = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const template = inject("templateDatabase");
// The environment as it was before this file: put back after it, as a worker runs file after file.
const environmentBefore = { ...process.env };
for (const [key, value] of Object.entries(testEnvironment)) process.env[key] = value;
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
  await admin.query(`create database ${name} template ${template}`);
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
  copyFileSync(template, process.env.SQLITE_PATH);
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
}

afterAll(async () => {
  const { resetAuth } = await import("~/platform/auth/auth.server");
  resetAuth();
  const { closeRateLimitStore } = await import("~/platform/rate-limit/rate-limit.server");
  await closeRateLimitStore();
  const { closeDatabase } = await import("~/platform/db/db.server");
  await closeDatabase();
  await cleanup();
  for (const key of Object.keys(process.env)) if (!(key in environmentBefore)) delete process.env[key];
  Object.assign(process.env, environmentBefore);
  const { resetEnv } = await import("~/platform/env.server");
  resetEnv();
});

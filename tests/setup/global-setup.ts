import pg from "pg";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { testEnvironment } from "./test-environment";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database every test file copies: a SQLite file's path, or a PostgreSQL database's name. */
    templateDatabase: string;
  }
}

/**
 * Migrates one template database for the run; each test file then starts from a copy of it
 * (tests/setup/test-database.ts) instead of running every migration again.
 *
 * TEST_DB=postgres runs the integration tests against the PostgreSQL server (TEST_DATABASE_URL,
 * default the local one). Under CI a database that cannot be reached fails the run: never a skip.
 */
export default async function setup(project: TestProject) {
  // (The messages are compiled first, for every project: tests/setup/compile-messages.ts.)
  const unique = `${process.pid}_${Date.now().toString(36)}`;
  if (process.env.TEST_DB !== "postgres") {
    const dir = mkdtempSync(join(tmpdir(), "angle-template-"));
    const path = join(dir, "template.sqlite");
    migrate({ SQLITE_PATH: path, DATABASE_URL: undefined });
    project.provide("templateDatabase", path);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `angle_template_${unique}`;
  await adminQuery(url, `create database ${name}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  migrate({ DATABASE_URL: templateUrl.toString() });
  project.provide("templateDatabase", name);
  return () => adminQuery(url, `drop database if exists ${name} with (force)`);
}

/** Runs the store's migrations (scripts/db-migrate.ts) in a process of its own, so no module state stays here. */
function migrate(database: Record<string, string | undefined>) {
  const env = { ...process.env, ...testEnvironment, ...database };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  execFileSync("npx", ["tsx", "scripts/db-migrate.ts"], { env, stdio: ["ignore", "ignore", "inherit"] });
}

async function adminQuery(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query(query);
  } catch (error) {
    throw new Error(`TEST_DB=postgres but PostgreSQL at ${url} refused "${query}": ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

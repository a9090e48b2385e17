import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/**
 * Private stores (tests/e2e/private-store.ts) start from template databases migrated once per run,
 * not by running every migration and loading the sample catalogue again at each start: one with the
 * sample catalogue, one migrated only (a store started with SEED_ON_EMPTY=false). SQLite: files
 * each store copies; PostgreSQL (E2E_DB=postgres): databases each store is created from. The names
 * reach the workers through the environment.
 */
export default async function globalSetup() {
  const postgres = process.env.E2E_DB === "postgres";
  const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const unique = `${process.pid}_${Date.now().toString(36)}`;
  const dir = mkdtempSync(join(tmpdir(), "angle-e2e-templates-"));
  const templates = { seeded: "", migrated: "" };
  // Migrated once; the seeded template starts as a copy of the migrated one and only loads the catalogue.
  for (const kind of ["migrated", "seeded"] as const) {
    const env: NodeJS.ProcessEnv = { ...process.env };
    if (postgres) {
      const name = `angle_e2e_tpl_${kind}_${unique}`;
      await adminQuery(adminUrl, `create database ${name}${kind === "seeded" ? ` template ${templates.migrated}` : ""}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
      templates[kind] = name;
    } else {
      delete env.DATABASE_URL;
      env.SQLITE_PATH = join(dir, `${kind}.sqlite`);
      if (kind === "seeded") copyFileSync(templates.migrated, env.SQLITE_PATH);
      templates[kind] = env.SQLITE_PATH;
    }
    const script = kind === "seeded" ? "scripts/db-seed.ts" : "scripts/db-migrate.ts";
    execFileSync("npx", ["tsx", script], { env, stdio: ["ignore", "ignore", "inherit"] });
  }
  process.env.E2E_TEMPLATE_SEEDED = templates.seeded;
  process.env.E2E_TEMPLATE_MIGRATED = templates.migrated;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgres) for (const name of Object.values(templates)) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  };
}

async function adminQuery(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

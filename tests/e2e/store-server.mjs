// A private store for one Playwright worker (see storefront-fixtures.ts): the production build on a
// fresh database of its own: the SQLite file at SQLITE_PATH (a copy of the run's template), or with
// E2E_DB=postgres a new database named STORE_DB_NAME made from STORE_DB_TEMPLATE. The fixture
// removes either afterwards.
import pg from "pg";

if (process.env.E2E_DB === "postgres") {
  const name = process.env.STORE_DB_NAME;
  if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error("STORE_DB_NAME must be a plain database name");
  const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  const template = process.env.STORE_DB_TEMPLATE;
  if (template && !/^[a-z0-9_]+$/.test(template)) throw new Error("STORE_DB_TEMPLATE must be a plain database name");
  // From the run's migrated template (tests/e2e/global-setup.ts), when there is one.
  await client.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
} else {
  if (!process.env.SQLITE_PATH) throw new Error("SQLITE_PATH is required");
  delete process.env.DATABASE_URL;
}
process.env.NODE_ENV = "production";
// If the Playwright worker dies without stopping us, stop with it rather than linger.
process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
await import("../../server/index.ts");

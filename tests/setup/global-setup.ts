import pg from "pg";
import { execFileSync } from "node:child_process";

/**
 * TEST_DB=postgres runs the integration tests against the PostgreSQL server (TEST_DATABASE_URL,
 * default the local one). Under CI a database that cannot be reached fails the run: never a skip.
 */
export default async function setup() {
  // The compiled messages (app/paraglide), fresh for every run. In a process of its own: the
  // compiler leaves handles open that would keep Vitest from exiting.
  execFileSync("npm", ["run", "--silent", "i18n"], { stdio: "inherit" });
  if (process.env.TEST_DB !== "postgres") return;
  const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    throw new Error(`TEST_DB=postgres but PostgreSQL at ${url} is unreachable: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

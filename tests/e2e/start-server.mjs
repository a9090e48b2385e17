// Starts the production build on a fresh database for the end-to-end tests:
// E2E_DB=sqlite (a new temporary file) or E2E_DB=postgres (a new database angle_e2e_<port>).
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const port = Number(process.env.PORT ?? 3100);
const dbName = `angle_e2e_${port}`;
// Every folder this server writes is this port's and this engine's, emptied first: a run never
// reads an email or a picture an earlier run left, and runs leave one set of folders, not one each.
const scratch = join(tmpdir(), `angle-e2e-${port}-${process.env.E2E_DB ?? "sqlite"}`);
for (const dir of [scratch, process.env.MAIL_DIR, process.env.SMS_DIR, process.env.UPLOAD_DIR]) {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
mkdirSync(scratch, { recursive: true });
if (process.env.E2E_DB === "postgres") {
  const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${dbName} with (force)`);
  await client.query(`create database ${dbName}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  process.env.DATABASE_URL = url.toString();
} else {
  delete process.env.DATABASE_URL;
  process.env.SQLITE_PATH = join(scratch, "store.sqlite");
}
// Emails and SMS the outbox worker writes go to a scratch folder, not the worktree's data/.
process.env.MAIL_DIR ??= join(scratch, "mail");
process.env.SMS_DIR ??= join(scratch, "sms");
process.env.NODE_ENV = "production";
await import("../../server/index.ts");

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { ADMIN } from "./admin-helpers";

export type Row = Record<string, unknown>;

/** A store of the fuzz tests' own, with a read-only window on its database. */
export type FuzzStore = { url: string; query: (sql: string, params?: (string | number)[]) => Promise<Row[]>; stop: () => Promise<void> };

/**
 * Like private-store.ts (the production build on a fresh database, on a free port), but the test
 * also reads the database, read-only, to check that hostile input left nothing half-written. A store
 * of its own also means a fuzzed settings form or a batch of failed sign-ins disturbs no other spec.
 * Queries use `?` placeholders on both engines.
 */
export async function startFuzzStore(): Promise<FuzzStore> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const postgres = process.env.E2E_DB === "postgres";
  const dbName = `angle_e2e_fuzz_${port}`;
  const dir = mkdtempSync(join(tmpdir(), "angle-fuzz-"));
  const sqlitePath = join(dir, "store.sqlite");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    BASE_URL: url,
    E2E_DB: postgres ? "postgres" : "sqlite",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Hostile sign-ins and registrations by the hundred must not lock the test's own roles out.
    RATE_LIMIT_REGISTER_MAX: "100000",
    RATE_LIMIT_SIGNIN_MAX: "100000",
    RATE_LIMIT_CONTACT_MAX: "100000",
    UPLOAD_DIR: join(dir, "uploads"),
  };
  if (postgres) env.STORE_DB_NAME = dbName;
  else env.SQLITE_PATH = sqlitePath;

  const server = spawn(process.execPath, [join(import.meta.dirname, "store-server.mjs")], { env, stdio: ["ignore", "pipe", "pipe", "ipc"] });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  let stderr = "";
  server.stderr!.on("data", (chunk) => (stderr = (stderr + chunk).slice(-10_000)));
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Angle is running at")) resolve();
    });
    server.once("exit", (code) => reject(new Error(`fuzz store server exited (${code}) before listening:\n${stderr}`)));
  });

  const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  let pgClient: pg.Client | null = null;
  let sqlite: DatabaseSync | null = null;
  if (postgres) {
    const dbUrl = new URL(adminUrl);
    dbUrl.pathname = `/${dbName}`;
    pgClient = new pg.Client({ connectionString: dbUrl.toString() });
    await pgClient.connect();
    await pgClient.query("set default_transaction_read_only = on");
  } else {
    sqlite = new DatabaseSync(sqlitePath, { readOnly: true });
  }

  return {
    url,
    async query(sql, params = []) {
      if (sqlite) return sqlite.prepare(sql).all(...params) as Row[];
      let n = 0;
      const result = await pgClient!.query(sql.replace(/\?/g, () => `$${++n}`), params);
      return result.rows;
    },
    async stop() {
      sqlite?.close();
      await pgClient?.end();
      server.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
      if (postgres) {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        try {
          await client.query(`drop database if exists ${dbName} with (force)`);
        } finally {
          await client.end();
        }
      }
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

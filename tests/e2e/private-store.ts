import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { mailDirFor } from "../../playwright.config";

/**
 * A store of a test file's own: the production build (tests/e2e/store-server.mjs) on a fresh
 * database — a temporary SQLite file, or with E2E_DB=postgres a database of its own — on a free
 * port. `stop` ends it and removes the database; the IPC channel ends it too if the worker dies.
 */
export async function startPrivateStore(name: string, extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const postgres = process.env.E2E_DB === "postgres";
  const dbName = `angle_e2e_${name}_${port}`;
  // Its files (the SQLite database, uploaded images) live in a temporary folder of its own.
  const dir = mkdtempSync(join(tmpdir(), `angle-${name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    UPLOAD_DIR: join(dir, "uploads"),
    MAIL_DIR: mailDirFor(port),
    OUTBOX_POLL_MS: "200",
    ...extraEnv,
    PORT: String(port),
    BASE_URL: url,
    E2E_DB: postgres ? "postgres" : "sqlite",
  };
  const sqlitePath = join(dir, "store.sqlite");
  // From the run's template (tests/e2e/global-setup.ts): with the sample catalogue unless asked otherwise.
  const template = env.SEED_ON_EMPTY === "false" ? process.env.E2E_TEMPLATE_MIGRATED : process.env.E2E_TEMPLATE_SEEDED;
  if (!template) throw new Error("no template database: tests/e2e/global-setup.ts makes them (playwright.config.ts globalSetup)");
  if (postgres) {
    env.STORE_DB_NAME = dbName;
    env.STORE_DB_TEMPLATE = template;
  } else {
    env.SQLITE_PATH = sqlitePath;
    copyFileSync(template, sqlitePath);
  }

  const server = spawn(process.execPath, [join(import.meta.dirname, "store-server.mjs")], {
    env,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  // Piped, as asked above (the "ipc" entry hides that from spawn's types).
  const { stdout: out, stderr: err } = server;
  if (!out || !err) throw new Error(`${name} store server has no output pipes`);
  let stderr = "";
  err.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-10_000);
  });
  await new Promise<void>((resolve, reject) => {
    // The server logs this line once it is listening (server/index.ts).
    // Its log (why it stopped, too) goes to standard output.
    let log = "";
    out.on("data", (chunk: Buffer) => {
      log = (log + chunk).slice(-10_000);
      if (chunk.toString().includes("Angle is running at")) resolve();
    });
    server.once("exit", (code) => reject(new Error(`${name} store server exited (${code}) before listening:\n${stderr}${log}`)));
  });

  const adminUrl = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  adminUrl.pathname = `/${dbName}`;
  return {
    url,
    /** Where its data lives, for a test that reads it (read-only). */
    database: postgres ? ({ postgresUrl: adminUrl.toString() } as const) : ({ sqlitePath } as const),
    async stop() {
      server.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
      rmSync(mailDirFor(port), { recursive: true, force: true });
      if (postgres) await dropDatabase(dbName);
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

async function dropDatabase(name: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

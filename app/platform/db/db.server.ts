import { closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, PostgresDialect, type Dialect } from "kysely";
import pg from "pg";
import { getEnv } from "../env.server";
import { addScrapedGauge } from "../observability/metrics.server";
import { observeQueries } from "../observability/query-observer.server";
import { namingPool } from "./named-statements.server";
import type { Database } from "./schema";
import { NodeSqliteDialect } from "./sqlite-dialect.server";

export type Engine = "sqlite" | "postgres";
export type Db = Kysely<Database>;

export type DatabaseHandle = { db: Db; engine: Engine; dialect: Dialect; close: () => Promise<void> };

/** Named statements a PostgreSQL connection keeps at most: the store's hot statements are far fewer. */
const NAMED_STATEMENTS_PER_CONNECTION = 100;

/**
 * The one place the engine is chosen: PostgreSQL when DATABASE_URL is set, else a SQLite file.
 * `preparedStatements` (PostgreSQL; PG_PREPARED_STATEMENTS by default): repeated statements are
 * prepared once per connection (named-statements.server.ts).
 */
export function openDatabase(options: {
  databaseUrl?: string;
  sqlitePath: string;
  preparedStatements?: boolean;
  namedStatementsPerConnection?: number;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: getEnv().PG_POOL_MAX,
      // A query is written as soon as it is made: a transaction's last statement and its COMMIT go
      // out together (commit-behind.server.ts). Everything else still waits for each answer.
      pipeline: true,
      // bigint (int8) and numeric columns hold paise and counts well inside 2^53: read them as numbers.
      types: {
        getTypeParser: (oid, format) => (oid === 20 || oid === 1700 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)),
      },
    });
    // An idle connection the server drops (restart, failover) must not crash the process: the pool
    // replaces it on the next query.
    pool.on("error", (error) => console.warn(`PostgreSQL idle connection lost: ${error.message}`));
    const prepared = options.preparedStatements ?? getEnv().PG_PREPARED_STATEMENTS === "on";
    const maxPerConnection = options.namedStatementsPerConnection ?? NAMED_STATEMENTS_PER_CONNECTION;
    const dialect = new PostgresDialect({ pool: namingPool(pool, { maxPerConnection, naming: prepared }) });
    // Each statement's time (and span, with tracing on): docs/decisions/069-metrics-and-traces.md.
    const db = new Kysely<Database>({ dialect, log: observeQueries("postgres") });
    addScrapedGauge({
      name: "angle_db_pool_connections",
      help: "PostgreSQL pool connections when scraped: all open (total), idle, and requests waiting for one.",
      labelNames: ["state"],
      read: () => [
        { labels: { state: "total" }, value: pool.totalCount },
        { labels: { state: "idle" }, value: pool.idleCount },
        { labels: { state: "waiting" }, value: pool.waitingCount },
      ],
    });
    return { db, engine: "postgres", dialect, close: () => db.destroy() };
  }
  if (options.sqlitePath !== ":memory:") createPrivately(options.sqlitePath);
  const sqlite = new DatabaseSync(options.sqlitePath, { timeout: 5000 });
  // synchronous=full: a confirmed order survives a power cut, not only a process crash.
  sqlite.exec("pragma journal_mode = wal; pragma foreign_keys = on; pragma synchronous = full;");
  const dialect = new NodeSqliteDialect(sqlite);
  const db = new Kysely<Database>({ dialect, log: observeQueries("sqlite") });
  return { db, engine: "sqlite", dialect, close: () => db.destroy() };
}

/**
 * The database holds customers' addresses and password hashes: a new file is readable by its owner
 * only (0600; SQLite gives the -wal and -shm files the database file's mode), in a directory only
 * the owner can enter (0700) when we create that too. Existing files and directories keep theirs.
 */
function createPrivately(path: string) {
  const dir = dirname(path);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  // "a": create if missing, never truncate.
  closeSync(openSync(path, "a", 0o600));
}

let handle: DatabaseHandle | undefined;

export function getDatabase(): DatabaseHandle {
  if (!handle) {
    const env = getEnv();
    handle = openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH });
  }
  return handle;
}

export function getDb(): Db {
  return getDatabase().db;
}

export async function closeDatabase() {
  const current = handle;
  handle = undefined;
  await current?.close();
}

import type { DatabaseSync, StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from "kysely";

/**
 * Kysely dialect for Node's built-in `node:sqlite`. One connection, guarded by a mutex, so a
 * transaction has the database to itself; `BEGIN IMMEDIATE` takes the write lock up front so two
 * processes never deadlock upgrading a read lock.
 */
export class NodeSqliteDialect implements Dialect {
  constructor(private readonly database: DatabaseSync) {}
  createAdapter() {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new NodeSqliteDriver(this.database);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createIntrospector(db: Parameters<Dialect["createIntrospector"]>[0]) {
    return new SqliteIntrospector(db);
  }
}

class NodeSqliteDriver implements Driver {
  readonly #connection: NodeSqliteConnection;
  #queue: Promise<void> = Promise.resolve();

  constructor(private readonly database: DatabaseSync) {
    this.#connection = new NodeSqliteConnection(database);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.#queue;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#connection.release = release;
    return this.#connection;
  }
  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }
  async releaseConnection() {
    this.#connection.release?.();
  }
  async destroy() {
    if (this.database.isOpen) this.database.close();
  }
}

/** Prepared statements kept per connection: the app's queries are a few hundred texts, run again and again. */
const STATEMENT_CACHE_SIZE = 500;

class NodeSqliteConnection implements DatabaseConnection {
  release?: () => void;
  readonly #statements = new Map<string, { statement: StatementSync; reader: boolean }>();
  constructor(private readonly database: DatabaseSync) {}

  /** The statement for this text, prepared once (SQLite prepares it again itself after a schema change). */
  #prepare(text: string) {
    const known = this.#statements.get(text);
    if (known) {
      // Most recently used last, so the oldest is the first to go.
      this.#statements.delete(text);
      this.#statements.set(text, known);
      return known;
    }
    const statement = this.database.prepare(text);
    const prepared = { statement, reader: statement.columns().length > 0 };
    this.#statements.set(text, prepared);
    if (this.#statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    return prepared;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { statement, reader } = this.#prepare(compiled.sql);
    const parameters = compiled.parameters.map(toSqliteValue) as never[];
    if (reader) {
      // node:sqlite returns null-prototype rows; give callers ordinary objects.
      const rows = statement.all(...parameters).map((row) => ({ ...row }));
      return { rows: rows as R[] };
    }
    const { changes, lastInsertRowid } = statement.run(...parameters);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("node:sqlite does not stream");
  }
}

/** node:sqlite silently stores a Date as NULL and rejects booleans: convert them first. */
function toSqliteValue(value: unknown) {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

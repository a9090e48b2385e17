import type { DatabaseSync } from "node:sqlite";
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

class NodeSqliteConnection implements DatabaseConnection {
  release?: () => void;
  constructor(private readonly database: DatabaseSync) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.database.prepare(compiled.sql);
    const parameters = compiled.parameters.map(toSqliteValue) as never[];
    if (statement.columns().length > 0) {
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

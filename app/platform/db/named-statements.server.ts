import { hash } from "node:crypto";
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import pg from "pg";
import { takeCommitBehind } from "./commit-behind.server";

/**
 * A pg pool whose connections send repeated statements as named prepared statements, so PostgreSQL
 * parses and plans each once per connection instead of on every call (decision 043).
 *
 * - A statement is named from a hash of its text, the second time a connection sends it: one-off
 *   texts (an `in` list of a new length) take no place. A connection names at most `maxPerConnection`
 *   texts; a full one names nothing more and is replaced the next time it is taken from the pool.
 *   Not DEALLOCATE, the only way pg has to drop one: PgBouncer (max_prepared_statements) tracks
 *   prepared statements in the protocol and does not translate it. A closed connection frees them
 *   behind any proxy.
 * - A schema change can give a prepared statement's columns another type: PostgreSQL then refuses it
 *   ("cached plan must not change result type", 0A000) rather than re-plan. So a `*` column list,
 *   which any added column changes, is named only outside a transaction, where that refusal is sent
 *   again unnamed, unseen by the caller. A statement with its columns listed meets the refusal only
 *   when one of them changes type: inside a transaction it fails that transaction. Either way every
 *   connection that may hold such a plan is replaced the next time it is taken, and one that runs
 *   DDL itself (migrations) names nothing more.
 */
export function namingPool(pool: pg.Pool, options: { maxPerConnection: number; naming?: boolean }): PostgresPool {
  const { maxPerConnection, naming = true } = options;
  /** Raised when the schema may have changed under some connection's plans: older connections are replaced. */
  let generation = 0;
  const states = new WeakMap<pg.PoolClient, Connection>();

  const stale = (c: Connection) => c.generation !== generation || c.retired || c.names.size >= maxPerConnection;

  function wrap(client: pg.PoolClient, state: Connection): PostgresPoolClient {
    async function run<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
      const values = [...parameters];
      if (state.committedBehind) {
        state.committedBehind = false;
        // The transaction ended with its last statement (withCommitBehind): Kysely's end of it is answered here.
        if (text === "commit") return { command: "COMMIT", rowCount: 0, rows: [] };
        if (text === "rollback") return { command: "ROLLBACK", rowCount: 0, rows: [] };
      }
      const status = client.getTransactionStatus();
      const behind = status === "T" && takeCommitBehind();
      const send = (config: pg.QueryConfig) => (behind ? sendWithCommit(config) : client.query(config));
      const name = naming ? nameFor(state, text, status === "I") : undefined;
      if (!name) return result<R>(await send({ text, values }));
      try {
        return result<R>(await send({ name, text, values }));
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === "0A000") {
          generation++;
          state.retired = true;
          // Outside a transaction nothing ran: the same statement unnamed is planned afresh.
          if (status === "I") return result<R>(await client.query(text, values));
        } else if (code === "26000" || code === "42P05") {
          warnProxyOnce();
        }
        throw error;
      }
    }
    /**
     * The statement and COMMIT behind it in one write (the pool's connections pipeline: each query
     * has its own Sync, so a failed statement leaves the COMMIT to roll back). Either way the
     * transaction has ended when this answers.
     */
    async function sendWithCommit(config: pg.QueryConfig) {
      state.committedBehind = true;
      const [answer, commit] = await Promise.allSettled([client.query(config), client.query("commit")]);
      if (answer.status === "rejected") throw answer.reason;
      if (commit.status === "rejected") throw commit.reason;
      if (commit.value.command !== "COMMIT") throw new Error(`PostgreSQL answered the commit with ${commit.value.command}`);
      return answer.value;
    }
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(
      sql: string | PostgresCursor<R>,
      parameters?: ReadonlyArray<unknown>,
    ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      // Kysely streams through a cursor only when the dialect is given one, and ours is not.
      if (typeof sql !== "string") throw new Error("streaming needs a cursor in the PostgreSQL dialect's options");
      if (DDL.test(sql)) {
        state.retired = true;
        generation++;
      }
      return run<R>(sql, parameters ?? []);
    }
    return { query, release: (destroy?: boolean) => client.release(destroy) };
  }

  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    Client: pg.Client,
    options: pool.options,
    async connect() {
      for (;;) {
        const client = await pool.connect();
        let state = states.get(client);
        if (state && stale(state)) {
          client.release(true);
          continue;
        }
        if (!state) {
          state = { generation, names: new Map(), seen: new Set(), retired: false };
          states.set(client, state);
        }
        let wrapper = wrappers.get(client);
        if (!wrapper) {
          wrapper = wrap(client, state);
          wrappers.set(client, wrapper);
        }
        return wrapper;
      }
    },
    end: () => pool.end(),
  };

  function nameFor(state: Connection, text: string, outsideTransaction: boolean): string | undefined {
    if (state.retired || state.generation !== generation) return undefined;
    const known = state.names.get(text);
    if (known) return known.star && !outsideTransaction ? undefined : known.name;
    if (state.names.size >= maxPerConnection || !PLANNABLE.test(text) || text.includes(";")) return undefined;
    if (!state.seen.has(text)) {
      if (state.seen.size >= 2 * maxPerConnection) state.seen.clear();
      state.seen.add(text);
      return undefined;
    }
    const star = STAR_COLUMNS.test(text);
    const named = { name: statementName(text), star };
    state.names.set(text, named);
    return star && !outsideTransaction ? undefined : named.name;
  }
}

/** pg's result as Kysely reads it: the command decides whether rowCount is rows changed. */
function result<R>(r: pg.QueryResult): PostgresQueryResult<R> {
  return { command: isCommand(r.command) ? r.command : "SELECT", rowCount: r.rowCount ?? 0, rows: r.rows };
}
const COMMANDS = new Set<string>(["COMMIT", "DELETE", "INSERT", "MERGE", "ROLLBACK", "SELECT", "UPDATE"]);
const isCommand = (c: string): c is PostgresQueryResult<unknown>["command"] => COMMANDS.has(c);

type Connection = {
  /** The pool's generation when this connection was opened. */
  generation: number;
  /** Statement text → its name, once named on this connection. */
  names: Map<string, { name: string; star: boolean }>;
  /** Texts sent once, unnamed. */
  seen: Set<string>;
  /** This connection changed the schema, or was refused a plan of the old one: it names nothing more. */
  retired: boolean;
  /** Its transaction was committed (or rolled back) with its last statement; Kysely's COMMIT or ROLLBACK is next. */
  committedBehind?: boolean;
};

/** The name is the text's: the same statement has the same name on every connection and process. */
export function statementName(text: string) {
  return `angle_${hash("sha256", text, "hex").slice(0, 32)}`;
}

/**
 * Statements whose plan PostgreSQL caches; the rest (begin, commit, DDL) are cheap or one-off. A text
 * with a `;` may be several statements, which a prepared statement cannot hold.
 */
const PLANNABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Statements that can change a table's columns or a function's result. */
const DDL = /^\s*(alter|drop|create)\b/i;
/** A `*` column list (`select *`, `"t".*`, `returning *`), not `count(*)` or a product. */
const STAR_COLUMNS = /(?:\bselect\s+(?:distinct\s+)?|\breturning\s+|,\s*)(?:"[^"]*"\.|\w+\.)?\*/i;

let proxyWarned = false;
function warnProxyOnce() {
  if (proxyWarned) return;
  proxyWarned = true;
  console.warn(
    "PostgreSQL did not find a prepared statement this connection made, or found one it did not: a transaction-pooling proxy is between us. Set PG_PREPARED_STATEMENTS=off, or max_prepared_statements in PgBouncer 1.21 or later.",
  );
}

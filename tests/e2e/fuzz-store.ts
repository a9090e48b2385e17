import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { ADMIN } from "./admin-helpers";
import { startPrivateStore } from "./private-store";

export type Row = Record<string, unknown>;

/** A store of the fuzz tests' own, with a read-only window on its database. */
export type FuzzStore = { url: string; query: (sql: string, params?: (string | number)[]) => Promise<Row[]>; stop: () => Promise<void> };

/**
 * A private store (private-store.ts: the production build on a fresh database, on a free port)
 * whose database the test also reads, read-only, to check that hostile input left nothing
 * half-written. A store of its own also means a fuzzed settings form or a batch of failed sign-ins
 * disturbs no other spec. Queries use `?` placeholders on both engines.
 */
export async function startFuzzStore(): Promise<FuzzStore> {
  const store = await startPrivateStore("fuzz", {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Hostile sign-ins and registrations by the hundred must not lock the test's own roles out.
    RATE_LIMIT_REGISTER_MAX: "100000",
    RATE_LIMIT_SIGNIN_MAX: "100000",
    RATE_LIMIT_CONTACT_MAX: "100000",
    RATE_LIMIT_CHECKOUT_MAX: "100000",
    RATE_LIMIT_CHECKOUT_ADDRESS_MAX: "100000",
    ORDER_MAX_OPEN_UNPAID: "100000",
    RATE_LIMIT_LISTING_MAX: "100000",
    LISTING_MAX_PENDING: "100000",
  });
  let pgClient: pg.Client | null = null;
  let sqlite: DatabaseSync | null = null;
  if ("postgresUrl" in store.database) {
    pgClient = new pg.Client({ connectionString: store.database.postgresUrl });
    await pgClient.connect();
    await pgClient.query("set default_transaction_read_only = on");
  } else {
    sqlite = new DatabaseSync(store.database.sqlitePath, { readOnly: true });
  }

  return {
    url: store.url,
    async query(sql, params = []) {
      if (sqlite) return sqlite.prepare(sql).all(...params) as Row[];
      if (!pgClient) throw new Error("the fuzz store has no database connection");
      let n = 0;
      const result = await pgClient.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      );
      return result.rows;
    },
    async stop() {
      sqlite?.close();
      await pgClient?.end();
      await store.stop();
    },
  };
}

import { DatabaseSync } from "node:sqlite";
import pg from "pg";

export type Row = Record<string, unknown>;

/**
 * A store being fuzzed: where it answers, a read-only window on its database (to check that hostile
 * input left nothing half-written), and the token of the email-confirmation link last sent to an
 * address. Queries use `?` placeholders on both engines.
 */
export type FuzzStore = {
  url: string;
  query: (sql: string, params?: (string | number)[]) => Promise<Row[]>;
  confirmationToken: (email: string) => Promise<string>;
  stop: () => Promise<void>;
};

/** Opens the store's database read-only: a SQLite file, or a PostgreSQL database in read-only transactions. */
export async function openStoreReader(database: { sqlitePath: string } | { postgresUrl: string }) {
  if ("sqlitePath" in database) {
    const sqlite = new DatabaseSync(database.sqlitePath, { readOnly: true });
    return {
      query: async (sql: string, params: (string | number)[] = []) => sqlite.prepare(sql).all(...params) as Row[],
      close: async () => sqlite.close(),
    };
  }
  const client = new pg.Client({ connectionString: database.postgresUrl });
  await client.connect();
  await client.query("set default_transaction_read_only = on");
  return {
    query: async (sql: string, params: (string | number)[] = []) => {
      let n = 0;
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as Row[];
    },
    close: () => client.end(),
  };
}

/** The admin a fuzzed store is started with (ADMIN_EMAIL, ADMIN_PASSWORD): the targets try its address with wrong passwords. */
export const FUZZ_ADMIN = { email: "admin@angle.test", password: "admin-e2e-password" };

/** The environment a store is fuzzed with: its admin, and limits hostile sign-ins and forms by the hundred never reach. */
export const FUZZ_STORE_ENV: Record<string, string> = {
  ADMIN_EMAIL: FUZZ_ADMIN.email,
  ADMIN_PASSWORD: FUZZ_ADMIN.password,
  RATE_LIMIT_REGISTER_MAX: "100000",
  RATE_LIMIT_SIGNIN_MAX: "100000",
  RATE_LIMIT_CONTACT_MAX: "100000",
  RATE_LIMIT_CHECKOUT_MAX: "100000",
  RATE_LIMIT_CHECKOUT_ADDRESS_MAX: "100000",
  ORDER_MAX_OPEN_UNPAID: "100000",
  RATE_LIMIT_LISTING_MAX: "100000",
  LISTING_MAX_PENDING: "100000",
};

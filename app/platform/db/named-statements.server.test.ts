import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defined } from "../defined";
import { getEnv } from "../env.server";
import { type Db, openDatabase } from "./db.server";
import { statementName } from "./named-statements.server";

// Prepared statements are PostgreSQL's matter: SQLite's driver keeps its own (sqlite-dialect.server.ts).
// vitest.config.ts runs this file on PostgreSQL only.
const url = defined(getEnv().DATABASE_URL || undefined, "a PostgreSQL database (TEST_DB=postgres)");

type Handle = ReturnType<typeof openDatabase>;
const handles: Handle[] = [];
function open(options: { preparedStatements?: boolean; namedStatementsPerConnection?: number } = {}) {
  const handle = openDatabase({ databaseUrl: url, sqlitePath: "", preparedStatements: true, ...options });
  handles.push(handle);
  return handle.db;
}

/** This connection's prepared statements, by name. */
async function preparedOn(db: Db) {
  const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db);
  return rows.map((r) => r.name);
}
const pid = async (db: Db) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid;

describe("named prepared statements on PostgreSQL", () => {
  beforeAll(async () => {
    const db = open({ preparedStatements: false });
    await sql`create table named_probe (id integer primary key, label text not null, amount integer not null)`.execute(db);
    await sql`insert into named_probe values (1, 'one', 100), (2, 'two', 200)`.execute(db);
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
  });

  const byId = (id: number) => sql<{ label: string; amount: number }>`select label, amount from named_probe where id = ${id}`;
  const all = sql<Record<string, unknown>>`select * from named_probe where id = ${1}`;
  const textOf = (query: { compile: (db: Db) => { sql: string } }, db: Db) => query.compile(db).sql;

  it("names a statement the second time a connection sends it, by a hash of its text", async () => {
    const db = open();
    await db.connection().execute(async (c) => {
      const name = statementName(textOf(byId(1), c));
      expect((await byId(1).execute(c)).rows).toEqual([{ label: "one", amount: 100 }]);
      expect(await preparedOn(c)).not.toContain(name);
      expect((await byId(2).execute(c)).rows).toEqual([{ label: "two", amount: 200 }]);
      expect(await preparedOn(c)).toContain(name);
      // Named, it still binds each call's values.
      expect((await byId(1).execute(c)).rows).toEqual([{ label: "one", amount: 100 }]);
    });
  });

  it("sends a text of several statements unnamed, as a prepared statement holds one", async () => {
    const db = open();
    const twice = sql<{ n: number }>`select 1 as n; select 2 as n`;
    await db.connection().execute(async (c) => {
      for (let i = 0; i < 3; i++) await twice.execute(c);
      expect(await preparedOn(c)).toEqual([]);
    });
  });

  it("sends nothing named when PG_PREPARED_STATEMENTS is off", async () => {
    const db = open({ preparedStatements: false });
    await db.connection().execute(async (c) => {
      for (const id of [1, 2, 1]) await byId(id).execute(c);
      expect(await preparedOn(c)).toEqual([]);
    });
  });

  it("answers a `*` statement after a column is added elsewhere, and never names one in a transaction", async () => {
    const db = open();
    await db.connection().execute(async (c) => {
      await all.execute(c);
      await all.execute(c);
      expect(await preparedOn(c)).toContain(statementName(textOf(all, c)));
      // Another process migrates while this connection holds the plan.
      await sql`alter table named_probe add column note text not null default 'new'`.execute(open({ preparedStatements: false }));
      // PostgreSQL refuses the named plan (0A000); outside a transaction it is sent again unnamed.
      expect((await all.execute(c)).rows).toEqual([{ id: 1, label: "one", amount: 100, note: "new" }]);
    });
    // Inside one, the refusal would end the transaction.
    await db.transaction().execute(async (tx) => {
      for (let i = 0; i < 3; i++) await all.execute(tx);
      expect(await preparedOn(tx)).not.toContain(statementName(textOf(all, tx)));
    });
    await sql`alter table named_probe drop column note`.execute(open({ preparedStatements: false }));
  });

  it("refuses a listed column whose type changed under a transaction once, then plans afresh on a new connection", async () => {
    const db = open();
    const before = await db.connection().execute(async (c) => {
      await byId(1).execute(c);
      await byId(1).execute(c);
      return pid(c);
    });
    await sql`alter table named_probe alter column amount type text`.execute(open({ preparedStatements: false }));
    // The named plan said integer: inside a transaction PostgreSQL's refusal ends the transaction.
    const refused = db.transaction().execute(async (tx) => {
      expect(await pid(tx)).toBe(before);
      return byId(1).execute(tx);
    });
    await expect(refused).rejects.toMatchObject({ code: "0A000" });
    // The connection that held the old plan is not used again: the next answers with the new type.
    await db.transaction().execute(async (tx) => {
      expect(await pid(tx)).not.toBe(before);
      expect((await byId(1).execute(tx)).rows).toEqual([{ label: "one", amount: "100" }]);
    });
    await sql`alter table named_probe alter column amount type integer using amount::integer`.execute(open({ preparedStatements: false }));
  });

  it("names nothing more on a connection that changed the schema itself (a migration), and replaces it", async () => {
    const db = open();
    const labels = sql<{ label: string }>`select label from named_probe where id > ${0} order by id`;
    const migrated = await db.connection().execute(async (c) => {
      await labels.execute(c);
      await labels.execute(c);
      expect(await preparedOn(c)).toContain(statementName(textOf(labels, c)));
      // A migration's transaction: the same text after its DDL is neither the old named plan (which
      // PostgreSQL would refuse, ending the transaction) nor named anew.
      await c.transaction().execute(async (tx) => {
        await sql`alter table named_probe alter column label type varchar(20)`.execute(tx);
        for (let i = 0; i < 2; i++) expect((await labels.execute(tx)).rows).toEqual([{ label: "one" }, { label: "two" }]);
      });
      return pid(c);
    });
    await db.connection().execute(async (c) => expect(await pid(c)).not.toBe(migrated));
  });

  it("keeps at most the set number of names on a connection, then replaces it", async () => {
    const db = open({ namedStatementsPerConnection: 2 });
    const statements = [
      (id: number) => sql`select label from named_probe where id = ${id}`,
      (id: number) => sql`select amount from named_probe where id = ${id}`,
      (id: number) => sql`select id from named_probe where id = ${id}`,
    ];
    const full = await db.connection().execute(async (c) => {
      for (const statement of statements) {
        await statement(1).execute(c);
        expect((await statement(2).execute(c)).rows).toHaveLength(1);
      }
      expect(await preparedOn(c)).toHaveLength(2);
      return pid(c);
    });
    await db.connection().execute(async (c) => expect(await pid(c)).not.toBe(full));
  });
});

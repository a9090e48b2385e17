import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "./db.server";
import { withCommitBehind } from "./commit-behind.server";

// On PostgreSQL the last statement goes with its COMMIT behind it; on SQLite the transaction commits
// as usual. Either way the caller sees the same outcome.
describe("a transaction's last statement with its commit behind it", () => {
  const { db, engine } = getDatabase();
  const labels = async () =>
    (await sql<{ label: string }>`select label from commit_probe order by label`.execute(db)).rows.map((r) => r.label);
  const insert = (id: number, label: string) => sql`insert into commit_probe (id, label) values (${id}, ${label})`;

  beforeAll(async () => {
    await sql`create table commit_probe (id integer primary key, label text not null)`.execute(db);
  });

  it("commits the whole transaction, and the connection goes on to the next one", async () => {
    const seenInside = await db.transaction().execute(async (trx) => {
      await insert(1, "first").execute(trx);
      await withCommitBehind(() => insert(2, "last").execute(trx));
      // Committed already on PostgreSQL: another connection sees both rows before Kysely's commit.
      return engine === "postgres" ? labels() : null;
    });
    if (engine === "postgres") expect(seenInside).toEqual(["first", "last"]);
    expect(await labels()).toEqual(["first", "last"]);
    for (let i = 0; i < 3; i++) {
      await db.transaction().execute(async (trx) => {
        await withCommitBehind(() => insert(10 + i, `again ${i}`).execute(trx));
      });
    }
    expect(await labels()).toEqual(["again 0", "again 1", "again 2", "first", "last"]);
  });

  it("commits nothing when the last statement fails, and the caller gets its error", async () => {
    await sql`delete from commit_probe`.execute(db);
    await insert(1, "kept").execute(db);
    const failed = db.transaction().execute(async (trx) => {
      await insert(2, "not kept").execute(trx);
      // The same id twice: the statement fails, so the COMMIT behind it rolls back.
      await withCommitBehind(() => insert(1, "duplicate").execute(trx));
    });
    await expect(failed).rejects.toMatchObject(engine === "postgres" ? { code: "23505" } : { message: expect.stringMatching(/UNIQUE/) });
    expect(await labels()).toEqual(["kept"]);
    // The pool's connections are sound afterwards: a transaction and a plain read on each.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await insert(100 + i, `after ${i}`).execute(trx);
          await withCommitBehind(() => sql`select 1`.execute(trx));
        }),
      ),
    );
    expect(await labels()).toHaveLength(13);
  });

  it("runs an ordinary statement as usual outside a transaction, and only the one statement it wraps", async () => {
    await sql`delete from commit_probe`.execute(db);
    await withCommitBehind(() => insert(1, "alone").execute(db));
    await db.transaction().execute(async (trx) => {
      await withCommitBehind(async () => {
        await insert(2, "wrapped").execute(trx);
      });
    });
    expect(await labels()).toEqual(["alone", "wrapped"]);
    // A rollback after an ordinary statement still rolls back.
    await expect(
      db.transaction().execute(async (trx) => {
        await insert(3, "rolled back").execute(trx);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await labels()).toEqual(["alone", "wrapped"]);
  });
});

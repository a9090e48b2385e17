import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * PostgreSQL: `stock_not_taken()` fails the statement that calls it (SQLSTATE AN409). A
 * cash-on-delivery order's one statement is sent with its COMMIT right behind it
 * (docs/decisions/043-orders-under-a-rush.md), so it cannot leave a short stock for the server to
 * see and roll back: it calls this instead, and the failed statement turns that COMMIT into a
 * rollback. Volatile, so it runs only where the statement reaches it, never while planning.
 * SQLite has no functions and no such statement.
 */
export async function up(db: Kysely<unknown>) {
  if (!isPostgres(db)) return;
  await sql`create function stock_not_taken() returns boolean language plpgsql volatile as $$
    begin
      raise exception 'the order''s stock was not taken in its one statement' using errcode = 'AN409';
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (!isPostgres(db)) return;
  await sql`drop function if exists stock_not_taken()`.execute(db);
}

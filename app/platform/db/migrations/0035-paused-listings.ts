import { type Kysely, PostgresAdapter, sql } from "kysely";
import { widenStatusCheck } from "./0017-seller-licences";

/**
 * A new product status, "paused": a listing its vendor took off sale for a while (out of season, no
 * stock to hand), to put back on sale later without a new approval. Like "suspended" and
 * "unlicensed", only the CHECK on product.status changes: everything that sells or lists reads
 * status = 'live', so a paused listing leaves the catalogue, search, counts, cart quote and checkout
 * the moment it is paused.
 */
export async function up(db: Kysely<unknown>) {
  await runPendingTriggers(db);
  await widenStatusCheck(db, (values) => [...values.filter((v) => v !== "paused"), "paused"]);
}

export async function down(db: Kysely<unknown>) {
  await runPendingTriggers(db);
  await sql`update product set status = 'live' where status = 'paused'`.execute(db);
  await widenStatusCheck(db, (values) => values.filter((v) => v !== "paused"));
}

/**
 * An earlier migration of the same run that changed products (0025 on a store seeded before it)
 * queues the catalogue version's deferred trigger (0024), and PostgreSQL alters no table with events
 * pending: they run now, inside this migration's transaction.
 */
async function runPendingTriggers(db: Kysely<unknown>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`set constraints all immediate`.execute(db);
}

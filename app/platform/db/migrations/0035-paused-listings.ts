import { sql, type Kysely } from "kysely";
import { widenStatusCheck } from "./0017-seller-licences";

/**
 * A new product status, "paused": a listing its vendor took off sale for a while (out of season, no
 * stock to hand), to put back on sale later without a new approval. Like "suspended" and
 * "unlicensed", only the CHECK on product.status changes: everything that sells or lists reads
 * status = 'live', so a paused listing leaves the catalogue, search, counts, cart quote and checkout
 * the moment it is paused.
 */
export async function up(db: Kysely<unknown>) {
  await widenStatusCheck(db, (values) => [...values.filter((v) => v !== "paused"), "paused"]);
}

export async function down(db: Kysely<unknown>) {
  await sql`update product set status = 'live' where status = 'paused'`.execute(db);
  await widenStatusCheck(db, (values) => values.filter((v) => v !== "paused"));
}

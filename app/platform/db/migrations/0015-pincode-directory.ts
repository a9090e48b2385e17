import type { Kysely } from "kysely";
import { parsePincodeDirectory } from "../../../features/delivery/domain/pincode-directory";
import { readReferenceFile } from "../reference/read-reference.server";

/** Rows per insert: 3 parameters each keeps a statement well under SQLite's and PostgreSQL's limits. */
const CHUNK = 2000;

/**
 * India's pincode directory (issue 13; source and licence in docs/pincode-data.md): pincode →
 * district and State, keyed by the 6-digit code so a lookup is one primary-key probe. Loaded here
 * from the shipped CSV, so every store, new or migrated, has it. Admins' additions (pincodes opened
 * after the data was published) are rows with `source` 'admin'.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("pincode")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("district", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull().defaultTo("directory"))
    .execute();
  const rows = [...parsePincodeDirectory(readReferenceFile("in-pincodes.csv"))].map(([code, e]) => ({
    code,
    district: e.district,
    state: e.state,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await (db as Kysely<{ pincode: { code: string; district: string; state: string } }>)
      .insertInto("pincode")
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("pincode").execute();
}

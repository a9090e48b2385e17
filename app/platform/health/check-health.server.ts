import { sql } from "kysely";
import { getDatabase } from "~/platform/db/db.server";

/** Liveness plus a database round trip; never throws. */
export async function checkHealth(): Promise<{ ok: boolean; engine: string; error?: string }> {
  const { db, engine } = getDatabase();
  try {
    await sql`select 1`.execute(db);
    return { ok: true, engine };
  } catch (error) {
    return { ok: false, engine, error: error instanceof Error ? error.message : "database unreachable" };
  }
}

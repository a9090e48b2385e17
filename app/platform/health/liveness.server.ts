import { getDatabase } from "~/platform/db/db.server";

/**
 * Liveness: the process answers, nothing more (docs/decisions/068-web-and-worker.md). The database's
 * state is readiness's question: a liveness check that failed with it would restart every instance
 * while the database is down, which cures nothing. The engine is named for whoever looks.
 */
export function checkLiveness() {
  return { status: "ok" as const, database: getDatabase().engine };
}

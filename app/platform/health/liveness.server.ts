import { getDatabase } from "~/platform/db/db.server";

/**
 * Liveness: the process answers, nothing more (docs/decisions/068-web-and-worker.md). The database's
 * state is readiness's question: a liveness check that failed with it would restart every instance
 * while the database is down, which cures nothing. The engine is named for whoever looks.
 */
export function checkLiveness() {
  return { status: "ok" as const, database: getDatabase().engine };
}

/** /healthz's answer, on the store's port and on the internal listener (a worker's only one). */
export function livenessResponse() {
  return Response.json(checkLiveness(), { headers: { "Cache-Control": "no-store" } });
}

import { sql } from "kysely";
import { type Db, getDatabase } from "~/platform/db/db.server";
import { storeMigrator } from "~/platform/db/migrate.server";

/**
 * Readiness, apart from liveness (docs/decisions/068-web-and-worker.md): a process is ready for
 * traffic when its database answers and holds every migration this build knows, and it is not
 * stopping. A load balancer stops sending to one that is not; nothing restarts it for that (a
 * database down is not cured by restarting the web servers). Never throws.
 */
let stopping = false;

/** Called on SIGTERM: /readyz answers 503 from then on, while the requests under way finish. */
export function markStopping() {
  stopping = true;
}

export type Readiness = { ready: true } | { ready: false; reason: "stopping" | "database unreachable" | "migrations pending" };

export async function checkReadiness(db: Db = getDatabase().db): Promise<Readiness> {
  if (stopping) return { ready: false, reason: "stopping" };
  try {
    await sql`select 1`.execute(db);
    // A build newer than the database (its migrations not run yet: another process is running them)
    // would read tables that are not there yet.
    const pending = (await storeMigrator(db).getMigrations()).some((m) => m.executedAt === undefined);
    return pending ? { ready: false, reason: "migrations pending" } : { ready: true };
  } catch {
    return { ready: false, reason: "database unreachable" };
  }
}

/** /readyz's answer, on the store's port and on the internal listener (a worker's only one): 503 when not ready. */
export async function readinessResponse() {
  const readiness = await checkReadiness();
  return Response.json(readiness.ready ? { status: "ready" } : { status: "not ready", reason: readiness.reason }, {
    status: readiness.ready ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}

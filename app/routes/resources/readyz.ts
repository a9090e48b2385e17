import { checkReadiness } from "~/platform/health/readiness.server";

/** Ready for traffic: the database answers, its migrations are this build's, and the process is not stopping. */
export async function loader() {
  const readiness = await checkReadiness();
  return Response.json(readiness.ready ? { status: "ready" } : { status: "not ready", reason: readiness.reason }, {
    status: readiness.ready ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}

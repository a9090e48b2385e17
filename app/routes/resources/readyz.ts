import { readinessResponse } from "~/platform/health/readiness.server";

/** Ready for traffic: the database answers, its migrations are this build's, and the process is not stopping. */
export function loader() {
  return readinessResponse();
}

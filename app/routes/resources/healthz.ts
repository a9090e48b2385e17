import { livenessResponse } from "~/platform/health/liveness.server";

/** Liveness: answers while the process does (readiness is /readyz). */
export function loader() {
  return livenessResponse();
}

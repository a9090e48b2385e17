import { checkHealth } from "~/platform/health/check-health.server";

export async function loader() {
  const health = await checkHealth();
  return Response.json(
    { status: health.ok ? "ok" : "error", database: health.engine },
    { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}

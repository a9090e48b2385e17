import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { metricsText } from "../app/platform/observability/metrics.server.ts";

const NEVER_STORED = { "Cache-Control": "no-store" };

/** Both sides hashed first: equal lengths for timingSafeEqual, and no early exit on a length. */
function sameToken(given: string, expected: string) {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * /metrics on the web port: answered only to `Authorization: Bearer <METRICS_TOKEN>`; without a
 * token set it does not exist (404), and a wrong or missing one is refused (401). Never cached.
 */
export function metricsEndpoint(token: string | undefined) {
  return async (c: Context) => {
    if (!token) return c.text("Not Found", 404, NEVER_STORED);
    const given = /^Bearer (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    if (!sameToken(given, token)) return c.text("Unauthorized", 401, { ...NEVER_STORED, "WWW-Authenticate": 'Bearer realm="metrics"' });
    const { body, contentType } = await metricsText();
    return c.body(body, 200, { ...NEVER_STORED, "Content-Type": contentType });
  };
}

/** The same text for the internal listener, which needs no token (it is bound to a private address). */
export async function metricsResponse() {
  const { body, contentType } = await metricsText();
  return new Response(body, { headers: { ...NEVER_STORED, "Content-Type": contentType } });
}

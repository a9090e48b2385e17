import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from "@opentelemetry/api";
import { metrics } from "../app/platform/observability/metrics.server.ts";
import { tracer, tracingOn } from "../app/platform/observability/tracing.server.ts";

/**
 * One request's metrics and, with tracing on, its server span (docs/decisions/069-metrics-and-traces.md).
 * The span continues an incoming W3C traceparent; its trace id becomes the request id, in the logs
 * and in X-Request-Id, so a log line leads to its trace.
 */
export function observeRequest(request: Request, path: string) {
  const started = performance.now();
  const method = methodLabel(request.method);
  let span: Span | undefined;
  let parent = ROOT_CONTEXT;
  if (tracingOn()) {
    parent = propagation.extract(ROOT_CONTEXT, request.headers, {
      get: (headers, key) => headers.get(key) ?? undefined,
      keys: (headers) => [...headers.keys()],
    });
    span = tracer().startSpan(method, { kind: SpanKind.SERVER, attributes: { "http.request.method": method, "url.path": path } }, parent);
  }
  const traceId = span?.spanContext().traceId;
  return {
    traceId,
    /** The trace came in with the request (a traceparent): its id was chosen by the caller. */
    continued: trace.getSpanContext(parent) !== undefined,
    run: <T>(fn: () => Promise<T>) => (span ? context.with(trace.setSpan(parent, span), fn) : fn()),
    /** After the response's headers are known: `route` is the matched pattern or a fixed name. */
    end(route: string, response: Response) {
      const status = response.status;
      metrics.httpRequests.inc({ method, route, status: String(status) });
      metrics.httpDuration.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, (performance.now() - started) / 1000);
      const cached = response.headers.get("X-Page-Cache");
      if (cached === "hit" || cached === "miss") metrics.pageCache.inc({ result: cached });
      if (!span) return;
      span.updateName(`${method} ${route}`);
      span.setAttributes({ "http.route": route, "http.response.status_code": status });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}
/** Methods outside the usual few are one label, so a client cannot make new series. */
function methodLabel(method: string) {
  return ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].includes(method) ? method : "OTHER";
}

/**
 * The route label: the pattern React Router matched, else a name from a small fixed set (never the
 * raw path, whose values a visitor chooses).
 */
export function routeLabel(path: string, matched: string | undefined, response: Response) {
  if (matched) return matched;
  if (path.startsWith("/assets/") || path.startsWith("/images/")) return "static";
  if (path === "/metrics") return "metrics";
  if (response.headers.get("X-Page-Cache") === "hit") return "page-cache";
  if (response.status >= 300 && response.status < 400) return "redirect";
  return "unmatched";
}

import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnBuiltServer } from "../helpers/built-server";
import { freePort } from "../helpers/free-port";
import { startOtlpReceiver, type ReceivedSpan } from "../helpers/otlp-receiver";
import { defined } from "~/platform/defined";
import { getEnv } from "~/platform/env.server";

/**
 * `npm start`'s server with metrics and traces on: /metrics for the token's bearer only, the
 * internal listener without one, and a page's spans on a local OTLP receiver, in one trace whose
 * id is the response's X-Request-Id (docs/decisions/069-metrics-and-traces.md).
 */
const TOKEN = "metrics-token-for-the-test-0123456789abcdef";
const receiver = await startOtlpReceiver();
const port = await freePort();
let internalPort = await freePort();
while (internalPort === port) internalPort = await freePort();
const base = `http://localhost:${port}`;
const server = spawnBuiltServer({
  PORT: String(port),
  HOST: "127.0.0.1",
  BASE_URL: base,
  LOG_LEVEL: "warn",
  METRICS_TOKEN: TOKEN,
  METRICS_PORT: String(internalPort),
  OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
  OTEL_SERVICE_NAME: "angle-test",
});
afterAll(async () => {
  server.kill("SIGTERM");
  await receiver.close();
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {}
  if (i > 300) throw new Error("the server did not start");
  await new Promise((r) => setTimeout(r, 100));
}

const scrape = (headers: Record<string, string> = {}) => fetch(`${base}/metrics`, { headers });

describe("/metrics on the web port", () => {
  it("is refused without the token or with a wrong one, and never cached", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: "Bearer wrong" },
      { authorization: `Basic ${TOKEN}` },
      { authorization: `Bearer ${TOKEN}x` },
    ]) {
      const answer = await scrape(headers);
      expect(answer.status).toBe(401);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(await answer.text()).not.toContain("angle_");
    }
  });

  it("serves the store's families to the token's bearer, labelled by route pattern, never by raw path", async () => {
    await fetch(`${base}/`);
    await fetch(`${base}/`);
    await fetch(`${base}/products/no-such-product-xyz123`);
    const answer = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const text = await answer.text();
    expect(text).toMatch(/^angle_http_requests_total\{method="GET",route="\/",status="200"\} [1-9]/m);
    expect(text).toMatch(/^angle_http_request_duration_seconds_count\{method="GET",route="\/",status_class="2xx"\} [1-9]/m);
    expect(text).toMatch(/^angle_http_requests_total\{method="GET",route="metrics",status="401"\} [1-9]/m);
    expect(text).not.toContain("xyz123");
    expect(text).toMatch(/^angle_db_query_duration_seconds_count\{engine="(sqlite|postgres)",operation="select",outcome="ok"\} [1-9]/m);
    expect(text).toMatch(/^angle_outbox_messages\{status="pending"\} \d+/m);
    expect(text).toMatch(/^angle_outbox_oldest_pending_seconds \S+/m);
    expect(text).toMatch(/^angle_page_cache_requests_total\{result="(hit|miss)"\} [1-9]/m);
    for (const family of ["angle_orders_placed_total", "angle_payment_events_total", "angle_refunds_total", "angle_job_runs_total"])
      expect(text).toContain(`# TYPE ${family} counter`);
    if (getEnv().DATABASE_URL) expect(text).toMatch(/^angle_db_pool_connections\{state="total"\} [1-9]/m);
  });
});

describe("the internal listener (METRICS_PORT)", () => {
  it("serves /metrics without a token, and nothing else", async () => {
    const internal = `http://127.0.0.1:${internalPort}`;
    const answer = await fetch(`${internal}/metrics`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("# TYPE angle_http_requests_total counter");
    expect((await fetch(`${internal}/`)).status).toBe(404);
    expect((await fetch(`${internal}/metrics`, { method: "POST" })).status).toBe(405);
  });
});

/** Follows parents from `span` up to the trace's root; the ids on the way. */
function ancestors(span: ReceivedSpan, all: ReceivedSpan[]) {
  const chain: string[] = [];
  for (let at: ReceivedSpan | undefined = span; at?.parentSpanId; at = all.find((s) => s.spanId === at?.parentSpanId))
    chain.push(at.parentSpanId);
  return chain;
}

describe("traces", () => {
  it("a page's request, its loaders and its statements are one trace, whose id is the request id", async () => {
    // A cookie of its own keeps the page out of the page cache: rendered, so its loaders run.
    const answer = await fetch(`${base}/`, { headers: { "x-request-id": "chosen-by-the-visitor", cookie: "trace-test=1" } });
    expect(answer.status).toBe(200);
    const traceId = answer.headers.get("x-request-id") ?? "";
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const spans = await receiver.trace(
      traceId,
      (found) =>
        found.some((s) => s.kind === 2) &&
        found.some((s) => s.name.startsWith("loader ")) &&
        found.some((s) => s.attributes["db.system.name"]),
    );
    const http = spans.find((s) => s.kind === 2);
    expect(http).toMatchObject({
      name: "GET /",
      parentSpanId: undefined,
      attributes: { "http.route": "/", "http.response.status_code": 200 },
    });
    const loader = spans.find((s) => s.name === "loader routes/store/home");
    expect(loader?.parentSpanId).toBe(http?.spanId);
    const statement = spans.find((s) => s.attributes["db.system.name"]);
    expect(ancestors(defined(statement, "a statement's span"), spans)).toContain(http?.spanId);
    // The statement's text, never the values bound to it.
    expect(String(statement?.attributes["db.query.text"])).toMatch(/select/i);
  });

  it("continues an incoming traceparent: the caller's trace id, the caller's span as the parent", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const parent = "00f067aa0ba902b7";
    const answer = await fetch(`${base}/`, { headers: { traceparent: `00-${traceId}-${parent}-01` } });
    expect(answer.headers.get("x-request-id")).toBe(traceId);
    const spans = await receiver.trace(traceId, (found) => found.some((s) => s.kind === 2));
    expect(spans.find((s) => s.kind === 2)?.parentSpanId).toBe(parent);
  });
});

it("puts neither the metrics nor the tracing libraries in the browser's bundle", () => {
  const dir = resolve(import.meta.dirname, "../..", getEnv().BUILD_DIR, "client");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => /\.(m?js)$/.test(f));
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const text = readFileSync(resolve(dir, file), "utf8");
    expect(text, file).not.toMatch(/opentelemetry|prom-client|angle_http_requests_total/);
  }
});

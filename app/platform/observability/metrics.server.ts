import { Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The store's Prometheus metrics, all named angle_… (docs/decisions/069-metrics-and-traces.md).
 * Label values come from small fixed sets (a route's pattern, never its raw path), so a scraper's
 * series stay bounded whatever addresses visitors type.
 */
function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: "angle_http_requests_total",
      help: "HTTP requests answered, by method, route (the matched route's pattern or a fixed name) and status.",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "angle_http_request_duration_seconds",
      help: "Time to answer an HTTP request (until its headers), by method, route and status class.",
      labelNames: ["method", "route", "status_class"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    dbQueryDuration: new Histogram({
      name: "angle_db_query_duration_seconds",
      help: "Time of each database statement, by engine, operation (select, insert…) and outcome.",
      labelNames: ["engine", "operation", "outcome"] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers,
    }),
    pageCache: new Counter({
      name: "angle_page_cache_requests_total",
      help: "Cacheable pages answered from the page cache (hit) or rendered and kept (miss).",
      labelNames: ["result"] as const,
      registers,
    }),
    ordersPlaced: new Counter({
      name: "angle_orders_placed_total",
      help: "Orders placed, by channel (storefront checkout, the phone desk, a field agent, an ONDC buyer app).",
      labelNames: ["channel"] as const,
      registers,
    }),
    payments: new Counter({
      name: "angle_payment_events_total",
      help: "What a gateway's payment news did, by gateway and outcome (captured, failed, expired, refunding, mismatch…).",
      labelNames: ["gateway", "outcome"] as const,
      registers,
    }),
    refunds: new Counter({
      name: "angle_refunds_total",
      help: "Refunds sent to a gateway, by outcome (processed, pending, failed).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    jobRuns: new Counter({
      name: "angle_job_runs_total",
      help: "Background job runs, by job and outcome (ok, failed, skipped).",
      labelNames: ["job", "outcome"] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: "angle_job_duration_seconds",
      help: "Time of each background job run, by job.",
      labelNames: ["job"] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers,
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;

// One set for the Node server (server/) and the app build, which are separate module graphs (as the
// logger in log.server.ts): both count into the same series and /metrics shows them together.
const KEY = Symbol.for("angle.metrics");
const shared = globalThis as unknown as Record<symbol, Metrics | undefined>;
shared[KEY] ??= createMetrics();
export const metrics: Metrics = shared[KEY];

/** The text a Prometheus server scrapes, and its content type. */
export async function metricsText() {
  return { body: await metrics.registry.metrics(), contentType: metrics.registry.contentType };
}

/**
 * A gauge read when scraped (the outbox's depth, the pool's connections): `read` gives the value of
 * each label set now. Adding the same name again replaces the reader (a second database handle in tests).
 */
export function addScrapedGauge<L extends string>(options: {
  name: `angle_${string}`;
  help: string;
  labelNames: readonly L[];
  read: () => Promise<{ labels: Partial<Record<L, string>>; value: number }[]> | { labels: Partial<Record<L, string>>; value: number }[];
}) {
  metrics.registry.removeSingleMetric(options.name);
  new Gauge<L>({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames,
    registers: [metrics.registry],
    async collect() {
      const values = await options.read();
      this.reset();
      for (const { labels, value } of values) this.set(labels, value);
    },
  });
}

/**
 * One run of a background job: its outcome and how long it took. The scheduler calls it after each
 * run ("skipped": a time that came while the job was still running, or another process held its lease).
 */
export function recordJobRun(name: string, outcome: "ok" | "failed" | "skipped", seconds: number) {
  metrics.jobRuns.inc({ job: name, outcome });
  if (outcome !== "skipped") metrics.jobDuration.observe({ job: name }, seconds);
}

/** An order placed (not a repeat of one already placed). */
export function countOrderPlaced(channel: "storefront" | "assisted" | "agent" | "ondc") {
  metrics.ordersPlaced.inc({ channel });
}

/** What a gateway's news about a payment did. */
export function countPaymentEvent(gateway: string, outcome: string) {
  metrics.payments.inc({ gateway, outcome });
}

/** A refund's attempt at the gateway. */
export function countRefund(outcome: string) {
  metrics.refunds.inc({ outcome });
}

// Production entry: `npm start` (after `npm run build`). Runs on Node 24, which strips the types.
import { Server as HttpServer } from "node:http";
import { serve } from "@hono/node-server";
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import type { ServerBuild } from "react-router";
import { defaultToProduction, getEnv, type Env } from "../app/platform/env.server.ts";

defaultToProduction();
let env: Env;
try {
  env = getEnv();
} catch (error) {
  // Before anything else loads: a bad setting stops the server with a message naming it.
  console.error(`Angle could not start. ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// The local fake payment gateway (FAKE_GATEWAY=on; by default when BASE_URL is this machine): started
// first, so the app's gateway addresses point at it unless they were set.
let fakeGateway: { url: string; close: () => Promise<void> } | undefined;
if (env.FAKE_GATEWAY === "on") {
  const { startLocalFakeGateway } = await import("./fake-gateway/fake-gateway.ts");
  try {
    fakeGateway = await startLocalFakeGateway(env.FAKE_GATEWAY_PORT);
  } catch (error) {
    // Only a port asked for (FAKE_GATEWAY_PORT) can be taken: without one the fake takes any free port.
    console.error(
      `Angle could not start: the fake payment gateway cannot listen on 127.0.0.1:${env.FAKE_GATEWAY_PORT ?? "any port"} (${error instanceof Error ? error.message : String(error)}). Set FAKE_GATEWAY_PORT to a free port, or leave it unset.`,
    );
    process.exit(1);
  }
  process.env.RAZORPAY_API_BASE ||= `${fakeGateway.url}/razorpay`;
  process.env.RAZORPAY_CHECKOUT_JS ||= `${fakeGateway.url}/razorpay/checkout.js`;
  process.env.STRIPE_API_BASE ||= fakeGateway.url;
}
// Traces only when asked for (OTEL_EXPORTER_OTLP_ENDPOINT): otherwise no SDK module is even loaded
// (docs/decisions/069-metrics-and-traces.md). Before the build loads, so its first requests are traced.
if (env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import("../app/platform/observability/tracing.server.ts");
  await startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME });
}
const { createApp } = await import("./app.ts");
const { pageCacheFromEnv } = await import("./page-cache.ts");
const { log, flushLog } = await import("../app/platform/log.server.ts");

const root = resolve(fileURLToPath(import.meta.url), "../..");
const buildDir = resolve(root, env.BUILD_DIR);
const buildPath = resolve(buildDir, "server/index.js");
const build = (await import(buildPath)) as ServerBuild;
const entry = build.entry.module as unknown as {
  ready: Promise<void>;
  closeDatabase: () => Promise<void>;
  closeRateLimitStore: () => Promise<void>;
  startBackgroundJobs: () => { stop: () => Promise<void> };
  connectFakeGateway: () => Promise<void>;
  markStopping: () => void;
  waitForOndcCallbacks: () => Promise<void>;
  livenessResponse: () => Response;
  readinessResponse: () => Promise<Response>;
};
// PROCESS_ROLE (docs/decisions/068-web-and-worker.md): "all" serves the store and runs the background
// jobs (one command, as always); "web" only serves; "worker" only runs the jobs, with no public listener.
const serves = env.PROCESS_ROLE !== "worker";
const runsJobs = env.PROCESS_ROLE !== "web";

// Every role migrates at start: the first process takes the migrator's lock, the others wait for it and
// find nothing left to run (PostgreSQL: an advisory lock; SQLite: one writer).
try {
  await entry.ready;
} catch (error) {
  log.fatal({ err: error }, `Angle could not start: ${error instanceof Error ? error.message : String(error)}`);
  await flushLog();
  process.exit(1);
}

// After the migrations: the outbox worker, the licence, payment and unconfirmed-account sweeps, each
// at its times (the list, and when each runs: app/jobs.server.ts), each under a lease in the database.
const backgroundJobs = runsJobs ? entry.startBackgroundJobs() : undefined;
if (fakeGateway) {
  // The fake signs its webhooks with the secrets in Payment Settings (test keys on a fresh store).
  await entry.connectFakeGateway();
  log.info({ url: fakeGateway.url }, "the local fake payment gateway is running (test mode: no real money moves)");
}

const { PORT: port, HOST: hostname, BASE_URL: baseUrl } = env;
const pageCache = pageCacheFromEnv(build);
const app = createApp({
  build,
  clientDir: resolve(buildDir, "client"),
  https: baseUrl.startsWith("https://"),
  origin: new URL(baseUrl).origin,
  trustProxyHops: env.TRUST_PROXY_HOPS,
  // Anonymous catalogue pages rendered once per catalogue change (PAGE_CACHE=off: never).
  pageCache,
  metricsToken: env.METRICS_TOKEN,
});
// The internal listener (METRICS_PORT): /metrics without a token on a private address, with /healthz
// and /readyz beside it (a worker's only listener: what an orchestrator probes it on).
let internalListener: { close: () => Promise<void> } | undefined;
if (env.METRICS_PORT) {
  const { startInternalListener } = await import("./internal-listener.ts");
  const { metricsResponse } = await import("./metrics-endpoint.ts");
  try {
    internalListener = await startInternalListener({
      port: env.METRICS_PORT,
      host: env.METRICS_HOST,
      routes: {
        "/metrics": metricsResponse,
        "/healthz": async () => entry.livenessResponse(),
        "/readyz": () => entry.readinessResponse(),
      },
    });
  } catch (error) {
    console.error(
      `Angle could not start: the internal listener cannot listen on ${env.METRICS_HOST}:${env.METRICS_PORT} (${error instanceof Error ? error.message : String(error)}). Set METRICS_PORT to a free port and METRICS_HOST to an address of this machine.`,
    );
    process.exit(1);
  }
}

const server = serves
  ? serve({ fetch: app.fetch, port, hostname }, (info) => {
      log.info({ address: info.address, port: info.port, role: env.PROCESS_ROLE }, `Angle is running at ${baseUrl}`);
    })
  : undefined;
// A worker answers nobody from outside: only its internal listener above (METRICS_PORT), if set.
if (!serves) log.info({ role: env.PROCESS_ROLE }, "Angle's worker is running the background jobs");
// The jobs' timers do not hold the process open (a server's listener does): a worker holds itself
// open until it is stopped.
const keepWorkerAlive = serves ? undefined : setInterval(() => {}, 2 ** 31 - 1);
// A client reusing an idle connection (a phone's browser, a proxy, a test's request context) must not
// send on a socket the server is closing that instant: Node's 5 s keep-alive answered a POST made just
// then with a reset (ECONNRESET). Idle connections stay open longer than common proxies' 60 s; a stop
// still closes them at once (server.close closes idle connections).
if (server instanceof HttpServer) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

let stopping = false;
/**
 * SIGTERM: /readyz answers 503, the listener closes (new connections are refused), the requests and
 * job runs under way finish, the leases are released, then the process exits; whatever is still going
 * after SHUTDOWN_GRACE_MS is cut off with exit code 1.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  entry.markStopping();
  log.info({ signal, graceMs: env.SHUTDOWN_GRACE_MS }, "finishing open requests and job runs, then stopping");
  const force = setTimeout(async () => {
    log.error({ graceMs: env.SHUTDOWN_GRACE_MS }, "requests or job runs were still going at the end of SHUTDOWN_GRACE_MS; stopping them");
    await flushLog();
    process.exit(1);
  }, env.SHUTDOWN_GRACE_MS);
  force.unref();
  const closed = new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  // Idle keep-alive sockets would hold close() open, and close() closes only those idle at its call: a
  // connection whose request ends later is closed once it is idle too.
  const closeIdle = () => (server as unknown as { closeIdleConnections?: () => void } | undefined)?.closeIdleConnections?.();
  closeIdle();
  const closingIdle = setInterval(closeIdle, 100);
  closingIdle.unref();
  void closed.then(() => clearInterval(closingIdle));
  clearInterval(keepWorkerAlive);
  // No run starts from now on; the runs under way end and release their leases before the database closes.
  await Promise.all([closed, backgroundJobs?.stop().catch(() => {})]);
  // ONDC calls already ACKed are answered before the database closes (their on_ callbacks, with retries).
  await entry.waitForOndcCallbacks().catch(() => {});
  await fakeGateway?.close().catch(() => {});
  await internalListener?.close().catch(() => {});
  await Promise.all([
    entry.closeDatabase().catch(() => {}),
    entry.closeRateLimitStore().catch(() => {}),
    pageCache?.close().catch(() => {}),
  ]);
  // The last spans go out (no-op without tracing).
  await import("../app/platform/observability/tracing.server.ts").then((t) => t.stopTracing()).catch(() => {});
  // Logs are written asynchronously (app/platform/log.server.ts): the last lines go out before the exit.
  await flushLog();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

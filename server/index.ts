// Production entry: `npm start` (after `npm run build`). Runs on Node 24, which strips the types.
import { serve } from "@hono/node-server";
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import type { ServerBuild } from "react-router";
import { createApp } from "./app.ts";
import { log } from "../app/lib/log.server.ts";

const root = resolve(fileURLToPath(import.meta.url), "../..");
const buildDir = resolve(root, process.env.BUILD_DIR ?? "build");
const buildPath = resolve(buildDir, "server/index.js");
const build = (await import(buildPath)) as ServerBuild;
const entry = build.entry.module as unknown as {
  ready: Promise<void>;
  closeDatabase: () => Promise<void>;
  closeRateLimitStore: () => Promise<void>;
};

process.env.NODE_ENV ??= "production";
try {
  await entry.ready;
} catch (error) {
  log.fatal({ err: error }, `Angle could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? "0.0.0.0";
const baseUrl = process.env.BASE_URL ?? `http://localhost:${port}`;
const app = createApp({
  build,
  clientDir: resolve(buildDir, "client"),
  https: baseUrl.startsWith("https://"),
  origin: new URL(baseUrl).origin,
  trustProxyHops: Number(process.env.TRUST_PROXY_HOPS ?? 0),
});

const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
  log.info({ address: info.address, port: info.port }, `Angle is running at ${baseUrl}`);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "finishing open requests, then stopping");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await Promise.all([entry.closeDatabase().catch(() => {}), entry.closeRateLimitStore().catch(() => {})]);
    process.exit(0);
  });
  // Idle keep-alive sockets would hold close() open.
  (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));

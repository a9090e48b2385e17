import { registerHooks } from "node:module";
import { expect, it } from "vitest";

/**
 * Without OTEL_EXPORTER_OTLP_ENDPOINT tracing costs nothing: no SDK module is loaded, requests keep
 * their own ids, and no tracer is registered (docs/decisions/069-metrics-and-traces.md). Every module
 * Node resolves from here on is noted, so a stray import of the SDK would show: the server and the
 * build are imported after the watch starts.
 */
const resolved: string[] = [];
registerHooks({
  resolve(specifier, context, next) {
    const answer = next(specifier, context);
    resolved.push(answer.url);
    return answer;
  },
});
const SDK = /@opentelemetry\/(sdk-trace|exporter-trace-otlp-http|context-async-hooks|resources|instrumentation)/;

it("loads no SDK, registers no tracer and keeps its own request ids; /metrics without a token set is not there", async () => {
  const { createApp } = await import("../../server/app");
  const { loadProductionBuild, ORIGIN } = await import("../helpers/production-app");
  const { build, clientDir } = await loadProductionBuild();
  const app = createApp({ build, clientDir, https: false, origin: ORIGIN });
  const page = await app.request(`${ORIGIN}/`, { headers: { traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01" } });
  expect(page.status).toBe(200);
  expect(page.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
  expect(resolved.some((url) => url.includes("/react-router/"))).toBe(true);
  expect(resolved.filter((url) => SDK.test(url))).toEqual([]);
  expect((globalThis as Record<symbol, { trace?: unknown } | undefined>)[Symbol.for("opentelemetry.js.api.1")]?.trace).toBeUndefined();

  const metrics = await app.request(`${ORIGIN}/metrics`);
  expect(metrics.status).toBe(404);
  expect(await metrics.text()).not.toContain("angle_");

  // The watch above sees the SDK when it is loaded: starting tracing loads it.
  const { startTracing, stopTracing } = await import("~/platform/observability/tracing.server");
  await startTracing({ endpoint: "http://127.0.0.1:9", serviceName: "angle-test" });
  expect(resolved.some((url) => SDK.test(url))).toBe(true);
  await stopTracing();
});

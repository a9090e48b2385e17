import {
  type Attributes,
  context,
  INVALID_SPAN_CONTEXT,
  propagation,
  SpanKind,
  SpanStatusCode,
  type Span,
  trace,
} from "@opentelemetry/api";

/**
 * Traces (docs/decisions/069-metrics-and-traces.md). Spans are made through the OpenTelemetry API
 * only: until startTracing() registers the SDK (when OTEL_EXPORTER_OTLP_ENDPOINT is set), every call
 * here is the API's no-op and no SDK module is loaded at all.
 */

// The server (server/) and the app build are separate module graphs: both read one flag, and the
// API keeps its providers in one global of its own.
const STATE = Symbol.for("angle.tracing");
type TracingState = { on: boolean; shutdown?: () => Promise<void> };
const shared = globalThis as unknown as Record<symbol, TracingState | undefined>;
shared[STATE] ??= { on: false };
const state: TracingState = shared[STATE];

export const tracer = () => trace.getTracer("angle");

/** True once startTracing() has registered the SDK. */
export function tracingOn() {
  return state.on;
}

/**
 * Runs `fn` inside a span named `name` (a child of the span under way): ended when `fn` settles,
 * marked as an error when it throws. For outgoing calls: SMTP, storage (S3), anything else slow.
 */
export function traced<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>): Promise<T> {
  if (!state.on) return fn(trace.wrapSpanContext(INVALID_SPAN_CONTEXT));
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks a span as failed by `error` (its message and type, never the objects it carries). */
export function failSpan(span: Span, error: unknown) {
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  if (error instanceof Error) span.recordException({ name: error.name, message: error.message });
}

/**
 * Registers the SDK and exports spans by OTLP over HTTP (JSON) to `${endpoint}/v1/traces`, as the
 * OTLP specification builds a signal's address from OTEL_EXPORTER_OTLP_ENDPOINT. Also traces fetch
 * (the payment gateways, SMS) through undici's diagnostics channel. Loaded only when called.
 */
export async function startTracing(options: { endpoint: string; serviceName: string }) {
  if (state.on) return;
  const [
    { TracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { AsyncLocalStorageContextManager },
    core,
    { resourceFromAttributes },
  ] = await Promise.all([
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/context-async-hooks"),
    import("@opentelemetry/core"),
    import("@opentelemetry/resources"),
  ]);
  const { UndiciInstrumentation } = await import("@opentelemetry/instrumentation-undici");
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint}/v1/traces` });
  const processor = new BatchSpanProcessor({ exporter, scheduledDelayMillis: 1000 });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": options.serviceName }),
    spanProcessors: [processor],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const undici = new UndiciInstrumentation();
  undici.setTracerProvider(provider);
  undici.enable();
  state.on = true;
  state.shutdown = async () => {
    undici.disable();
    await provider.shutdown();
  };
}

/** Sends the spans not yet exported (at shutdown). */
export async function stopTracing() {
  await state.shutdown?.();
}

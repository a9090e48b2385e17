import { SpanKind } from "@opentelemetry/api";
import type { ServerInstrumentation } from "react-router";
import { requestContext } from "../log.server";
import { failSpan, tracer, tracingOn } from "./tracing.server";

/**
 * React Router's server instrumentation (the entry's `instrumentations`): the matched route's
 * pattern becomes the request's metrics label, and with tracing on each loader and action is a span
 * under the request's. A page's loaders run side by side: each span is its own child of the request.
 */
export const routeInstrumentation: ServerInstrumentation = {
  handler(handler) {
    handler.instrument({
      async request(handle) {
        const result = await handle();
        const scope = requestContext.getStore();
        if (scope && result.meta?.pattern) scope.route = result.meta.pattern;
      },
    });
  },
  route(route) {
    if (!tracingOn()) return;
    const span = (kind: "loader" | "action") => async (handle: () => Promise<{ status: string; error?: Error }>) => {
      await tracer().startActiveSpan(
        `${kind} ${route.id}`,
        { kind: SpanKind.INTERNAL, attributes: { "react_router.route.id": route.id } },
        async (s) => {
          const result = await handle();
          if (result.status === "error") failSpan(s, result.error);
          s.end();
        },
      );
    };
    route.instrument({ loader: span("loader"), action: span("action") });
  },
};

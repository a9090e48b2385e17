import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { LogEvent } from "kysely";
import { metrics } from "./metrics.server";
import { tracer, tracingOn } from "./tracing.server";

const OPERATION =
  /^\s*(?:with\b[\s\S]*?\)\s*)?(select|insert|update|delete|begin|commit|rollback|savepoint|release|pragma|set|create|alter|drop)\b/i;

/** "select", "insert"…: the statement's verb, the first after a WITH's queries when it has one. */
function operationOf(sqlText: string) {
  return OPERATION.exec(sqlText)?.[1]?.toLowerCase() ?? "other";
}

/**
 * Kysely's `log` hook, for both engines: each statement's time into angle_db_query_duration_seconds
 * and, with tracing on, a span under the request's (or job's) span. Kysely calls it when a statement
 * has answered, in the caller's async context, so the span is made then with the statement's start
 * time. The span carries the statement's text with its placeholders, never the values bound to them.
 */
export function observeQueries(engine: "sqlite" | "postgres") {
  const system = engine === "postgres" ? "postgresql" : "sqlite";
  return (event: LogEvent) => {
    const sqlText = event.query.sql;
    const operation = operationOf(sqlText);
    const outcome = event.level === "error" ? "error" : "ok";
    metrics.dbQueryDuration.observe({ engine, operation, outcome }, event.queryDurationMillis / 1000);
    // Only under a span (a request's, a job's): the migrations at start and a timer's polls would
    // otherwise each be a trace of their own.
    if (!tracingOn() || !trace.getActiveSpan()?.isRecording()) return;
    const end = performance.timeOrigin + performance.now();
    const span = tracer().startSpan(`${operation} ${engine}`, {
      kind: SpanKind.CLIENT,
      startTime: end - event.queryDurationMillis,
      attributes: { "db.system.name": system, "db.operation.name": operation, "db.query.text": sqlText },
    });
    if (event.level === "error") {
      const error = event.error;
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : "query failed" });
    }
    span.end(end);
  };
}

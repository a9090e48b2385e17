import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

export type SpanCounter = {
  /** The address for OTEL_EXPORTER_OTLP_ENDPOINT (the exporter adds /v1/traces). */
  endpoint: string;
  /** Spans received so far. */
  spans(): number;
  /** Export requests that could not be read (neither OTLP JSON nor protobuf). */
  unreadable(): number;
  close(): Promise<void>;
};

/** Reads one protobuf varint at `at`: its value and the index after it. */
function varint(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (let i = at; i < bytes.length; i++) {
    const byte = bytes[i] ?? 0;
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if (byte < 0x80) return [value, i + 1];
  }
  throw new Error("truncated varint");
}

/** The length-delimited fields numbered `wanted` of a protobuf message. */
function lengthFields(bytes: Uint8Array, wanted: number): Uint8Array[] {
  const found: Uint8Array[] = [];
  let at = 0;
  while (at < bytes.length) {
    const [key, next] = varint(bytes, at);
    at = next;
    const wire = key & 7;
    if (wire === 0) at = varint(bytes, at)[1];
    else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else if (wire === 2) {
      const [length, start] = varint(bytes, at);
      if (start + length > bytes.length) throw new Error("truncated field");
      if (Math.floor(key / 8) === wanted) found.push(bytes.subarray(start, start + length));
      at = start + length;
    } else throw new Error(`unknown wire type ${wire}`);
  }
  return found;
}

/**
 * Spans in one ExportTraceServiceRequest: resource_spans (1) → scope_spans (2) → spans (2), as the
 * OTLP protobuf schema numbers them; or the same path in OTLP's JSON encoding.
 */
export function countSpans(body: Uint8Array, contentType: string): number {
  if (contentType.includes("json")) {
    const request = JSON.parse(new TextDecoder().decode(body)) as { resourceSpans?: { scopeSpans?: { spans?: unknown[] }[] }[] };
    return (request.resourceSpans ?? []).flatMap((r) => r.scopeSpans ?? []).reduce((n, s) => n + (s.spans?.length ?? 0), 0);
  }
  return lengthFields(body, 1)
    .flatMap((resource) => lengthFields(resource, 2))
    .reduce((n, scope) => n + lengthFields(scope, 2).length, 0);
}

/**
 * A trace collector for tests and benches on 127.0.0.1: it takes OTLP over HTTP (POST /v1/traces,
 * protobuf or JSON, gzipped or not), counts the spans and answers as a collector does, with nothing
 * rejected.
 */
export async function startSpanCounter(): Promise<SpanCounter> {
  let spans = 0;
  let unreadable = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const type = String(req.headers["content-type"] ?? "");
      try {
        if (req.method !== "POST" || req.url !== "/v1/traces") throw new Error(`not a trace export: ${req.method} ${req.url}`);
        const raw = Buffer.concat(chunks);
        spans += countSpans(req.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw, type);
      } catch {
        unreadable++;
      }
      if (type.includes("json")) res.writeHead(200, { "content-type": "application/json" }).end("{}");
      else res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    });
  });
  await new Promise<void>((resolveListen) => server.listen(0, "127.0.0.1", () => resolveListen()));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans: () => spans,
    unreadable: () => unreadable,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}

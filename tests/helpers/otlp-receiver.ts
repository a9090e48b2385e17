import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A span as OTLP/HTTP JSON carries it (the fields the tests read). */
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean | undefined>;
};

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type Export = {
  resourceSpans?: {
    scopeSpans?: {
      spans?: (Omit<ReceivedSpan, "attributes" | "parentSpanId"> & {
        parentSpanId?: string;
        attributes?: { key: string; value: AnyValue }[];
      })[];
    }[];
  }[];
};

const attributeValue = (v: AnyValue) =>
  v.stringValue ?? (v.intValue === undefined ? undefined : Number(v.intValue)) ?? v.boolValue ?? v.doubleValue;

/**
 * A local OTLP receiver: a node:http server on 127.0.0.1 that accepts POST /v1/traces in the JSON
 * encoding (what the HTTP exporter sends) and keeps every span, for a test to wait on.
 */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces" || !req.headers["content-type"]?.startsWith("application/json")) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Export;
      for (const resource of body.resourceSpans ?? [])
        for (const scope of resource.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            spans.push({
              ...span,
              parentSpanId: span.parentSpanId || undefined,
              attributes: Object.fromEntries((span.attributes ?? []).map((a) => [a.key, attributeValue(a.value)])),
            });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    /** The spans of one trace once `done` says they are all there (polled; the exporter sends in batches). */
    async trace(traceId: string, done: (spans: ReceivedSpan[]) => boolean) {
      for (let i = 0; i < 300; i++) {
        const found = spans.filter((s) => s.traceId === traceId);
        if (done(found)) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`the spans of trace ${traceId} did not arrive (${spans.filter((s) => s.traceId === traceId).length} did)`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

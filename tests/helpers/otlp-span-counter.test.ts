import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { countSpans, type SpanCounter, startSpanCounter } from "./otlp-span-counter";

/** A protobuf varint. */
const varint = (n: number): number[] => (n < 128 ? [n] : [(n % 128) | 128, ...varint(Math.floor(n / 128))]);
/** A protobuf length-delimited field. */
const field = (n: number, body: Uint8Array) => new Uint8Array([(n << 3) | 2, ...varint(body.length), ...body]);
const cat = (...parts: Uint8Array[]) => new Uint8Array(parts.flatMap((p) => [...p]));
const text = (s: string) => new TextEncoder().encode(s);
/** A span: trace id (1), span id (2), name (5), kind (6, a varint), as the OTLP schema numbers them. */
const span = (name: string) =>
  cat(field(1, new Uint8Array(16)), field(2, new Uint8Array(8)), field(5, text(name)), new Uint8Array([6 << 3, 2]));
/** resource_spans{ resource, scope_spans{ scope, spans… }… } */
const request = (...scopes: Uint8Array[][]) =>
  field(
    1,
    cat(
      field(1, field(1, text("service.name"))),
      ...scopes.map((spans) => field(2, cat(field(1, field(1, text("angle"))), ...spans.map((s) => field(2, s))))),
    ),
  );

let receiver: SpanCounter;
beforeAll(async () => {
  receiver = await startSpanCounter();
});
afterAll(() => receiver.close());

it("counts the spans of a protobuf export, across resources and scopes, and not their other fields", () => {
  const body = cat(request([span("GET /products"), span("select")], [span("smtp send")]), request([span("POST /checkout")]));
  expect(countSpans(body, "application/x-protobuf")).toBe(4);
  expect(countSpans(new Uint8Array(), "application/x-protobuf")).toBe(0);
});

it("counts the spans of a JSON export", () => {
  const body = { resourceSpans: [{ scopeSpans: [{ spans: [{}, {}] }, { spans: [{}] }] }, { scopeSpans: [] }] };
  expect(countSpans(text(JSON.stringify(body)), "application/json")).toBe(3);
});

it("receives exports over HTTP, gzipped or not, and says when one cannot be read", async () => {
  const post = (body: Uint8Array, headers: Record<string, string>) =>
    fetch(`${receiver.endpoint}/v1/traces`, { method: "POST", headers, body: Buffer.from(body) });
  expect((await post(request([span("a"), span("b")]), { "content-type": "application/x-protobuf" })).status).toBe(200);
  const gzipped = gzipSync(request([span("c")]));
  expect((await post(gzipped, { "content-type": "application/x-protobuf", "content-encoding": "gzip" })).status).toBe(200);
  expect(receiver.spans()).toBe(3);
  expect(receiver.unreadable()).toBe(0);
  await post(new Uint8Array([0x0a, 0x7f]), { "content-type": "application/x-protobuf" });
  expect(receiver.unreadable()).toBe(1);
  expect(receiver.spans()).toBe(3);
});

import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type JsonRequest = { path: string; headers: IncomingHttpHeaders; body: Buffer };
export type JsonAnswer = { status: number; body: unknown; headers?: Record<string, string> };
export type JsonServer = { url: string; close(): Promise<void> };

/** Larger than any body the network sends (ONDC's catalogue limits are a few MB); a bigger one is refused. */
const BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * A POST-only JSON server on a free loopback port, for the participants of the test network. The body
 * reaches the handler as its raw bytes: a signature covers exactly the bytes sent, never a re-serialised
 * object.
 */
export function startJsonServer(handle: (request: JsonRequest) => Promise<JsonAnswer>): Promise<JsonServer> {
  const server = createServer((incoming, outgoing) => {
    const reply = ({ status, body, headers }: JsonAnswer) => {
      if (outgoing.headersSent) return;
      outgoing.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
    };
    if (incoming.method !== "POST") return reply({ status: 405, body: nack("10000", "only POST is served here") });
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT_BYTES) {
        reply({ status: 413, body: nack("10000", "the body is too large") });
        incoming.destroy();
      } else chunks.push(chunk);
    });
    incoming.on("end", () => {
      handle({ path: new URL(incoming.url ?? "/", "http://localhost").pathname, headers: incoming.headers, body: Buffer.concat(chunks) })
        .then(reply)
        // A failure here is a fault of the test network itself: a 500 makes the test that met it fail loudly.
        .catch((error: unknown) => reply({ status: 500, body: nack("10000", String(error)) }));
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((closed) => {
            server.close(() => closed());
            server.closeAllConnections();
          }),
      });
    });
  });
}

export type PostAnswer = { status: number; body: unknown };

/** How long a participant waits for another's synchronous answer (an ACK or NACK comes at once). */
const ANSWER_TIMEOUT_MS = 10_000;

export async function postJson(url: string, body: string, headers: Record<string, string> = {}): Promise<PostAnswer> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the caller sees the text as it came.
  }
  return { status: response.status, body: parsed };
}

/** Beckn's synchronous answers: `{ message: { ack: { status } } }`, with an `error` on a NACK. */
export function ack() {
  return { message: { ack: { status: "ACK" } } };
}

export function nack(code: string, message: string, type = "CONTEXT-ERROR") {
  return { message: { ack: { status: "NACK" } }, error: { type, code, message } };
}

export function isAck(body: unknown) {
  return (body as { message?: { ack?: { status?: unknown } } } | null)?.message?.ack?.status === "ACK";
}

/** The JSON object in a body, or null when it is not JSON or not an object. */
export function parseObject(body: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body.toString("utf8"));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

export type RoundRobinProxy = {
  /** `http://127.0.0.1:<port>`: the store's public origin in a cluster run. */
  url: string;
  port: number;
  /** Requests handed to each upstream so far, in the order of `upstreams`. */
  served: number[];
  /** Requests no upstream answered (the client got a 502). */
  failed: number;
  close(): Promise<void>;
};

/**
 * A load balancer for tests and benches, on 127.0.0.1: each request goes to the next of `upstreams`
 * (ports on 127.0.0.1) in turn, as a production proxy in round-robin would (deploy/Caddyfile in
 * compose.yaml). It appends the client's address to X-Forwarded-For, the one hop the servers behind it
 * trust (TRUST_PROXY_HOPS=1), and otherwise passes the request and the answer through as they are:
 * bodies streamed both ways, every Set-Cookie, redirects left for the client to follow.
 */
export async function startRoundRobinProxy(upstreams: number[], port = 0): Promise<RoundRobinProxy> {
  if (upstreams.length === 0) throw new Error("the proxy needs at least one upstream port");
  // Kept-alive connections to the upstreams, as nginx's and Caddy's pools keep them.
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const served = upstreams.map(() => 0);
  let next = 0;
  let failed = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    served[index] = (served[index] ?? 0) + 1;
    // Raw headers keep repeated ones (Cookie, and on the way back Set-Cookie) exactly as sent.
    const headers: [string, string][] = [];
    let forwardedFor: string | undefined;
    for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
      const name = incoming.rawHeaders[i] ?? "";
      const value = incoming.rawHeaders[i + 1] ?? "";
      const lower = name.toLowerCase();
      if (lower === "x-forwarded-for") forwardedFor = forwardedFor ? `${forwardedFor}, ${value}` : value;
      else if (lower !== "connection" && lower !== "keep-alive") headers.push([name, value]);
    }
    const client = incoming.socket.remoteAddress ?? "";
    headers.push(["X-Forwarded-For", forwardedFor ? `${forwardedFor}, ${client}` : client]);
    const upstream = request(
      { host: "127.0.0.1", port: upstreams[index], method: incoming.method, path: incoming.url, headers: headers.flat(), agent },
      (answer) => {
        const back: string[] = [];
        for (let i = 0; i < answer.rawHeaders.length; i += 2) {
          const name = answer.rawHeaders[i] ?? "";
          if (name.toLowerCase() === "connection" || name.toLowerCase() === "keep-alive") continue;
          back.push(name, answer.rawHeaders[i + 1] ?? "");
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, back);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => {
      failed++;
      if (!outgoing.headersSent) outgoing.writeHead(502, { "content-type": "text/plain" }).end("no upstream answered");
      else outgoing.destroy();
    });
    // A client that goes away mid-request takes its upstream request with it.
    incoming.on("aborted", () => upstream.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolveListen());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    served,
    get failed() {
      return failed;
    },
    close: () =>
      new Promise<void>((resolveClose) => {
        agent.destroy();
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}

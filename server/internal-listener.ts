import { createServer } from "node:http";

/** A path's answer; called for GET and HEAD only. */
export type InternalRoutes = Record<string, () => Promise<Response>>;

/**
 * The internal listener (METRICS_PORT on METRICS_HOST, 127.0.0.1 by default): /metrics without a
 * token, and whatever else the process adds (the worker's /healthz and /readyz), for a scraper or an
 * orchestrator on a private network. A plain node:http server: no page, no session, no request log.
 */
export function startInternalListener({ port, host, routes }: { port: number; host: string; routes: InternalRoutes }) {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://internal").pathname;
    const route = Object.hasOwn(routes, path) ? routes[path] : undefined;
    try {
      if (!route) {
        res.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
        return;
      }
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.writeHead(405, { "Content-Type": "text/plain", Allow: "GET, HEAD" }).end("Method Not Allowed");
        return;
      }
      const response = await route();
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(req.method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer()));
    } catch {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("Internal Server Error");
    }
  });
  return new Promise<{ port: number; close: () => Promise<void> }>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address();
      resolve({
        port: typeof address === "object" && address ? address.port : port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { bodyLimit } from "hono/body-limit";
import { serveStatic } from "@hono/node-server/serve-static";
import { randomUUID } from "node:crypto";
import { createRequestHandler, type ServerBuild } from "react-router";
import { BODY_TOO_LARGE_HEADER } from "../app/features/catalog/domain/product-image.ts";
import { log, type RequestContext, requestContext } from "../app/platform/log.server.ts";
import { metricsEndpoint } from "./metrics-endpoint.ts";
import { observeRequest, routeLabel } from "./observe-request.ts";
import { localizeLocation, requestInLocale, routeLocale } from "./locale-routing.ts";
import type { PageCache } from "./page-cache.ts";

export type AppOptions = {
  build: ServerBuild;
  clientDir: string;
  https: boolean;
  origin: string;
  trustProxyHops?: number;
  /** Anonymous catalogue pages answered from it (server/page-cache.ts); none without. */
  pageCache?: PageCache | null;
  /** METRICS_TOKEN: /metrics answers only its bearer; without it /metrics is a 404. */
  metricsToken?: string;
};

/**
 * The visitor's address. Behind TRUST_PROXY_HOPS load balancers, it is that many entries from the
 * right of X-Forwarded-For (each proxy appends the address it saw; entries further left are
 * whatever the visitor claimed). With no trusted proxy, the socket's peer.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, hops: number) {
  if (hops > 0 && forwardedFor) {
    const chain = forwardedFor
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const nearest = chain[chain.length - hops]; // undefined when the chain is shorter than the trusted hops
    if (nearest) return nearest;
  }
  return peer ?? "unknown";
}

// The forms that carry photos: a product's (admin, vendor) and a customer's return of an item.
// A form posted by React Router's script goes to the route's ".data" address (the product forms' [^/]+ covers it).
const PRODUCT_FORM_PATH = /^(\/(admin|vendor-login)\/products\/[^/]+|(\/hi)?\/orders\/[^/]+\/return(\.data)?)$/;
const PRODUCT_FORM_MAX_BODY = 20 * 1024 * 1024;

function productFormBodyLimit(otherwise: MiddlewareHandler): MiddlewareHandler {
  const limit = bodyLimit({ maxSize: PRODUCT_FORM_MAX_BODY, onError: (c) => c.text("The upload is too large (20 MB at most).", 413) });
  return async (c, next) => {
    c.req.raw.headers.delete(BODY_TOO_LARGE_HEADER);
    if (c.req.method !== "POST" || !PRODUCT_FORM_PATH.test(c.req.path)) return otherwise(c, next);
    if (Number(c.req.header("content-length") ?? 0) <= PRODUCT_FORM_MAX_BODY) return limit(c, next);
    const headers = new Headers(c.req.raw.headers);
    headers.set(BODY_TOO_LARGE_HEADER, "1");
    headers.set("content-type", "application/x-www-form-urlencoded");
    headers.delete("content-length");
    const original = c.req.raw;
    c.req.raw = new Request(original.url, { method: "POST", headers, body: "" });
    await next();
    // The real body is still unread: drain it so the answer (the form's field error) reaches a phone
    // that is still sending, instead of a connection reset.
    if (!(await discardBody(original))) c.res.headers.set("Connection", "close");
  };
}

/** Reads a request's body to its end without keeping it; false if it cannot (already part-read, or over 64 MB). */
async function discardBody(request: Request, max = 64 * 1024 * 1024) {
  try {
    if (!request.body || request.bodyUsed) return false;
    const reader = request.body.getReader();
    for (let size = 0; ; ) {
      const { done, value } = await reader.read();
      if (done) return true;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel();
        return false;
      }
    }
  } catch {
    return false;
  }
}

const isStaticFile = (path: string) => path.startsWith("/assets/") || path.startsWith("/images/");

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const CROSS_SITE_ALLOWED = new Set(["/payments/razorpay/callback"]);

/**
 * Cross-site request forgery guard: a state-changing request that a browser marks as coming from
 * another site is refused. (Browsers send Origin on every cross-origin POST; a request without one
 * is not from a browser page, so it carries no ambient cookies to abuse.)
 */
export function isCrossSite(request: Request, origin: string) {
  if (SAFE_METHODS.has(request.method)) return false;
  // Payment gateways post back from their own origin by design (Razorpay's callback_url): that
  // request carries no session cookie (SameSite=Lax) and is believed only after its signature is
  // verified against the attempt we stored.
  if (CROSS_SITE_ALLOWED.has(new URL(request.url).pathname)) return false;
  const from = request.headers.get("origin");
  if (from && from !== origin) return true;
  return request.headers.get("sec-fetch-site") === "cross-site";
}

/** Headers every response carries; the HTML's CSP (with its nonce) is set by entry.server. */
function securityHeaders(headers: Headers, https: boolean) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (!headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'");
  }
  if (https) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}

export function createApp({ build, clientDir, https, origin, trustProxyHops = 0, pageCache = null, metricsToken }: AppOptions) {
  const app = new Hono();
  const handle = createRequestHandler(build, "production");

  // A request id on every log line and on the response; one line per page or action served.
  app.use(async (c, next) => {
    const path = c.req.path;
    // Metrics, and with tracing on a span whose trace id is the request id (server/observe-request.ts).
    const observed = observeRequest(c.req.raw, path);
    const incoming = c.req.header("x-request-id");
    // A trace id that came in with a traceparent was chosen by the caller, as an X-Request-Id is.
    const chosen = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : undefined;
    const requestId = observed.traceId ?? chosen ?? randomUUID();
    const requestIdGenerated = observed.traceId ? !observed.continued : chosen === undefined;
    c.req.raw.headers.set("x-request-id", requestId);
    const started = performance.now();
    const scope: RequestContext = { requestId, requestIdGenerated };
    await observed.run(() => requestContext.run(scope, next));
    observed.end(routeLabel(path, scope.route, c.res), c.res);
    // Hashed files and pictures need no page policies: a few bytes less on each of a page's requests.
    if (isStaticFile(path) && (c.res.status === 200 || c.res.status === 304)) {
      c.res.headers.set("X-Content-Type-Options", "nosniff");
      c.res.headers.delete("Last-Modified"); // immutable: never revalidated
      // A module script is always read as UTF-8 (the charset parameter is ignored): 15 bytes less
      // on each of a page's scripts.
      if (c.res.headers.get("Content-Type") === "text/javascript; charset=utf-8") c.res.headers.set("Content-Type", "text/javascript");
      // Node answers a keep-alive request with "Connection: keep-alive" and "Keep-Alive: timeout=5";
      // naming the connection ourselves leaves out the second (a hint browsers do not use; the
      // server's own timeout still closes idle sockets). Only where keep-alive was asked for anyway.
      const { incoming, outgoing } = (c.env ?? {}) as { incoming?: { httpVersion?: string }; outgoing?: { sendDate?: boolean } };
      if (incoming?.httpVersion === "1.1" && !/close/i.test(c.req.header("connection") ?? "") && !c.res.headers.has("Connection"))
        c.res.headers.set("Connection", "keep-alive");
      // No Date either: a hashed file is cached for a year and never revalidated, so no cache needs
      // its age (RFC 9110 asks origin servers for a Date; a proxy in front adds one). 37 bytes less
      // on each of a page's scripts over HTTP/1.1 (docs/decisions/007-first-load-budget.md).
      if (outgoing) outgoing.sendDate = false;
      return;
    }
    c.res.headers.set("X-Request-Id", requestId);
    securityHeaders(c.res.headers, https);
    if (path !== "/healthz" && path !== "/readyz" && path !== "/metrics") {
      log.info({ requestId, method: c.req.method, path, status: c.res.status, ms: Math.round(performance.now() - started) }, "request");
    }
  });
  // A body refused unread (403, 404, 405, 413, 415…) is read to its end, and dropped, before the
  // answer goes: left unread, @hono/node-server stops draining it after 500 ms and drops the
  // connection under a response that promised keep-alive, so the client's next request on it fails.
  app.use(async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: { readableEnded?: boolean } } | undefined)?.incoming;
    const hasBody = Number(c.req.header("content-length") ?? 0) > 0 || c.req.header("transfer-encoding") !== undefined;
    if (hasBody && incoming?.readableEnded === false && !(await discardBody(c.req.raw))) c.res.headers.set("Connection", "close");
  });
  app.use(async (c, next) => {
    if (isCrossSite(c.req.raw, origin)) return c.text("Cross-site requests are not allowed.", 403);
    await next();
  });
  app.use(compress());
  // Nothing but a product photo comes close to 6 MB. Photos may be 15 MB (the product form's action
  // checks, and answers with a field error); its pages take more so that refusal reaches the form,
  // and a body bigger still goes on without its content, marked, for the action to say the same.
  app.use(
    productFormBodyLimit(bodyLimit({ maxSize: 6 * 1024 * 1024, onError: (c) => c.text("The upload is too large (6 MB at most).", 413) })),
  );

  // Prometheus metrics, for a bearer of METRICS_TOKEN only (server/metrics-endpoint.ts).
  app.get("/metrics", metricsEndpoint(metricsToken));

  // Vite's hashed files never change, and catalogue images are never edited in place (a new picture
  // gets a new file name): cached for a year, sent as the brotli/gzip copies made at build time.
  for (const prefix of ["/assets/*", "/images/*"]) {
    app.use(
      prefix,
      serveStatic({
        root: clientDir,
        precompressed: true,
        // No "public": a response to a request without credentials is cacheable by any cache anyway.
        onFound: (_path, c) => c.header("Cache-Control", "max-age=31536000, immutable"),
      }),
    );
  }
  app.use(
    "*",
    serveStatic({
      root: clientDir,
      // The service worker is asked for afresh each time (a new build must reach every phone);
      // the browser checks it on navigations anyway (docs/decisions/029-offline.md).
      onFound: (path, c) => c.header("Cache-Control", path.endsWith("/sw.js") ? "no-cache" : "public, max-age=86400"),
    }),
  );

  app.all("*", async (c) => {
    const url = new URL(c.req.url);
    const routing = routeLocale({
      method: c.req.method,
      path: url.pathname + url.search,
      cookie: c.req.header("cookie"),
      acceptLanguage: c.req.header("accept-language"),
      secFetchMode: c.req.header("sec-fetch-mode"),
      accept: c.req.header("accept"),
    });
    if ("redirect" in routing) {
      c.header("Vary", "Cookie, Accept-Language");
      c.header("Cache-Control", "private, no-cache");
      return c.redirect(routing.redirect, 302);
    }
    // Record the client's address ourselves, overwriting anything the visitor sent, for rate limits.
    const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
    c.req.raw.headers.set(
      "x-angle-client-ip",
      clientAddress(incoming?.socket?.remoteAddress, c.req.header("x-forwarded-for"), trustProxyHops),
    );
    const forwarded = requestInLocale(c.req.raw, routing.locale, routing.path);
    const response = pageCache ? await pageCache.respond(forwarded, routing.locale, () => handle(forwarded)) : await handle(forwarded);
    const location = response.headers.get("Location");
    const localized = localizeLocation(location, routing.locale);
    if (localized !== location && localized) response.headers.set("Location", localized);
    // The same English address answers a Hindi redirect to a browser that asks for Hindi first.
    if (routing.locale === "en" && response.headers.get("Content-Type")?.startsWith("text/html"))
      response.headers.append("Vary", "Accept-Language");
    return response;
  });
  return app;
}

import { PassThrough, pipeline } from "node:stream";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { isRouteErrorResponse, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { responseBody } from "~/platform/render/response-body.server";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { prepareDatabase } from "./prepare.server";
import { closeDatabase } from "./platform/db/db.server";
import { getEnv } from "./platform/env.server";
import { contentSecurityPolicy } from "./platform/csp.server";
import { publicAssetOrigin } from "./platform/storage/storage.server";
import { paymentOrigins } from "./features/payments/server/endpoints.server";
import { connectFakeGateway } from "./features/payments/server/fake-gateway-keys.server";
import { log, requestContext } from "./platform/log.server";
import { routeInstrumentation } from "./platform/observability/route-instrumentation.server";
import { watchOutbox } from "./features/messaging/server/outbox-metrics.server";
import { requestLocale } from "./platform/i18n/i18n.server";
import { HINDI_PREFIX, hasHindiTwin, localizePath } from "./platform/i18n/locale";
import { InlineCssContext } from "./platform/render/inline-stylesheet";
import { withOfflineHead } from "./platform/render/offline-head.server";
import { CART_FLAG, CART_KEY } from "./features/cart/domain/cart";
import { CART_COOKIE } from "./features/cart/domain/cart-cookie-name";
import { cookieValue } from "./platform/http/cookies";
import { scriptsAfterPaint } from "./platform/render/scripts-after-paint.server";
import { hydrateWhen, modulesOnIntent } from "./platform/render/hydrate-when.server";
import { ondcConfig } from "./features/ondc/server/ondc-config.server";
import stylesheet from "./app.css?url";
import devanagari400 from "./fonts/noto-sans-devanagari-400.woff2?url";
import devanagari700 from "./fonts/noto-sans-devanagari-700.woff2?url";

export const streamTimeout = 5_000;

/** The built stylesheet's text (build/client next to this server build), inlined into every page. */
const inlineCss = (() => {
  if (getEnv().NODE_ENV !== "production") return null;
  try {
    return readFileSync(new URL(`../client${stylesheet}`, import.meta.url), "utf8");
  } catch {
    return null; // not built next to us (tests): pages link the stylesheet instead
  }
})();

// The Node server awaits this before it listens; in `react-router dev` it runs on first load.
export const ready = prepareDatabase().then(async () => {
  // ONDC's keys are read now, so a key that does not read stops the start naming its setting.
  ondcConfig();
  // `npm run dev` runs the fake gateway beside Vite (scripts/dev.ts); the production server connects it itself.
  if (getEnv().NODE_ENV === "development")
    await connectFakeGateway().catch((error) => log.warn({ err: error }, "fake gateway not connected"));
});
export { closeDatabase };
export { closeRateLimitStore } from "./platform/rate-limit/rate-limit.server";
export { startBackgroundJobs } from "./jobs.server";
export { connectFakeGateway };
export { checkReadiness, markStopping, readinessResponse } from "./platform/health/readiness.server";
export { waitForOndcCallbacks } from "./features/ondc/server/callback.server";
export { livenessResponse } from "./platform/health/liveness.server";
export { catalogVersion } from "./features/catalog/server/catalog-version.server";
// Metrics and traces (docs/decisions/069-metrics-and-traces.md): each route's pattern labels its
// requests, loaders and actions are spans; the outbox's depth is read when /metrics is scraped.
export const instrumentations = [routeInstrumentation];
watchOutbox();

/** Logs real failures once; a refusal we threw on purpose (4xx) is not an error, and an abort is the client leaving. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  log.error({ err: error, url: request.url }, "request failed");
};

function withBasename(context: EntryContext, basename: string) {
  const handlerContext = context.staticHandlerContext;
  handlerContext.basename = basename;
  const { pathname } = handlerContext.location;
  handlerContext.location = { ...handlerContext.location, pathname: pathname === "/" ? basename : basename + pathname };
  const handoff = JSON.parse(context.serverHandoffString ?? "{}") as Record<string, unknown>;
  // Escaped as React Router escapes its handoff: it goes into an inline script.
  context.serverHandoffString = JSON.stringify({ ...handoff, basename }).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * Devanagari letters for Hindi pages (app.css); only Hindi pages load them, and only on a device
 * without its own Noto Sans Devanagari: the head script asks for both weights early there
 * (offline-head.server.ts). The bold one (headings, prices, buttons) found only once the page is
 * laid out arrived after the first paint and its swap moved the text (CLS up to 0.005), and Chromium
 * fetches a font found by layout at the highest priority (docs/decisions/028-first-paint.md).
 */
const DEVANAGARI_FONTS = { 400: devanagari400, 700: devanagari700 };

/**
 * In HTTP Link headers rather than the page's <head> (decision 026: the head is drawn by the first
 * script too, and these need no JavaScript): the page's twin in each language for search engines
 * (hreflang, absolute, English the default).
 */
const MAX_ALTERNATE_QUERY = 512;

function languageLinks(request: Request, headers: Headers) {
  const url = new URL(request.url);
  if (hasHindiTwin(url.pathname)) {
    const base = (getEnv().BASE_URL ?? url.origin).replace(/\/$/, "");
    // A query of any length would make the header as long three times over: past a few hundred
    // characters (no filter the store draws comes close) the twins are named without it, so the
    // answer's headers stay within what clients accept (Node's 16 KB).
    const path = url.pathname + (url.search.length <= MAX_ALTERNATE_QUERY ? url.search : "");
    // A comma would end the link early in the header's list.
    const english = (base + path).replaceAll(",", "%2C");
    const hindiTwin = (base + localizePath(path, "hi")).replaceAll(",", "%2C");
    headers.append(
      "Link",
      `<${english}>; rel="alternate"; hreflang="en-IN", <${hindiTwin}>; rel="alternate"; hreflang="hi-IN", <${english}>; rel="alternate"; hreflang="x-default"`,
    );
  }
}

function localizedUrl(href: string) {
  const url = new URL(href);
  url.pathname = localizePath(url.pathname, "hi");
  return url.href;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A Hindi page is rendered with /hi as its basename, on the server and (through the handoff) in the
  // browser, so every link and form React Router draws stays in Hindi (docs/decisions/026-hindi.md).
  const hindi = requestLocale(request) === "hi";
  if (hindi) withBasename(routerContext, HINDI_PREFIX);
  languageLinks(request, responseHeaders);
  // A fresh nonce per response lets React Router's inline scripts run under a CSP without 'unsafe-inline'.
  const nonce = randomBytes(16).toString("base64");
  // Told to the page cache (server/page-cache.ts), which gives each copy it serves a fresh one.
  const requestScope = requestContext.getStore();
  if (requestScope) requestScope.nonce = nonce;
  if (getEnv().NODE_ENV === "production") {
    // The order's SMS pay link (docs/decisions/063-phone-order-pay-link.md) pays too.
    const paying = /^\/(checkout|order-confirmation|orders\/[a-z0-9]+\/pay)(\/|$)/.test(new URL(request.url).pathname);
    responseHeaders.set(
      "Content-Security-Policy",
      contentSecurityPolicy(nonce, paying ? paymentOrigins() : undefined, publicAssetOrigin()),
    );
  }

  return new Promise<Response>((resolve, reject) => {
    // Errors React recovered from inside a part of the page (a Suspense boundary, drawn again in the
    // browser): logged once the page is whole. An error in the shell is React Router's to log (handleError).
    const partErrors: unknown[] = [];
    // The whole page, then sent: no route streams data it is still waiting for (none defers), and
    // React Router's data script is then always in place. Sent as soon as the shell was ready, it
    // came now and then (a first render, a busy server) in a hidden copy that React's reveal script
    // moved in up to 300 ms later, with a second layout of the whole page before the first paint;
    // and the page cache kept that copy for every visitor.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <InlineCssContext value={inlineCss}>
        <ServerRouter context={routerContext} url={hindi ? localizedUrl(request.url) : request.url} nonce={nonce} />
      </InlineCssContext>,
      {
        nonce,
        // A part in a Suspense boundary (the cart's lines, decision 046) is written in place: React
        // otherwise sends a finished part larger than its chunk size (12.8 KB) hidden, after its
        // fallback, with a script that swaps them: "Loading your cart…" to a browser without scripts,
        // and a second layout to one with them.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          if (!request.signal.aborted) {
            for (const err of partErrors) log.error({ err, url: request.url }, "part of the page failed to render");
          }
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const production = getEnv().NODE_ENV === "production";
          // The manifest link and the service worker's inline script (docs/decisions/029-offline.md).
          // (Unless the server drew the cart's lines from its cookie: then the page waits for intent.)
          const loaded = routerContext.staticHandlerContext.loaderData as Record<string, { cart?: unknown } | undefined>;
          const cartPage = new URL(request.url).pathname === "/cart" && !loaded["routes/store/cart"]?.cart;
          // The cart's cookie a page was drawn from (decision 046): the head compares it with the browser's cart.
          const drawnFrom =
            loaded["routes/store/cart"]?.cart || loaded["routes/store/checkout"]?.cart
              ? cookieValue(request.headers.get("cookie"), CART_COOKIE)
              : undefined;
          pipe(
            production
              ? withOfflineHead(body, nonce, {
                  cart: { key: CART_KEY, flag: CART_FLAG, drawnFrom },
                  cartPage,
                  devanagari: hindi ? DEVANAGARI_FONTS : undefined,
                })
              : body,
          );
          // In production the page paints before its scripts load (docs/decisions/028-first-paint.md);
          // development keeps React Router's own markup, as it keeps the stylesheet a <link>.
          // pipeline: a visitor who leaves stops the render, as when React writes to `body` directly.
          // Catalogue pages hydrate when the person first reaches for something that needs it
          // (docs/decisions/044-hydrate-on-intent.md).
          const handled = routerContext.staticHandlerContext;
          const leafRouteId = handled.matches.at(-1)?.route.id;
          const when = hydrateWhen({
            leafRouteId,
            leafData: leafRouteId ? handled.loaderData[leafRouteId] : undefined,
            search: new URL(request.url).search,
            toast: Boolean((handled.loaderData.root as { toast?: unknown } | undefined)?.toast),
            failed: handled.errors !== null,
          });
          const onIntent = modulesOnIntent(
            routerContext.manifest,
            handled.matches.map((match) => match.route.id),
            when,
          );
          const page = production ? pipeline(body, scriptsAfterPaint(when, onIntent), () => {}) : body;
          resolve(new Response(responseBody(page), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          partErrors.length = 0;
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          partErrors.push(error);
        },
      },
    );
  });
}

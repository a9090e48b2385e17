import { PassThrough } from "node:stream";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { isRouteErrorResponse, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { prepareDatabase } from "./db/prepare.server";
import { closeDatabase } from "./db/db.server";
import { getEnv } from "./env.server";
import { contentSecurityPolicy } from "./lib/csp.server";
import { paymentOrigins } from "./services/payments/endpoints.server";
import { connectFakeGateway } from "./services/payments/fake-gateway-keys.server";
import { log } from "./lib/log.server";
import { InlineCssContext } from "./lib/inline-stylesheet";
import stylesheet from "./app.css?url";

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
  // `npm run dev` runs the fake gateway beside Vite (scripts/dev.ts); the production server connects it itself.
  if (getEnv().NODE_ENV === "development")
    await connectFakeGateway().catch((error) => log.warn({ err: error }, "fake gateway not connected"));
});
export { closeDatabase };
export { closeRateLimitStore } from "./services/security/rate-limit.server";
export { startOutboxWorker } from "./services/outbox/worker.server";
export { startLicenceSweeper } from "./services/sellers/licence-sweeper.server";
export { startPaymentSweeper } from "./services/payments/payment-sweep.server";
export { connectFakeGateway };
export { checkHealth } from "./services/health/check-health.server";

/** Logs real failures once; a refusal we threw on purpose (4xx) is not an error, and an abort is the client leaving. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  log.error({ err: error, url: request.url }, "request failed");
};

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
  // A fresh nonce per response lets React Router's inline scripts run under a CSP without 'unsafe-inline'.
  const nonce = randomBytes(16).toString("base64");
  if (getEnv().NODE_ENV === "production") {
    const paying = /^\/(checkout|order-confirmation)(\/|$)/.test(new URL(request.url).pathname);
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, paying ? paymentOrigins() : undefined));
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <InlineCssContext value={inlineCss}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineCssContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}

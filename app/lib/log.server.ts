import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

type RequestContext = { requestId: string };

// One store for the Node server (server/) and the app build, which are separate module graphs.
const KEY = Symbol.for("angle.request-context");
const globalStore = globalThis as unknown as Record<symbol, AsyncLocalStorage<RequestContext> | undefined>;
export const requestContext: AsyncLocalStorage<RequestContext> = (globalStore[KEY] ??= new AsyncLocalStorage<RequestContext>());

/**
 * Structured JSON logs. Every line written while serving a request carries its request id; secrets
 * and passwords are redacted wherever they appear in a logged object.
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  redact: {
    paths: [
      "password",
      "*.password",
      "secretKey",
      "*.secretKey",
      "headers.cookie",
      "*.headers.cookie",
      "cookie",
      "*.cookie",
      "authorization",
      "*.authorization",
      "token",
      "*.token",
    ],
    censor: "[redacted]",
  },
  mixin: () => {
    const ctx = requestContext.getStore();
    return ctx ? { requestId: ctx.requestId } : {};
  },
});

export function currentRequestId() {
  return requestContext.getStore()?.requestId;
}

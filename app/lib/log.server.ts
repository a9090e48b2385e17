import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { getEnv } from "../env.server.ts";

type RequestContext = { requestId: string };

// One store for the Node server (server/) and the app build, which are separate module graphs.
const KEY = Symbol.for("angle.request-context");
const globalStore = globalThis as unknown as Record<symbol, AsyncLocalStorage<RequestContext> | undefined>;
const sharedStore = globalStore[KEY] ?? new AsyncLocalStorage<RequestContext>();
globalStore[KEY] = sharedStore;
export const requestContext: AsyncLocalStorage<RequestContext> = sharedStore;

/** LOG_LEVEL; while the configuration is being refused, info, so the refusal itself is logged. */
function logLevel() {
  try {
    return getEnv().LOG_LEVEL;
  } catch {
    return "info";
  }
}

/**
 * Structured JSON logs. Every line written while serving a request carries its request id; secrets
 * and passwords are redacted wherever they appear in a logged object.
 */
export const log = pino({
  level: logLevel(),
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

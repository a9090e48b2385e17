import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { getEnv } from "./env.server.ts";

export type RequestContext = {
  requestId: string;
  /** The server made the id up (no valid X-Request-Id came with the request). */
  requestIdGenerated?: boolean;
  /** The CSP nonce the page was rendered with (entry.server), for the page cache to swap per response. */
  nonce?: string;
  /** The pattern of the route that answered (React Router's instrumentation), a metrics label. */
  route?: string;
};

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

// One destination for the Node server (server/) and the app build, like the request context: one
// buffer, lines in the order they were logged, and one flush at shutdown.
const DESTINATION = Symbol.for("angle.log-destination");
const globalDestination = globalThis as unknown as Record<symbol, ReturnType<typeof pino.destination> | undefined>;
/**
 * Stdout, written asynchronously: lines collect in memory and go out in writes of 4 KB or more, or
 * every second, rather than one blocking write per line (a synchronous line per request was 11% of
 * a page's CPU, issue 17). Lines still queued when the process exits are written synchronously by
 * pino's exit hook; a graceful shutdown waits for them with flushLog().
 */
globalDestination[DESTINATION] ??= pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
const destination = globalDestination[DESTINATION];

/**
 * Structured JSON logs. Every line written while serving a request carries its request id; secrets
 * and passwords are redacted wherever they appear in a logged object.
 */
export const log = pino(
  {
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
  },
  destination,
);

/** Resolves once every line logged so far has been written (before a deliberate exit). */
export function flushLog(): Promise<void> {
  return new Promise((resolve) => destination.flush(() => resolve()));
}

// The rendered-page cache (issue 17, docs/decisions/027-page-cache.md): anonymous catalogue pages
// and their `.data` answers, stored once rendered and served again until the catalogue changes.
import { randomBytes } from "node:crypto";
import type { ServerBuild } from "react-router";
import { indiaToday } from "../app/platform/core/india-day.ts";
import { CART_COOKIE } from "../app/features/cart/domain/cart-cookie-name.ts";
import { LOCALE_COOKIE } from "../app/platform/i18n/locale-core.ts";
import { getEnv } from "../app/platform/env.server.ts";
import { log, requestContext } from "../app/platform/log.server.ts";
import {
  type CachedPage,
  createMemoryPageStore,
  createRedisPageStore,
  type Hole,
  type PageStore,
  type Template,
} from "./page-cache-stores.ts";

/**
 * The catalogue's pages, as React Router sees their paths (without /hi), and their `.data` twins
 * (the home page's is /_.data). Everything else (cart, checkout, orders, account, admin,
 * sellers, resources) is never cached, whatever its response says.
 */
const CATALOGUE_PAGE = /^\/(?:_|(?:products|crops)(?:\/[^/]+)?|about|terms|privacy|refund|contact)?(?:\.data)?$/;

/**
 * Cookies that change nothing a catalogue page shows: the language's (the language is in the URL; this
 * one only redirects), and the cart's copy of its lines, which only checkout reads (decision 046).
 */
const HARMLESS_COOKIES = new Set([LOCALE_COOKIE, CART_COOKIE]);

/** A page bigger than this is served but not kept. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/**
 * Whether a request may be answered from the cache (and its answer kept): a GET of a catalogue page
 * with no cookie but the language's and no Authorization. Any other cookie — a session, a toast,
 * one we do not know — renders the page afresh: a cached page is always a stranger's page.
 */
export function isCacheableRequest(request: Request): boolean {
  if (request.method !== "GET" || request.headers.has("authorization")) return false;
  if (!CATALOGUE_PAGE.test(new URL(request.url).pathname)) return false;
  const cookie = request.headers.get("cookie");
  if (!cookie) return true;
  return cookie.split(";").every((pair) => {
    const name = pair.split("=", 1)[0]?.trim() ?? "";
    return name === "" || HARMLESS_COOKIES.has(name);
  });
}

/** Whether a response may be kept: a whole page or page data for anyone, with nothing of one visitor in it. */
export function isStorableResponse(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (response.headers.has("set-cookie")) return false;
  if (/no-store|private|no-cache/i.test(response.headers.get("cache-control") ?? "")) return false;
  const type = response.headers.get("content-type") ?? "";
  return type.startsWith("text/html") || type.startsWith("text/x-script");
}

/**
 * Everything a catalogue page's bytes depend on, besides the nonce and request id swapped in per
 * response: the build (asset names), the catalogue's version, India's date (delivery dates,
 * licences that lapse at midnight), the language, the host, and the path with its whole query
 * (filters, pages, `?auth=` dialogs, `?pin=` delivery checks, `_routes` of a `.data` request).
 */
export function pageKey(parts: { build: string; version: string; day: string; locale: string; request: Request }): string {
  const url = new URL(parts.request.url);
  return [parts.build, parts.version, parts.day, parts.locale, url.host, parts.request.method, url.pathname + url.search].join("\n");
}

/**
 * Cuts `text` (a header's value, or a body's bytes) at every occurrence of the values given
 * (random ones: a nonce, a request id we made up), so each copy served can have its own put back.
 */
export function cutTemplate<T extends string | Buffer>(text: T, values: Partial<Record<Hole, string>>): Template<T> {
  const holes = (Object.entries(values) as [Hole, string | undefined][]).filter((entry): entry is [Hole, string] => Boolean(entry[1]));
  const find = (value: string, from: number) => text.indexOf(value, from);
  const slice = (from: number, to?: number) => (typeof text === "string" ? text.slice(from, to) : text.subarray(from, to)) as T;
  // The values are ASCII: as long in bytes as in characters.
  const next = holes.map(([, value]) => find(value, 0));
  const template: Template<T> = { parts: [], holes: [] };
  let from = 0;
  for (;;) {
    let first = -1;
    next.forEach((at, i) => {
      if (at >= 0 && (first < 0 || at < (next[first] ?? 0))) first = i;
    });
    const hole = holes[first];
    const at = next[first];
    if (!hole || at === undefined) break;
    template.parts.push(slice(from, at));
    template.holes.push(hole[0]);
    from = at + hole[1].length;
    next.forEach((position, i) => {
      if (position >= 0 && position < from) next[i] = find(holes[i]?.[1] ?? "", from);
    });
  }
  template.parts.push(slice(from));
  return template;
}

export function fillTemplate(template: Template, values: Record<Hole, string>): string {
  let text = template.parts[0] ?? "";
  template.holes.forEach((hole, i) => {
    text += values[hole] + (template.parts[i + 1] ?? "");
  });
  return text;
}

/** A body's bytes with the values put back: one copy, nothing decoded or encoded but the values. */
export function fillBody(template: Template<Buffer>, values: Record<Hole, string>): Uint8Array<ArrayBuffer> {
  const filled = { nonce: Buffer.from(values.nonce), requestId: Buffer.from(values.requestId) };
  const pieces: Buffer[] = [];
  template.parts.forEach((part, i) => {
    pieces.push(part);
    const hole = template.holes[i];
    if (hole) pieces.push(filled[hole]);
  });
  // A new buffer over an ArrayBuffer of its own (never shared memory), as a Response body needs.
  return Buffer.concat(pieces) as Uint8Array<ArrayBuffer>;
}

// India's date, worked out once a minute rather than per request (midnight in India, 18:30 UTC,
// falls on a minute).
let day = { minute: -1, value: "" };
function today() {
  const minute = Math.floor(Date.now() / 60_000);
  if (minute !== day.minute) day = { minute, value: indiaToday() };
  return day.value;
}

export type PageCache = {
  /** Answers a request from the cache, or renders it (and keeps the answer when it may). */
  respond(request: Request, locale: string, render: () => Promise<Response>): Promise<Response>;
  close(): Promise<void>;
};

type PageCacheOptions = {
  store: PageStore;
  /** The catalogue's version, read before each render (null: do not cache). */
  catalogVersion: () => Promise<string | null>;
  /** The build's version: a new build's pages name new asset files. */
  build: string;
};

export function createPageCache({ store, catalogVersion, build }: PageCacheOptions): PageCache {
  return {
    async respond(request, locale, render) {
      if (!isCacheableRequest(request)) return render();
      // Read before rendering: a page rendered from a newer catalogue than its key says is
      // harmless (the key is dead as soon as anyone reads the newer version); the reverse is not.
      let version: string | null;
      try {
        version = await catalogVersion();
      } catch (error) {
        log.warn({ err: error }, "page cache: the catalogue version could not be read; rendering");
        version = null;
      }
      if (version === null) return render();
      store.versionSeen(version);
      const key = pageKey({ build, version, day: today(), locale, request });
      const scope = requestContext.getStore();
      const requestId = scope?.requestId ?? request.headers.get("x-request-id") ?? "";
      const cached = await store.get(key);
      if (cached?.key === key) return serve(cached, requestId);

      const response = await render();
      if (!isStorableResponse(response) || !response.body) return response;
      const headers = response.headers;
      // A request id the visitor sent might be any text on the page, and a page rendered without a
      // nonce we know might still carry one (scripts): such pages are served, not kept.
      if (!scope?.requestIdGenerated) return response;
      const html = headers.get("content-type")?.startsWith("text/html") ?? false;
      if (html && !scope.nonce) return response;
      const secrets = { nonce: scope.nonce, requestId: scope.requestId };
      // The headers as rendered, before the server adds its own (request id, security headers).
      const rendered = [...headers];
      headers.set("X-Page-Cache", "miss");
      const keep = (body: Buffer) => {
        const page: CachedPage = {
          key,
          status: response.status,
          headers: rendered.map(([name, value]) => [name, cutTemplate(value, secrets)]),
          body: cutTemplate(body, secrets),
          storedAt: Date.now(),
        };
        void store.set(page, body.length + 1024);
      };
      return new Response(response.body.pipeThrough(keepWhenComplete(keep)), {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    },
    close: () => store.close(),
  };
}

/** Passes a body through unchanged and hands over all its bytes once they have all gone (not if cut short or too big). */
function keepWhenComplete(keep: (body: Buffer) => void) {
  let chunks: Uint8Array[] = [];
  let bytes = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (bytes <= MAX_PAGE_BYTES) {
        bytes += chunk.byteLength;
        chunks.push(chunk);
        if (bytes > MAX_PAGE_BYTES) chunks = [];
      }
      controller.enqueue(chunk);
    },
    flush() {
      if (bytes > MAX_PAGE_BYTES) return;
      try {
        keep(Buffer.concat(chunks));
      } catch (error) {
        log.warn({ err: error }, "page cache: a page could not be kept");
      }
    },
  });
}

/** A stored page as a new response: its own nonce (in the page and its CSP alike) and request id. */
function serve(page: CachedPage, requestId: string) {
  const values: Record<Hole, string> = { nonce: randomBytes(16).toString("base64"), requestId };
  const headers = new Headers();
  for (const [name, value] of page.headers) headers.append(name, fillTemplate(value, values));
  headers.set("X-Page-Cache", "hit");
  return new Response(fillBody(page.body, values), { status: page.status, headers });
}

/** The cache the environment asks for (PAGE_CACHE, PAGE_CACHE_STORE…), or null when it is off. */
export function pageCacheFromEnv(build: ServerBuild): PageCache | null {
  const env = getEnv();
  if (env.PAGE_CACHE === "off") return null;
  const catalogVersion = (build.entry.module as { catalogVersion?: () => Promise<string | null> }).catalogVersion;
  if (!catalogVersion) return null;
  const store =
    env.PAGE_CACHE_STORE === "redis" && env.REDIS_URL
      ? createRedisPageStore({ url: env.REDIS_URL, prefix: `${env.REDIS_KEY_PREFIX}page:`, ttlSeconds: env.PAGE_CACHE_TTL_SECONDS })
      : createMemoryPageStore({ maxBytes: env.PAGE_CACHE_MEMORY_MB * 1024 * 1024, ttlMs: env.PAGE_CACHE_TTL_SECONDS * 1000 });
  return createPageCache({ store, catalogVersion, build: build.assets.version });
}

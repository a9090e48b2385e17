import {
  ageOf,
  followsTheCart,
  CACHED_AT,
  CACHED_TITLE,
  cacheKey,
  cachesToDelete,
  classify,
  FRESH_MS,
  isKeepable,
  isPrivate,
  type Locale,
  localeOf,
  NETWORK_TIMEOUT_MS,
  overLimit,
  PAGES_MAX_AGE_MS,
  reloadDocumentHeaders,
  seenBeforeControl,
  titleOf,
  withNotice,
  withSavedPages,
} from "./policy";

/**
 * The service worker (docs/decisions/029-offline.md), bundled with its build's facts into
 * build/client/sw.js by tools/service-worker.ts. What it keeps and when it shows it is ./policy.ts.
 */

/** What the build tells the worker. */
export type WorkerBuild = {
  /** This build's version: names its caches. */
  version: string;
  /** Hashed files fetched when the worker installs (the catalogue's scripts, the stylesheet, the icons). */
  precache: string[];
  /** React Router's manifest file, and its version (answers route discovery offline). */
  routeManifest: string;
  routeManifestVersion: string;
  /** The offline page in each language. */
  offlinePage: Record<Locale, string>;
  /** The notice on a page shown from the phone, and the offline page's heading for the kept pages. */
  notice: Record<Locale, string>;
  savedPages: Record<Locale, string>;
};

// The few worker types used here (the project's TypeScript lib is the DOM's, not the worker's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly clientId: string;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Response | Promise<Response>): void;
}
interface WindowClient {
  readonly url: string;
  postMessage(message: unknown): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly navigator: { readonly onLine: boolean };
  readonly registration: ServiceWorkerRegistration & { navigationPreload?: { enable(): Promise<void> } };
  readonly clients: {
    matchAll(options?: { type?: "window"; includeUncontrolled?: boolean }): Promise<WindowClient[]>;
    get(id: string): Promise<WindowClient | undefined>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableEvent & { data: unknown }) => void): void;
}

const SKIP = Symbol("no answer");

export function startServiceWorker(build: WorkerBuild) {
  const worker = self as unknown as WorkerScope;
  const STATIC = `angle-static-${build.version}`;
  const PAGES = `angle-pages-${build.version}`;

  worker.addEventListener("install", (event) => event.waitUntil(install()));
  worker.addEventListener("activate", (event) => event.waitUntil(activate()));
  worker.addEventListener("fetch", (event) => {
    const answer = respond(event);
    if (answer !== SKIP) event.respondWith(answer);
  });
  // A page that loaded before this worker took control says what it (and the tab before it) saw.
  worker.addEventListener("message", (event) => {
    const seen = seenBeforeControl(event.data, worker.location.origin);
    if (seen.length > 0) event.waitUntil(keepSeen(seen));
  });

  async function install() {
    const cache = await caches.open(STATIC);
    // Hashed files may come from the HTTP cache (the page just loaded them); the offline pages not.
    await cache.addAll(
      build.precache.map(
        (path) => new Request(new URL(path, worker.location.href), { cache: path.startsWith("/assets/") ? "default" : "no-cache" }),
      ),
    );
    // Taking over at once is safe only when no page runs under an older worker: activating deletes
    // that worker's caches, which such a page may still need (its scripts, offline). Otherwise this
    // one waits, as workers do, until those pages are closed; meanwhile the old worker fetches every
    // page from the network first, and hashed files are never mixed up, so new pages still get new code.
    // (A page's worker cannot be told from here: any open page of ours counts.)
    const pages = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
    if (!worker.registration.active || pages.length === 0) await worker.skipWaiting();
  }

  async function activate() {
    const names = await caches.keys();
    await Promise.all(cachesToDelete(names, [STATIC, PAGES]).map((name) => caches.delete(name)));
    await worker.registration.navigationPreload?.enable();
    // Pages that loaded before any worker (a first visit) came from the network: safe to serve now.
    await worker.clients.claim();
  }

  function respond(event: FetchEvent): Promise<Response> | typeof SKIP {
    const { request } = event;
    switch (classify(request, worker.location.origin)) {
      case "mutation":
        // Signing in or out: pages kept for the visitor as they were may no longer be theirs, nor
        // may an answer already on its way (see keptOrFetched).
        generation++;
        event.waitUntil(caches.delete(PAGES));
        return SKIP;
      case "state-change":
        // Choosing a language likewise.
        generation++;
        event.waitUntil(caches.delete(PAGES));
        return request.mode === "navigate" ? network(event) : SKIP;
      case "asset":
        return asset(request);
      case "route-manifest":
        return routeManifest(request);
      case "catalogue-page":
        return cataloguePage(event);
      case "catalogue-data":
        return catalogueData(event);
      case "page":
        return network(event).catch(() => offlinePage(new URL(request.url)));
      case "data":
        return fetch(request).then(
          (response) => {
            event.waitUntil(tellPage(event.clientId, null));
            return response;
          },
          () => reloadDocument(request),
        );
      default:
        // A navigation is answered even here (a PDF, an export): its preload is already on its way.
        return request.mode === "navigate" ? network(event).catch(() => offlinePage(new URL(request.url))) : SKIP;
    }
  }

  /** Hashed files: any version's copy is the same file. */
  async function asset(request: Request) {
    const cached = await caches.match(request, { ignoreVary: true });
    if (cached) return cached;
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      const copy = response.clone();
      void caches.open(STATIC).then((cache) => cache.put(request, copy));
    }
    return response;
  }

  /**
   * Route discovery while offline: this build's whole route manifest (every route, which React
   * Router accepts as patches); for another build's page, a page load (React Router's own answer
   * to a version mismatch), which the worker answers from what it kept.
   */
  async function routeManifest(request: Request) {
    try {
      return await fetch(request);
    } catch {
      if (new URL(request.url).searchParams.get("version") === build.routeManifestVersion) {
        const file = await caches.match(build.routeManifest);
        const text = file ? await file.text() : "";
        const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
        if (json) return Response.json((JSON.parse(json) as { routes: unknown }).routes);
      }
      return new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } });
    }
  }

  /** The network's answer to a navigation (the preload started with it, when there is one). */
  async function network(event: FetchEvent) {
    return (await event.preloadResponse) ?? fetch(event.request);
  }

  async function cataloguePage(event: FetchEvent) {
    const url = new URL(event.request.url);
    const answer = await keptOrFetched(event, () => network(event));
    if (answer.from !== "stale") return answer.response;
    if (!answer.response) return offlinePage(url);
    return new Response(withNotice(await answer.response.text(), build.notice[localeOf(url.pathname)]), {
      status: answer.response.status,
      headers: plainHeaders(answer.response.headers),
    });
  }

  async function catalogueData(event: FetchEvent) {
    const url = new URL(event.request.url);
    const answer = await keptOrFetched(event, () => fetch(event.request));
    // The page's inline script shows the notice, or takes it away once data comes fresh again.
    event.waitUntil(tellPage(event.clientId, answer.from === "stale" && answer.response ? build.notice[localeOf(url.pathname)] : null));
    return answer.response ?? reloadDocument(event.request);
  }

  /**
   * Stale-while-revalidate within FRESH_MS; after that the network first, and the kept copy when
   * the network fails or is too slow ("stale"). What comes back from the network is kept if it may be.
   */
  /** Bumped by every POST and language change: what was asked for before one is not kept after it. */
  let generation = 0;

  async function keptOrFetched(
    event: FetchEvent,
    fetchIt: () => Promise<Response>,
  ): Promise<{ from: "network" | "fresh"; response: Response } | { from: "stale"; response: Response | undefined }> {
    const key = cacheKey(event.request.url);
    const kept = await keptCopy(key);
    const asked = generation;
    const fetched = fetchIt().then((response) => {
      // Asked before a sign-in (or out) that has happened since: shown, never kept.
      if (asked === generation) event.waitUntil(keep(key, response.clone()));
      return response;
    });
    // Known to be offline, a recent copy is still shown as what it is (with the notice). A reload
    // (cache mode no-cache or reload) asks for the page as it is now: the network first.
    const reloading = event.request.cache === "no-cache" || event.request.cache === "reload";
    // The cart page is drawn with the cart its cookie names: online, never a kept copy at once.
    const copyAtOnce = !reloading && !followsTheCart(new URL(event.request.url));
    if (kept && copyAtOnce && ageOf(kept.headers, Date.now()) < FRESH_MS && worker.navigator.onLine !== false) {
      event.waitUntil(fetched.catch(() => undefined));
      return { from: "fresh", response: kept };
    }
    if (!kept)
      return fetched.then(
        (response) => ({ from: "network" as const, response }),
        () => ({ from: "stale" as const, response: undefined }),
      );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slow = new Promise<"slow">((resolve) => {
      timer = setTimeout(() => resolve("slow"), NETWORK_TIMEOUT_MS);
    });
    const first = await Promise.race([fetched, slow]).catch(() => "failed" as const);
    clearTimeout(timer);
    if (first instanceof Response) return { from: "network", response: first };
    // Too slow: the kept copy now; the fresh one, when it comes, is kept for next time.
    event.waitUntil(fetched.catch(() => undefined));
    return { from: "stale", response: kept };
  }

  async function keptCopy(key: string) {
    const cache = await caches.open(PAGES);
    const kept = await cache.match(key, { ignoreVary: true });
    if (kept && ageOf(kept.headers, Date.now()) > PAGES_MAX_AGE_MS) {
      await cache.delete(key, { ignoreVary: true });
      return undefined;
    }
    return kept;
  }

  async function keep(key: string, response: Response) {
    // A catalogue page answered privately means a session: nothing kept from before may be shown to it.
    if (!isKeepable(response)) {
      // Not read: let go of this copy of the body (not awaited: it settles only as the page reads its own).
      response.body?.cancel().catch(() => undefined);
      if (isPrivate(response)) await caches.delete(PAGES);
      return;
    }
    const body = await response.text();
    const headers = plainHeaders(response.headers);
    headers.set(CACHED_AT, String(Date.now()));
    const title = response.headers.get("content-type")?.startsWith("text/html") ? titleOf(body) : null;
    if (title) headers.set(CACHED_TITLE, encodeURIComponent(title));
    const cache = await caches.open(PAGES);
    await cache.put(key, new Response(body, { status: response.status, statusText: response.statusText, headers }));
    await Promise.all(overLimit(await cache.keys()).map((old) => cache.delete(old)));
  }

  /**
   * Pages seen before this worker took control came from the network past it: fetched again, one at
   * a time (a slow line stays the page's), and kept as if seen now. One already kept is left as it is;
   * a signed-in visitor's answers are private and keep nothing (keep()).
   */
  async function keepSeen(keys: string[]) {
    const asked = generation;
    const cache = await caches.open(PAGES);
    for (const key of keys) {
      if (await cache.match(key, { ignoreVary: true })) continue;
      let response: Response;
      try {
        // A redirect (another language, a sign-in) is not this address's page: never kept (not "basic").
        response = await fetch(key, {
          redirect: "manual",
          headers: { accept: new URL(key).pathname.endsWith(".data") ? "*/*" : "text/html" },
        });
      } catch {
        return;
      }
      if (asked !== generation) {
        response.body?.cancel().catch(() => undefined);
        return;
      }
      await keep(key, response);
    }
  }

  /** The offline page in the page's language, listing the pages kept in that language. */
  async function offlinePage(url: URL) {
    const locale = localeOf(url.pathname);
    const page = await caches.match(build.offlinePage[locale]);
    if (!page) return Response.error();
    const cache = await caches.open(PAGES);
    const saved: { href: string; title: string }[] = [];
    for (const request of [...(await cache.keys())].reverse()) {
      const kept = new URL(request.url);
      if (kept.pathname.endsWith(".data") || localeOf(kept.pathname) !== locale || kept.href === url.href) continue;
      const title = (await cache.match(request))?.headers.get(CACHED_TITLE);
      if (title) saved.push({ href: kept.pathname + kept.search, title: decodeURIComponent(title) });
      if (saved.length === 8) break;
    }
    return new Response(withSavedPages(await page.text(), build.savedPages[locale], saved), {
      status: 503,
      headers: plainHeaders(page.headers),
    });
  }

  function reloadDocument(request: Request) {
    return new Response(null, { status: 204, headers: reloadDocumentHeaders(new URL(request.url)) });
  }

  async function tellPage(clientId: string, notice: string | null) {
    if (!clientId) return;
    (await worker.clients.get(clientId))?.postMessage({ angleOffline: notice });
  }
}

/** A stored response's headers for a body the worker hands over itself (already decoded, its own length). */
function plainHeaders(source: Headers) {
  const headers = new Headers(source);
  headers.delete("content-encoding");
  headers.delete("content-length");
  return headers;
}

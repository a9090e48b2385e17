/**
 * What the service worker (./sw.ts) does with each request, as plain functions the unit tests
 * call (docs/decisions/029-offline.md). Nothing here touches the Cache API or the network.
 */

/** At most this many pages and page data kept for offline use; the oldest go first. */
export const PAGES_LIMIT = 60;
/** A kept page older than this is never shown, offline or not. */
export const PAGES_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A kept page this recent is shown at once while a fresh copy is fetched (stale-while-revalidate):
 * going back, or opening a link prefetched on hover, costs no round trip. Older, the network is
 * asked first, so an online shopper never sees prices older than this.
 */
export const FRESH_MS = 60 * 1000;
/** A kept page is shown, with the offline notice, when the network has not answered in this long. */
export const NETWORK_TIMEOUT_MS = 6 * 1000;

/** Headers the worker adds to what it keeps. */
export const CACHED_AT = "x-angle-cached-at";
export const CACHED_TITLE = "x-angle-title";

/** The notice on a page shown from the phone's copy, drawn by the worker or by the page's inline script. */
export const OFFLINE_NOTICE_ID = "offline-notice";
export const OFFLINE_NOTICE_CLASS =
  "sticky top-0 z-50 bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950 border-b border-amber-300";

export type Locale = "en" | "hi";

/**
 * The catalogue, in both languages: the home page, /products (any filter), a product, /crops, a crop,
 * and the cart page (the cart itself lives in the browser). Only these are kept for offline use.
 */
const CATALOGUE = /^(?:\/hi)?(?:\/?|\/products(?:\/[^/]+)?|\/crops(?:\/[^/]+)?|\/cart)$/;
/** Never kept, whatever a response says: the visitor's own pages, the admin and seller areas, sign-in. */
const NEVER =
  /^(?:\/hi)?\/(?:account|orders|checkout|order-confirmation|admin|vendor-login|api|logout|payments|webhooks|resources|documents)(?:\/|$)/;
/** Addresses that change the visitor's state through a GET (the language cookie). */
const STATE_CHANGE = /^(?:\/hi)?\/language$/;

export type RequestKind =
  /** a POST, PUT… : passed through; kept pages are dropped (it may sign someone in or out) */
  | "mutation"
  /** a GET that changes the visitor's state: passed through, kept pages dropped */
  | "state-change"
  /** a hashed build file: cache first */
  | "asset"
  /** React Router's route discovery (/__manifest) */
  | "route-manifest"
  /** a catalogue page or its data: kept, served stale-while-revalidate, shown offline */
  | "catalogue-page"
  | "catalogue-data"
  /** any other page or page data: network only, the offline page (or a page load) when there is none */
  | "page"
  | "data"
  /** everything else (images, fonts, resource routes, other sites): left to the browser */
  | "other";

/** The page a `.data` address is for: /products/x.data?_routes=… → /products/x; /_.data → /. */
export function pageOfData(url: URL): URL {
  const page = new URL(url);
  page.pathname = page.pathname.replace(/\.data$/, "").replace(/\/_$/, "/");
  page.searchParams.delete("_routes");
  return page;
}

/** A page address worth keeping: a catalogue page, with no sign-in dialog and not a cart with a query. */
function keepable(url: URL) {
  if (!CATALOGUE.test(url.pathname) || NEVER.test(url.pathname)) return false;
  if (url.searchParams.has("auth")) return false;
  if (/^(?:\/hi)?\/cart$/.test(url.pathname) && url.search !== "") return false;
  return true;
}

/**
 * The cart page (and its data): the server draws it with the lines its cookie names (decision 046), so
 * a kept copy shows the cart as it was. Online it always comes from the network (its kept copy only
 * when the network fails or is slow), never at once as a recent catalogue page does.
 */
export function followsTheCart(url: URL): boolean {
  return /^(?:\/hi)?\/cart(?:\.data)?$/.test(url.pathname);
}

export function classify(request: { method: string; mode: string; url: string }, origin: string): RequestKind {
  const url = new URL(request.url);
  if (url.origin !== origin) return "other";
  if (request.method !== "GET") return "mutation";
  const path = url.pathname;
  if (STATE_CHANGE.test(path)) return "state-change";
  if (path.startsWith("/assets/")) return "asset";
  if (/^(?:\/hi)?\/__manifest$/.test(path)) return "route-manifest";
  if (path.endsWith(".data")) {
    const page = pageOfData(url);
    // Resource routes (the cart's price check, the delivery check) are fetchers, not pages: a page
    // load in their place would loop. Their failures are the page's to handle.
    if (/^(?:\/hi)?\/resources\//.test(page.pathname)) return "other";
    return keepable(page) ? "catalogue-data" : "data";
  }
  if (request.mode === "navigate") return keepable(url) ? "catalogue-page" : "page";
  return "other";
}

/** At most this many addresses a page reports as seen before the worker took control. */
export const SEEN_LIMIT = 24;

/**
 * The catalogue pages and page data a page reports it loaded before the worker took control (its
 * inline script, offline-head.server.ts: the documents of the tab's first seconds and the data its
 * links fetched), as the worker's message has them: only this site's catalogue, each once, at most
 * SEEN_LIMIT. Anything else in the message is ignored.
 */
export function seenBeforeControl(message: unknown, origin: string): string[] {
  const seen = (message as { angleSeen?: unknown } | null)?.angleSeen;
  if (!Array.isArray(seen)) return [];
  const keys = new Set<string>();
  for (const address of seen.slice(-SEEN_LIMIT * 2)) {
    if (typeof address !== "string" || address.length > 2000) continue;
    let url: URL;
    try {
      url = new URL(address, origin);
    } catch {
      continue;
    }
    url.hash = "";
    const kind = classify({ method: "GET", mode: url.pathname.endsWith(".data") ? "cors" : "navigate", url: url.href }, origin);
    if (kind === "catalogue-page" || kind === "catalogue-data") keys.add(cacheKey(url.href));
  }
  return [...keys].slice(-SEEN_LIMIT);
}

/** Where a page is kept: its address without the home-screen app's ?source=pwa. */
export function cacheKey(url: string): string {
  const key = new URL(url);
  key.searchParams.delete("source");
  return key.href;
}

/** Whether a response may be kept: a whole 200 from us that nobody marked private (a signed-in page is `private, no-store`). */
export function isKeepable(response: { status: number; type: string; headers: Headers }): boolean {
  if (response.status !== 200 || response.type !== "basic") return false;
  if (isPrivate(response)) return false;
  const type = response.headers.get("content-type") ?? "";
  return type.startsWith("text/html") || type.startsWith("text/x-script");
}

/** A catalogue page answered privately: the visitor is signed in (request-policy.server.ts). */
export function isPrivate(response: { headers: Headers }): boolean {
  return /(?:^|,)\s*(?:private|no-store)\b/i.test(response.headers.get("cache-control") ?? "");
}

/** Whether a kept copy is still to be shown at all, and whether it is recent enough to show at once. */
export function ageOf(headers: Headers, now: number): number {
  const at = Number(headers.get(CACHED_AT));
  return Number.isFinite(at) && at > 0 ? now - at : Number.POSITIVE_INFINITY;
}

/** The keys to delete so that at most `limit` remain, oldest first (the Cache API lists in order of writing). */
export function overLimit<T>(keys: readonly T[], limit = PAGES_LIMIT): T[] {
  return keys.length > limit ? keys.slice(0, keys.length - limit) : [];
}

/** This build's caches are kept; any other version's Angle caches go when this one takes over. */
export function cachesToDelete(names: readonly string[], keep: readonly string[]): string[] {
  return names.filter((name) => name.startsWith("angle-") && !keep.includes(name));
}

export function localeOf(pathname: string): Locale {
  return pathname === "/hi" || pathname.startsWith("/hi/") ? "hi" : "en";
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** The notice's markup: the same element the page's inline script draws for data shown from the phone. */
export function noticeMarkup(text: string): string {
  return `<p id="${OFFLINE_NOTICE_ID}" role="status" class="${OFFLINE_NOTICE_CLASS}">${escapeHtml(text)}</p>`;
}

/** A kept page with the offline notice first in its <body> (React's hydration skips an element it did not draw there). */
export function withNotice(html: string, text: string): string {
  if (html.includes(`<p id="${OFFLINE_NOTICE_ID}"`)) return html;
  const body = /<body\b[^>]*>/i.exec(html);
  if (!body) return html;
  const at = body.index + body[0].length;
  return html.slice(0, at) + noticeMarkup(text) + html.slice(at);
}

/** A page's title as its <title> says, as plain text (for the offline page's list of kept pages). */
export function titleOf(html: string): string | null {
  const match = /<title>([^<]{1,200})<\/title>/i.exec(html);
  if (!match?.[1]) return null;
  return match[1]
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .trim();
}

export const SAVED_PAGES_SLOT = "<!--saved-pages-->";

/** The offline page with links to the pages kept for offline use (most recent first). */
export function withSavedPages(html: string, heading: string, pages: { href: string; title: string }[]): string {
  if (pages.length === 0) return html.replace(SAVED_PAGES_SLOT, "");
  const items = pages
    .map(
      (p) =>
        `<li><a class="block rounded-lg border border-stone-200 bg-white px-4 py-3 font-medium text-brand-800 hover:bg-brand-50" href="${escapeHtml(p.href)}">${escapeHtml(p.title)}</a></li>`,
    )
    .join("");
  return html.replace(
    SAVED_PAGES_SLOT,
    `<h2 class="mt-8 text-lg font-bold text-stone-900">${escapeHtml(heading)}</h2><ul class="mt-3 w-full space-y-2 text-left">${items}</ul>`,
  );
}

/**
 * The answer to a page's data request that cannot be had: React Router loads the page itself
 * instead (single fetch's redirect with X-Remix-Reload-Document), which the worker answers with the
 * kept page or the offline page. Never for fetchers (see classify).
 */
export function reloadDocumentHeaders(dataUrl: URL): Record<string, string> {
  // The page's whole address: React Router reads a path as relative to the page's basename, and a
  // Hindi page's is /hi, so "/hi/about" would become /hi/hi/about (a 404 once back online).
  const page = pageOfData(dataUrl);
  return { "X-Remix-Redirect": page.href, "X-Remix-Status": "302", "X-Remix-Reload-Document": "true" };
}

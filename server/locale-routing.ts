// The language of a request, before React Router sees it (docs/decisions/026-hindi.md). A Hindi page
// is its English path under /hi: the prefix is taken off here and the language handed on in a header
// we set ourselves; React Router then serves the one set of routes, and the page is rendered with
// /hi as its basename so its links stay in Hindi. Shared by the production server (server/app.ts)
// and the development server (vite.config.ts).
import {
  cookieLocale,
  delocalizePath,
  hasHindiTwin,
  HINDI_PREFIX,
  LOCALE_HEADER,
  type Locale,
  localizePath,
  preferredLocale,
} from "../app/platform/i18n/locale.ts";
import { safeReturnPath } from "../app/platform/http/safe-return-path.ts";

export type LocaleRouting = { redirect: string } | { locale: Locale; path: string };

type RequestFacts = {
  method: string;
  path: string; // with the query string
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
  secFetchMode: string | null | undefined;
  accept: string | null | undefined;
};

/** A browser opening a page (not a data fetch, a script, a form post). */
function isPageVisit({ method, path, secFetchMode, accept }: RequestFacts) {
  if (method !== "GET" && method !== "HEAD") return false;
  const pathname = path.split("?")[0] ?? "/";
  if (pathname.endsWith(".data") || /\.[a-z0-9]{2,5}$/i.test(pathname)) return false;
  if (secFetchMode) return secFetchMode === "navigate";
  return (accept ?? "").includes("text/html");
}

/**
 * A redirect to `location` when it is a path on this site, else the request served as it is: a path
 * such as "//host/" (or "/hi//host/", once its prefix is off) must never become a Location.
 */
function redirectOr(location: string, otherwise: LocaleRouting): LocaleRouting {
  const safe = safeReturnPath(location, "");
  return safe ? { redirect: safe } : otherwise;
}

export function routeLocale(facts: RequestFacts): LocaleRouting {
  const { locale, path } = delocalizePath(facts.path);
  const pathname = path.split("?")[0] ?? "/";
  if (locale === "hi") {
    // The admin panel, files and the switch itself have one language: a Hindi address for one opens it.
    if (!hasHindiTwin(pathname) && isPageVisit(facts)) return redirectOr(path, { locale, path });
    if (pathname === "/__manifest") return { locale, path: manifestInEnglish(path) };
    return { locale, path };
  }
  // An English address opened by someone who chose Hindi, or whose browser asks for it first (on
  // the first visit, before any choice), opens the Hindi page.
  if (hasHindiTwin(pathname) && isPageVisit(facts)) {
    const wanted = cookieLocale(facts.cookie) ?? preferredLocale(facts.acceptLanguage);
    if (wanted === "hi") return redirectOr(localizePath(path, "hi"), { locale: "en", path });
  }
  return { locale: "en", path };
}

/**
 * A Hindi page's browser asks React Router which routes its links lead to with the paths as it
 * sees them, /hi included ("/hi/account/auth"); the routes know them without it. Otherwise every
 * path would match the not-found route, and a form or link to a route not loaded yet would fail.
 */
function manifestInEnglish(path: string): string {
  const url = new URL(path, "http://x");
  const paths = url.searchParams.get("paths");
  if (paths === null) return path;
  const english = [...new Set(paths.split(",").map((p) => delocalizePath(p).path))];
  url.searchParams.set("paths", english.join(","));
  return url.pathname + url.search;
}

/**
 * A redirect answered to a Hindi page's request keeps the visitor in Hindi: React Router's own
 * redirects name English paths ("/cart"), which the browser would follow out of the language.
 */
export function localizeLocation(location: string | null, locale: Locale): string | null {
  if (!location || locale !== "hi" || !location.startsWith("/") || location.startsWith("//")) return location;
  if (location === HINDI_PREFIX || location.startsWith(`${HINDI_PREFIX}/`) || location.startsWith(`${HINDI_PREFIX}?`)) return location;
  return localizePath(location, "hi");
}

/** A copy of the request for React Router: without /hi, with the language header ours alone. */
export function requestInLocale(request: Request, locale: Locale, path: string): Request {
  const url = new URL(request.url);
  const target = new URL(path, url);
  const headers = new Headers(request.headers);
  headers.set(LOCALE_HEADER, locale);
  if (target.pathname === url.pathname && target.search === url.search) {
    request.headers.set(LOCALE_HEADER, locale);
    return request;
  }
  // Node's fetch wants `duplex` for a streamed body (not yet in the DOM's RequestInit type).
  const init = { method: request.method, headers, body: request.body, duplex: "half", signal: request.signal };
  return new Request(target, init as RequestInit);
}

import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { maintenanceMarkup, maintenanceTitle } from "~/features/storefront/ui/maintenance-page.server";
import { getSessionUser, hasSessionCookie, type SessionUser } from "~/platform/auth/session.server";
import type { GeneralSettings } from "~/features/settings/domain/settings";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { withRequestMemo } from "~/platform/request-memo.server";

/**
 * The request policy every page, `.data` request, action and resource route passes (root.tsx's
 * middleware; see docs/decisions/009-request-policy.md): maintenance mode and caching, decided once
 * for all of them rather than remembered route by route.
 */

/** An uploaded product picture's exact address (app/routes/resources/upload.ts): nothing else under /uploads. */
const UPLOAD = /^\/uploads\/[a-z0-9]{8,40}(-400)?\.webp$/;
/**
 * Open while the store is closed for maintenance: the admin panel, the health check, product
 * pictures, the gateways' webhooks and payment returns (money already taken must be recorded), and
 * ONDC's calls, which answer a closed store in the protocol's own terms (Merchant unavailable).
 */
const OPEN_DURING_MAINTENANCE = (path: string) =>
  /^\/(admin(\/|$)|healthz$|readyz$|webhooks\/|payments\/|ondc\/|ondc-site-verification\.html$)/.test(path) || UPLOAD.test(path);
/** Areas whose every response is about the visitor, signed in or not. */
const PERSONAL = /^\/(account|admin|vendor-login|orders|checkout|order-confirmation|logout|resources\/cart-quote|payments|webhooks)(\/|$)/;
/** The same bytes for everyone (uploaded product pictures, cached for a year by their own route). */
const SHARED = UPLOAD;

export const RETRY_AFTER_SECONDS = 600;

type RequestState = {
  settings: () => Promise<GeneralSettings>;
  /** The signed-in user (one session lookup per request, shared with the root loader). */
  user: () => Promise<SessionUser | null>;
  closedForMaintenance: boolean;
};

const requestStateContext = createContext<RequestState | null>(null);

/** This request's settings and user, as the policy read them (once). */
export function requestState(context: Readonly<RouterContextProvider>) {
  const state = context.get(requestStateContext);
  if (!state) throw new Error("No request state: the request policy (root.tsx's middleware) did not run for this request");
  return state;
}

/**
 * The signed-in user as the request policy read it for this request (once, shared with the
 * middleware after it and the root loader); read from the session where no policy ran, as when a
 * test calls an action with a context of its own.
 */
export function requestUser(context: Readonly<RouterContextProvider> | undefined, request: Request): Promise<SessionUser | null> {
  const state = context?.get(requestStateContext);
  return state ? state.user() : getSessionUser(request);
}

/** What a maintenance 503 carries; root.tsx's ErrorBoundary shows it as the maintenance page. */
export type MaintenanceNotice = {
  maintenance: true;
  /** The browser tab's title, in the page's language. */
  title: string;
  /** The page, as HTML (maintenance-page.server.tsx). */
  html: string;
};

/**
 * Outermost: memoises the settings and the user for everything after it (and opens the request's
 * memo, request-memo.server.ts, for the reads made anywhere in it), then marks the response.
 * Anything that depends on the session is `private, no-store`: the personal areas, every response
 * to a visitor with a session cookie (the root loader puts the user in every page and `.data`
 * answer), and any response that sets a cookie. The rest may be cached by shared caches, keyed on
 * the cookie too.
 */
const markCaching: MiddlewareFunction<Response> = (args, next) => withRequestMemo(() => markCachingOnce(args, next));

const markCachingOnce: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const signedIn = hasSessionCookie(request);
  let settings: Promise<GeneralSettings> | undefined;
  let user: Promise<SessionUser | null> | undefined;
  const state: RequestState = {
    settings: () => (settings ??= getGeneralSettings()),
    user: () => (user ??= signedIn ? getSessionUser(request) : Promise.resolve(null)),
    closedForMaintenance: false,
  };
  context.set(requestStateContext, state);

  let response = await next();
  const set = (name: string, value: string) => {
    try {
      response.headers.set(name, value);
    } catch {
      // A response with immutable headers (a fetch() result): copy it once.
      response = new Response(response.body, response);
      response.headers.set(name, value);
    }
  };
  if (state.closedForMaintenance) {
    set("Retry-After", String(RETRY_AFTER_SECONDS));
    set("Cache-Control", "no-store");
  } else if (!SHARED.test(url.pathname)) {
    if (PERSONAL.test(url.pathname) || signedIn || response.headers.has("Set-Cookie")) set("Cache-Control", "private, no-store");
    else set("Vary", [response.headers.get("Vary"), "Cookie"].filter(Boolean).join(", "));
  }
  return response;
};

/**
 * Maintenance mode: every storefront, account and vendor request (page, data or action) gets a
 * 503 before any loader or action runs, so nothing is read or written. Admins keep the whole site.
 */
const closeForMaintenance: MiddlewareFunction<Response> = async ({ request, url, context }) => {
  if (OPEN_DURING_MAINTENANCE(url.pathname)) return;
  const state = requestState(context);
  const { maintenanceMode, siteTitle } = await state.settings();
  if (!maintenanceMode) return;
  // Read without refreshing the session: a closed store writes nothing, not even a session's expiry.
  if ((await getSessionUser(request, { refresh: false }))?.role === "admin") return;
  state.closedForMaintenance = true;
  throw data<MaintenanceNotice>(
    { maintenance: true, title: maintenanceTitle(siteTitle), html: maintenanceMarkup(siteTitle) },
    { status: 503 },
  );
};

export const requestPolicy = [markCaching, closeForMaintenance];

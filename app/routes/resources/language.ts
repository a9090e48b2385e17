import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { getSessionUser } from "~/platform/auth/session.server";
import { localeCookie, rememberLocale } from "~/features/accounts/server/remembered-locale.server";
import { safeReturnPath } from "~/platform/http/safe-return-path";
import { delocalizePath, isLocale, localizePath } from "~/platform/i18n/locale";

/**
 * The page the switch was clicked on: `next`, else the Referer when it is this site (the footer is
 * drawn once per visit, so its links name no page), without its /hi.
 */
function pageToReturnTo(request: Request, url: URL) {
  const next = url.searchParams.get("next");
  if (next !== null) return safeReturnPath(next);
  const referer = request.headers.get("referer");
  if (!referer || !URL.canParse(referer)) return "/";
  const from = new URL(referer);
  if (from.origin !== url.origin) return "/";
  return safeReturnPath(delocalizePath(from.pathname).path + from.search);
}

/**
 * The header's and footer's "English | हिन्दी": /language?to=hi&next=/products?category=seeds
 * (the footer's: /language?to=hi, back to the Referer).
 * Remembers the choice (a cookie, and the account's preference when signed in), then opens the
 * same page, filters and all, in the chosen language. The cart lives in the browser and is kept.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const to = url.searchParams.get("to");
  if (!isLocale(to)) throw new Response("Choose English (to=en) or Hindi (to=hi).", { status: 400 });
  const user = await getSessionUser(request, { refresh: false });
  if (user) await rememberLocale(user.id, to);
  // Checked again once localised: "/hi//host" loses its "/hi" and would otherwise leave "//host".
  return redirect(safeReturnPath(localizePath(pageToReturnTo(request, url), to)), {
    headers: {
      "Set-Cookie": localeCookie(to),
      "Cache-Control": "no-store",
    },
  });
}

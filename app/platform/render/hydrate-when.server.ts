import type { HydrateWhen } from "./scripts-after-paint.server";

/**
 * Pages a person mostly reads and moves on from: their HTML works as it is (links, the catalogue's
 * GET forms, pack sizes as links), so their scripts wait for the person to reach for something that
 * needs them (docs/decisions/044-hydrate-on-intent.md). Every other page — forms, the cart with lines
 * (its head script asks for the scripts at once), checkout, accounts, admin and vendor areas — hydrates
 * as soon as its scripts arrive.
 */
const ON_INTENT = new Set([
  "routes/store/home",
  "routes/store/products",
  "routes/store/product",
  "routes/store/crops",
  "routes/store/crop",
  "routes/store/about",
  "routes/store/terms",
  "routes/store/privacy",
  "routes/store/refund",
  "routes/store/cart",
  "routes/store/not-found",
]);

type Page = {
  /** The id of the deepest route the page matched (React Router's: the file, without its extension). */
  leafRouteId: string | undefined;
  /** The address's query: a dialog asked for in it (?auth=…) needs its scripts at once. */
  search: string;
  /** A one-time message is shown by the scripts (sonner): they run at once. */
  toast: boolean;
  /** An error page. */
  failed: boolean;
};

export function hydrateWhen({ leafRouteId, search, toast, failed }: Page): HydrateWhen {
  if (failed || toast || !leafRouteId || !ON_INTENT.has(leafRouteId)) return "load";
  if (new URLSearchParams(search).has("auth")) return "load";
  return "intent";
}

import type { HydrateWhen } from "./scripts-after-paint.server";

/**
 * Pages a person mostly reads and moves on from: their HTML works as it is (links, the catalogue's
 * GET forms, pack sizes as links), so their scripts wait for the person to reach for something that
 * needs them (docs/decisions/044-hydrate-on-intent.md). Every other page — forms, the cart with lines
 * (its head script asks for the scripts at once), checkout unless the server drew its cart, accounts,
 * admin and vendor areas — hydrates as soon as its scripts arrive.
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

/**
 * Pages whose scripts would draw their main part from the browser's storage: they wait for intent
 * only when the server could draw it (checkout, from the cart's cookie, with the cart in its data).
 */
const ON_INTENT_WHEN_DRAWN = new Map<string, (data: unknown) => boolean>([
  ["routes/store/checkout", (data) => Boolean((data as { cart?: unknown } | null | undefined)?.cart)],
]);

type Page = {
  /** The id of the deepest route the page matched (React Router's: the file, without its extension). */
  leafRouteId: string | undefined;
  /** That route's loader data. */
  leafData?: unknown;
  /** The address's query: a dialog asked for in it (?auth=…) needs its scripts at once. */
  search: string;
  /** A one-time message is shown by the scripts (sonner): they run at once. */
  toast: boolean;
  /** An error page. */
  failed: boolean;
};

export function hydrateWhen({ leafRouteId, leafData, search, toast, failed }: Page): HydrateWhen {
  if (failed || toast || !leafRouteId) return "load";
  if (!ON_INTENT.has(leafRouteId) && !ON_INTENT_WHEN_DRAWN.get(leafRouteId)?.(leafData)) return "load";
  if (new URLSearchParams(search).has("auth")) return "load";
  return "intent";
}

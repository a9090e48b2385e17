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

/** What React Router's build says of a page's modules (its assets manifest), as far as this needs. */
type Modules = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] } | undefined>;
};

/**
 * The modules only the page's own route needs, on a page whose server-drawn form works without them
 * (checkout drawn from the cart's cookie, decision 046): they are fetched when the person first
 * reaches for the page, not with the framework after the first paint. `routeIds`: the matched
 * routes, root first. Any other page: none.
 */
export function modulesOnIntent(manifest: Modules, routeIds: readonly string[], when: HydrateWhen): Set<string> {
  const leaf = routeIds.at(-1);
  const own = leaf && when === "intent" && ON_INTENT_WHEN_DRAWN.has(leaf) ? manifest.routes[leaf] : undefined;
  if (!own) return new Set();
  const shared = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds.slice(0, -1)) {
    const route = manifest.routes[id];
    if (route) for (const href of [route.module, ...(route.imports ?? [])]) shared.add(href);
  }
  return new Set([own.module, ...(own.imports ?? [])].filter((href) => !shared.has(href)));
}

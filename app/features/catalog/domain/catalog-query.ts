import { isCategoryKey, type CategoryKey } from "./categories";
import type { CropKey, Season } from "./crops";

/** "best" (best match, issue 12) applies only with a search, and is its default order. */
export const SORT_KEYS = ["best", "name", "price-low", "price-high", "rating"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const MAX_QUERY_LENGTH = 100;
export const PAGE_SIZE = 24;
export const MAX_PAGE = 10_000;

export type CatalogQuery = {
  q: string;
  category: CategoryKey | "all";
  sort: SortKey;
  page: number;
  /** Only products for this crop (/crops/{crop}). */
  crop?: CropKey;
  /** Only products for this season or for all seasons. */
  season?: Season;
};

/**
 * Reads /products?q=&category=&sort=&page= leniently: anything unknown or malformed falls back to
 * the default instead of failing, and a very long query is cut to MAX_QUERY_LENGTH.
 */
export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
  // Control characters (NUL above all) are dropped: no product name holds one.
  const q = (params.get("q") ?? "")
    .replace(/(?![\u0080-\u009F])\p{Cc}/gu, " ") // C0 controls and DEL
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_QUERY_LENGTH)
    .trim();
  const category = params.get("category");
  const sort = params.get("sort");
  const page = Number.parseInt(params.get("page") ?? "", 10);
  // The filter form sends the search it showed (prev): a sort that was only that listing's default
  // was not chosen, so a new search gets its own default (best match) rather than "Name".
  const prev = params.get("prev");
  const chosen = prev === null || sort !== defaultSort(prev.trim());
  const known = chosen && (SORT_KEYS as readonly string[]).includes(sort ?? "") && (q !== "" || sort !== "best");
  return {
    q,
    category: isCategoryKey(category) ? category : "all",
    sort: known ? (sort as SortKey) : defaultSort(q),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** With a search, best match first; without, by name (spec §5). */
export function defaultSort(q: string): SortKey {
  return q ? "best" : "name";
}

/** The sorts a listing offers: best match only with a search. */
export function sortChoices(q: string): SortKey[] {
  return SORT_KEYS.filter((k) => k !== "best" || q !== "");
}

/** Builds the canonical query string, leaving defaults out so URLs stay short. */
export function catalogSearch(query: Partial<CatalogQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category && query.category !== "all") params.set("category", query.category);
  if (query.crop) params.set("crop", query.crop);
  if (query.season) params.set("season", query.season);
  if (query.sort && query.sort !== defaultSort(query.q ?? "")) params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

import { isCategoryKey, type CategoryKey } from "./categories";

export const SORT_KEYS = ["name", "price-low", "price-high", "rating"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const SORT_LABELS: Record<SortKey, string> = {
  name: "Name",
  "price-low": "Price: Low to High",
  "price-high": "Price: High to Low",
  rating: "Rating",
};

export const MAX_QUERY_LENGTH = 100;
export const PAGE_SIZE = 24;
export const MAX_PAGE = 10_000;

export type CatalogQuery = { q: string; category: CategoryKey | "all"; sort: SortKey; page: number };

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
  return {
    q,
    category: isCategoryKey(category) ? category : "all",
    sort: (SORT_KEYS as readonly string[]).includes(sort ?? "") ? (sort as SortKey) : "name",
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** Builds the canonical query string, leaving defaults out so URLs stay short. */
export function catalogSearch(query: Partial<CatalogQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category && query.category !== "all") params.set("category", query.category);
  if (query.sort && query.sort !== "name") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

import type { SortKey } from "~/features/catalog/domain/catalog-query";
import { m } from "~/platform/i18n/i18n.server";

/** The catalogue's words that loaders work out, in the language of the page being made. */

const SORTS: Record<SortKey, () => string> = {
  best: m.store_sort_best,
  name: m.store_sort_name,
  "price-low": m.store_sort_price_low,
  "price-high": m.store_sort_price_high,
  rating: m.store_sort_rating,
};

/** "Price: Low to High". */
export const sortLabel = (key: SortKey) => SORTS[key]();

/** Spec §5: "Showing X of Y products", X and Y counting products, with the page when there are several. */
export function showingCount(matching: number, total: number, page: number, pageCount: number): string {
  const counts = { matching: matching.toLocaleString("en-IN"), total: total.toLocaleString("en-IN") };
  const showing = m.store_showing_count(counts);
  return pageCount > 1 ? `${showing}${m.store_showing_page({ page, pageCount })}` : showing;
}

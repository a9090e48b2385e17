import Star from "lucide-react/icons/star";
import { groupIndian } from "~/platform/core/money";
import type { useT } from "~/platform/i18n/i18n";

/**
 * A product's rating and review count; a product nobody has reviewed says so rather than "0.0".
 * `t`: `useT()` in the browser, `serverT` in HTML made on the server.
 */
export function Rating({ rating, reviews, t }: { rating: number; reviews: number; t: ReturnType<typeof useT> }) {
  if (reviews <= 0) {
    return (
      <p className="flex items-center gap-x-1 text-sm text-stone-600">
        <Star className="h-4 w-4 shrink-0 text-stone-400" aria-hidden="true" />
        {t("ui_store_no_reviews_yet")}
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-x-1 text-sm text-stone-600">
      <Star className="h-4 w-4 shrink-0 fill-amber-400 text-amber-500" aria-hidden="true" />
      <span className="shrink-0 font-semibold text-stone-800">{rating.toFixed(1)}</span>
      <span className="whitespace-nowrap">
        {t(reviews === 1 ? "ui_store_review_count_one" : "ui_store_review_count_other", { count: groupIndian(reviews) })}
      </span>
      <span className="sr-only">{t("ui_store_rated", { rating: rating.toFixed(1) })}</span>
    </p>
  );
}

import { formatDate } from "~/platform/core/dates";
import { type Page, pageHref } from "~/platform/core/pagination";
import type { Rating } from "~/features/reviews/domain/reviews";
import { currentLocale, m } from "~/platform/i18n/i18n.server";
import { writtenLanguage } from "~/platform/i18n/devanagari";
import { localHref } from "~/platform/http/local-href.server";
import { staticMarkup } from "~/platform/render/static-markup.server";
import type { ReviewView } from "~/features/reviews/server/list-product-reviews.server";

export type ProductReviewsView = {
  productId: string;
  rating: number;
  count: number;
  breakdown: { rating: Rating; count: number }[];
  page: Page<ReviewView>;
  /** The page's query string (size, calculator), kept by the paging links. */
  search: string;
};

/**
 * The product page's reviews as HTML made by its loader (docs/decisions/007-first-load-budget.md):
 * the summary, the 5-to-1 breakdown and a page of reviews with plain links to newer and older
 * ones, so they cost the page no JavaScript and page without it. React escapes every review's text.
 */
export function reviewsMarkup(view: ProductReviewsView): string {
  return staticMarkup(<Reviews {...view} />);
}

function Reviews({ productId, rating, count, breakdown, page, search }: ProductReviewsView) {
  const link = (cursor: string, direction: "next" | "prev") =>
    localHref(`/products/${productId}${pageHref(search, cursor, direction, "reviews")}#reviews`);
  const end = page.start + page.rows.length - 1;
  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      className="lazy-render mt-10 scroll-mt-32 border-t border-stone-200 pt-8 [--lazy-render-height:1000px] md:[--lazy-render-height:800px]"
    >
      <h2 id="reviews-heading" className="text-xl font-bold text-stone-900">
        {m.store_customer_reviews()}
      </h2>
      {page.total === 0 ? (
        <p className="mt-2 text-stone-600" data-testid="no-reviews">
          {m.store_no_reviews_text()}
        </p>
      ) : (
        <div className="mt-4 grid gap-8 md:grid-cols-[16rem_1fr]">
          <Summary rating={rating} count={count} breakdown={breakdown} />
          <div>
            <p className="text-sm text-stone-600" data-testid="reviews-shown">
              {(page.total === 1 ? m.store_reviews_shown_one : m.store_reviews_shown_other)({
                start: page.start,
                end,
                total: page.total.toLocaleString("en-IN"),
              })}
            </p>
            <ol className="mt-3 divide-y divide-stone-200" data-testid="reviews">
              {page.rows.map((review) => (
                <li key={review.id} className="py-4">
                  <ReviewItem review={review} />
                </li>
              ))}
            </ol>
            {page.prevCursor || page.nextCursor ? (
              <nav aria-label={m.store_review_pages()} className="mt-4 flex flex-wrap gap-3">
                {page.prevCursor ? (
                  <a
                    href={link(page.prevCursor, "prev")}
                    data-discover="true"
                    className="rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold"
                  >
                    {m.store_newer_reviews()}
                  </a>
                ) : null}
                {page.nextCursor ? (
                  <a
                    href={link(page.nextCursor, "next")}
                    data-discover="true"
                    className="rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold"
                  >
                    {m.store_older_reviews()}
                  </a>
                ) : null}
              </nav>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}

function Summary({ rating, count, breakdown }: Pick<ProductReviewsView, "rating" | "count" | "breakdown">) {
  return (
    <div data-testid="rating-summary">
      <p className="flex items-baseline gap-2">
        <span className="text-4xl font-extrabold text-stone-900">{rating.toFixed(1)}</span>
        <span className="text-stone-600">{m.store_out_of_5()}</span>
      </p>
      <Stars rating={Math.round(rating)} className="text-xl" label={false} />
      <p className="mt-1 text-sm text-stone-600">
        {(count === 1 ? m.store_based_on_one : m.store_based_on_other)({ count: count.toLocaleString("en-IN") })}
      </p>
      <ul className="mt-3 space-y-1 text-sm" aria-label={m.store_reviews_by_rating()}>
        {breakdown.map((b) => (
          <li key={b.rating} className="flex items-center gap-2">
            <span className="w-14 shrink-0 text-stone-700">{b.rating === 1 ? m.store_one_star() : m.store_stars({ count: b.rating })}</span>
            <span className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
              <span className="block h-full rounded-full bg-amber-400" style={{ width: `${Math.round((b.count / count) * 100)}%` }} />
            </span>
            <span className="w-10 shrink-0 text-right text-stone-700">{b.count.toLocaleString("en-IN")}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReviewItem({ review }: { review: ReviewView }) {
  return (
    <article>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <span className="font-semibold text-stone-900">{review.authorName}</span>
        {review.verified ? (
          <span className="rounded bg-brand-100 px-1.5 py-0.5 text-xs font-semibold text-brand-900">{m.store_verified_purchase()}</span>
        ) : (
          <span className="rounded bg-stone-100 px-1.5 py-0.5 text-xs font-semibold text-stone-700">{m.store_sample_review()}</span>
        )}
      </div>
      <p className="mt-0.5 text-sm text-stone-600">
        <time dateTime={review.createdAt}>{formatDate(review.createdAt, currentLocale())}</time>
      </p>
      {/* A review is shown in the language it was written in, marked as such. */}
      <p lang={writtenLanguage(review.body)} className="mt-2 whitespace-pre-line leading-relaxed text-stone-800 [overflow-wrap:anywhere]">
        {review.body}
      </p>
    </article>
  );
}

/**
 * Five stars, the first `rating` filled (★) and the rest outlined (☆), so they differ in shape, not
 * only colour: text, not icons (cheap HTML), dark enough to read (4.5:1), with words for screen
 * readers unless the caller already says the rating.
 */
function Stars({ rating, className = "", label = true }: { rating: number; className?: string; label?: boolean }) {
  return (
    <span className={`tracking-wide text-amber-700 ${className}`}>
      <span aria-hidden="true">{"★".repeat(rating) + "☆".repeat(5 - rating)}</span>
      {label ? <span className="sr-only">{m.ui_store_rated({ rating })}</span> : null}
    </span>
  );
}

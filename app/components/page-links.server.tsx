import { staticMarkup } from "~/lib/static-markup.server";

/**
 * A listing's Previous / Next, as HTML made by its loader (`StaticHtml` shows it): plain links
 * marked for React Router's route discovery, so paging works without JavaScript.
 */
/** Null for a single page. */
export function pageLinksMarkup(page: number, pageCount: number, previous: string, next: string): string | null {
  if (pageCount <= 1) return null;
  const style = "rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold";
  return staticMarkup(
    <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-3">
      {page > 1 ? (
        <a href={previous} data-discover="true" className={style}>
          ← Previous
        </a>
      ) : null}
      <span className="text-sm text-stone-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <a href={next} data-discover="true" className={style}>
          Next →
        </a>
      ) : null}
    </nav>,
  );
}

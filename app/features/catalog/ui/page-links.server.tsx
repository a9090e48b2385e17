import { m } from "~/platform/i18n/i18n.server";
import { localHref } from "~/platform/http/local-href.server";
import { staticMarkup } from "~/platform/render/static-markup.server";

/**
 * A listing's Previous / Next, as HTML made by its loader (`StaticHtml` shows it): plain links
 * marked for React Router's route discovery, so paging works without JavaScript.
 */
/** Null for a single page. */
export function pageLinksMarkup(page: number, pageCount: number, previous: string, next: string): string | null {
  if (pageCount <= 1) return null;
  // At least 44 px tall: a tap target on a phone (issue 29).
  const style = "inline-flex min-h-11 items-center rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold";
  return staticMarkup(
    <nav aria-label={m.store_pages()} className="mt-8 flex flex-wrap items-center justify-center gap-3">
      {page > 1 ? (
        <a href={localHref(previous)} data-discover="true" className={style}>
          {m.store_previous()}
        </a>
      ) : null}
      <span className="text-sm text-stone-600">{m.store_page_of({ page, pageCount })}</span>
      {page < pageCount ? (
        <a href={localHref(next)} data-discover="true" className={style}>
          {m.store_next()}
        </a>
      ) : null}
    </nav>,
  );
}

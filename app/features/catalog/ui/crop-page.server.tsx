import SearchX from "lucide-react/icons/search-x";
import type { CropKey } from "~/features/catalog/domain/crops";
import { cropLabelIn } from "~/features/catalog/server/catalog-labels.server";
import { m } from "~/platform/i18n/i18n.server";
import { localHref } from "~/platform/http/local-href.server";
import { staticMarkup } from "~/platform/render/static-markup.server";

/**
 * The crop page's fixed parts as HTML made by its loader (`StaticHtml` shows them; see
 * docs/decisions/007-first-load-budget.md): breadcrumb and heading, the empty state and the "not found"
 * page. Links are plain <a>s marked for React Router's route discovery.
 */

export function cropHeadingMarkup(crop: { key: CropKey; emoji: string }): string {
  const label = cropLabelIn(crop.key);
  return staticMarkup(
    <>
      <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
        <a href={localHref("/crops")} data-discover="true" className="font-medium text-brand-700 hover:underline">
          {m.store_shop_by_crop()}
        </a>{" "}
        <span aria-hidden="true">›</span> {label}
      </nav>
      <h1 className="mt-2 text-2xl font-bold text-stone-900 sm:text-3xl">
        <span aria-hidden="true">{crop.emoji}</span> {m.store_crop_heading({ crop: label })}
      </h1>
    </>,
  );
}

/** "No products found", with a way back to the crop's unfiltered listing. */
export function cropEmptyMarkup(clearTo: string): string {
  return staticMarkup(
    <div className="mt-10 flex flex-col items-center rounded-xl border border-dashed border-stone-300 bg-white px-4 py-16 text-center">
      <SearchX className="h-12 w-12 text-stone-400" aria-hidden="true" />
      <h2 className="mt-4 text-xl font-semibold text-stone-900">{m.store_no_products_found()}</h2>
      <p className="mt-1 text-stone-600">{m.store_no_products_hint()}</p>
      <a href={localHref(clearTo)} data-discover="true" className="mt-5 font-semibold text-brand-700 underline">
        {m.store_clear_filters()}
      </a>
    </div>,
  );
}

/** An unknown crop: the 404's body, thrown by the loader and shown by the route's error boundary. */
export function cropNotFoundMarkup(): string {
  return staticMarkup(
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl" aria-hidden="true">
        🌾
      </p>
      <h1 className="mt-4 text-2xl font-bold text-stone-900">{m.store_crop_not_found()}</h1>
      <p className="mt-2 text-stone-600">{m.store_crop_not_found_text()}</p>
      <a
        href={localHref("/crops")}
        data-discover="true"
        className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        {m.store_see_all_crops()}
      </a>
    </div>,
  );
}

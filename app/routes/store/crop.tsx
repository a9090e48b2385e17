import { data, Form, isRouteErrorResponse, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/crop";
import { cropEmptyMarkup, cropHeadingMarkup, cropNotFoundMarkup } from "~/features/catalog/ui/crop-page.server";
import { pageLinksMarkup } from "~/features/catalog/ui/page-links.server";
import { ProductCard } from "~/features/catalog/ui/product-card";
import { StaticHtml } from "~/ui/static-html";
import { CATEGORY_KEYS } from "~/features/catalog/domain/categories";
import { catalogSearch, sortChoices, type CatalogQuery } from "~/features/catalog/domain/catalog-query";
// catalog-query and crops stay in the loader: imported by the component too, catalog-query would
// move from /products' script to the "catalog" chunk that the home and product pages load
// (vite.config.ts), and the crop list would be script on every crop page.
import { parseCropQuery } from "~/features/catalog/domain/crop-query";
import { CROPS, SEASONS } from "~/features/catalog/domain/crops";
import { findProducts } from "~/features/catalog/server/find-products.server";
import { showingCount, sortLabel } from "~/features/catalog/server/catalog-text.server";
import { categoryLabelIn, cropLabelIn, seasonLabelIn } from "~/features/catalog/server/catalog-labels.server";
import { m } from "~/platform/i18n/i18n.server";
import { useT } from "~/platform/i18n/i18n";

export const meta: Route.MetaFunction = ({ loaderData: data, error }) =>
  data
    ? [{ title: data.title }, { name: "description", content: data.description }]
    : [{ title: notFound(error)?.title ?? "Crop not found · Angle" }];

/** An unknown crop's 404: its tab title and its body (the "not found" page's markup), in the page's language. */
type NotFound = { title: string; html: string };
const notFound = (error: unknown): NotFound | undefined =>
  isRouteErrorResponse(error) && error.status === 404 && typeof error.data?.html === "string" ? (error.data as NotFound) : undefined;

export async function loader({ request, params }: Route.LoaderArgs) {
  const crop = CROPS.find((c) => c.key === params.crop);
  // The body of the 404 is the "not found" page's markup, shown by the error boundary.
  if (!crop) throw data({ title: m.store_crop_not_found_title(), html: cropNotFoundMarkup() } satisfies NotFound, { status: 404 });
  const query = parseCropQuery(new URL(request.url).searchParams, crop.key);
  const { products, matching, total, page, pageCount } = await findProducts(query);
  const shown = { ...query, page };
  const label = cropLabelIn(crop.key);
  // Everything but the form's choices and the cards is text or HTML made here, so the page's script
  // carries no labels, number formats or fixed markup (docs/decisions/007-first-load-budget.md).
  return {
    path: `/crops/${crop.key}`,
    title: m.store_crop_title({ crop: label }),
    description: m.store_crop_description({ crop: label.toLowerCase() }),
    query: shown,
    heading: cropHeadingMarkup(crop),
    categories: CATEGORY_KEYS.map((key) => ({ key, label: categoryLabelIn(key) })),
    sorts: sortChoices("").map((key) => ({ key, label: sortLabel(key) })),
    // "All year" is not a choice: a product for all seasons matches every season.
    seasons: SEASONS.filter((s) => s !== "all").map((key) => ({ key, label: seasonLabelIn(key) })),
    products,
    // Spec §5: X and Y count products.
    count: showingCount(matching, total, page, pageCount),
    empty: products.length === 0 ? cropEmptyMarkup(`/crops/${crop.key}`) : null,
    pages: pageLinksMarkup(page, pageCount, cropHref({ ...shown, page: page - 1 }), cropHref({ ...shown, page: page + 1 })),
  };
}

/** The crop's path with the listing's filters; the crop itself is in the path, not the query. */
const cropHref = (query: CatalogQuery) => `/crops/${query.crop}${catalogSearch({ ...query, crop: undefined })}`;

const selectStyle = "h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-[15px] sm:w-48";

export default function Crop({ loaderData }: Route.ComponentProps) {
  const { path, query, heading, categories, sorts, seasons, products, count, empty, pages } = loaderData;
  const submit = useSubmit();
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === path;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <StaticHtml html={heading} />

      {/* A plain GET form: filtering works without JavaScript; with it, a changed select applies at once. */}
      <Form
        method="get"
        className="mt-5 grid gap-3 rounded-xl border border-stone-200 bg-white p-3 sm:grid-cols-[auto_auto_auto_auto] sm:items-end sm:justify-start sm:p-4"
        onChange={(event) => {
          const target = event.target as HTMLElement;
          if (target.tagName === "SELECT") submit(event.currentTarget, { preventScrollReset: true });
        }}
      >
        <div>
          <label htmlFor="crop-category" className="mb-1 block text-sm font-medium text-stone-700">
            {t("ui_store_category")}
          </label>
          <select id="crop-category" name="category" defaultValue={query.category} key={`c-${query.category}`} className={selectStyle}>
            <option value="all">{t("ui_store_all_categories")}</option>
            {categories.map((category) => (
              <option key={category.key} value={category.key}>
                {category.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="crop-season" className="mb-1 block text-sm font-medium text-stone-700">
            {t("ui_store_season")}
          </label>
          <select id="crop-season" name="season" defaultValue={query.season ?? ""} key={`z-${query.season ?? ""}`} className={selectStyle}>
            <option value="">{t("ui_store_any_season")}</option>
            {seasons.map((season) => (
              <option key={season.key} value={season.key}>
                {season.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="crop-sort" className="mb-1 block text-sm font-medium text-stone-700">
            {t("ui_store_sort_by")}
          </label>
          <select id="crop-sort" name="sort" defaultValue={query.sort} key={`s-${query.sort}`} className={selectStyle}>
            {sorts.map((sort) => (
              <option key={sort.key} value={sort.key}>
                {sort.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
          {t("ui_store_apply")}
        </button>
      </Form>

      <p className="mt-5 text-sm text-stone-600" aria-live="polite" data-testid="result-count">
        {count}
      </p>
      {empty !== null ? (
        <StaticHtml html={empty} />
      ) : (
        <div className={`mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 ${busy ? "opacity-60" : ""}`}>
          {products.map((product, i) => (
            <ProductCard key={product.id} product={product} eager={i < 4} priority={i < 2} />
          ))}
        </div>
      )}
      {pages !== null ? <StaticHtml html={pages} /> : null}
    </div>
  );
}

/**
 * An unknown crop keeps the store's header and footer, with a way to the crops we list (the 404's
 * body is that page's markup, made by the loader); any other failure says so briefly.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const missing = notFound(error);
  if (missing) return <StaticHtml html={missing.html} />;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{t("ui_store_something_wrong")}</h1>
      <p className="mt-2 text-stone-600">{t("ui_store_crop_load_failed")}</p>
    </div>
  );
}

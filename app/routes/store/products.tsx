import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/products";
import { noResultsMarkup } from "~/features/catalog/ui/no-results.server";
import { pageLinksMarkup } from "~/features/catalog/ui/page-links.server";
import { ProductCard } from "~/features/catalog/ui/product-card";
import { StaticHtml } from "~/ui/static-html";
import { CATEGORY_KEYS } from "~/features/catalog/domain/categories";
import { catalogSearch, MAX_QUERY_LENGTH, parseCatalogQuery, sortChoices } from "~/features/catalog/domain/catalog-query";
import { findProducts } from "~/features/catalog/server/find-products.server";
import { sortLabel, showingCount } from "~/features/catalog/server/catalog-text.server";
import { categoryLabelIn } from "~/features/catalog/server/catalog-labels.server";
import { m } from "~/platform/i18n/i18n.server";
import { useT } from "~/platform/i18n/i18n";

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data ? [{ title: data.title }, { name: "description", content: data.description }] : [{ title: "All products · Angle" }];

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseCatalogQuery(new URL(request.url).searchParams);
  const result = await findProducts(query);
  const { products, matching, total, page, pageCount } = result;
  const at = (n: number) => `/products${catalogSearch({ ...query, page: n })}`;
  const label = query.category === "all" ? m.store_all_products() : categoryLabelIn(query.category);
  return {
    query: { ...query, page },
    products,
    // Worked out here, so the page's script needs no labels, number formats, query encoding or
    // fixed markup (docs/decisions/007-first-load-budget.md).
    title: query.q ? m.store_search_title({ q: query.q }) : m.store_page_title({ page: label }),
    description: m.store_products_description(),
    heading: query.q ? m.store_results_for({ q: query.q }) : label,
    categories: CATEGORY_KEYS.map((value) => ({ value, label: categoryLabelIn(value) })),
    sorts: sortChoices(query.q).map((value) => ({ value, label: sortLabel(value) })),
    // Spec §5: X and Y count products.
    count: showingCount(matching, total, page, pageCount),
    pages: pageLinksMarkup(page, pageCount, at(page - 1), at(page + 1)),
    // A kind of product no product on sale is called: say so, and offer the nearest alternatives.
    notSold: result.notSold && {
      text: m.store_not_sold({ item: result.notSold.item }),
      offer: m.store_not_sold_alternatives(),
      alternatives: result.products.length === 0 ? result.notSold.alternatives : [],
      more:
        result.notSold.category === null
          ? null
          : {
              href: `/products${catalogSearch({ category: result.notSold.category })}`,
              label: m.store_not_sold_more({ category: categoryLabelIn(result.notSold.category) }),
            },
    },
    empty:
      result.products.length === 0 && !result.notSold?.alternatives.length
        ? noResultsMarkup(
            result.suggestions.map(({ search, label }) => ({ name: label, href: `/products${catalogSearch({ q: search })}` })),
          )
        : null,
  };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { query, products, heading, categories, sorts, count, pages, empty, notSold } = loaderData;
  const submit = useSubmit();
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/products";

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{heading}</h1>

      <Form
        method="get"
        className="mt-5 grid gap-3 rounded-xl border border-stone-200 bg-white p-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end sm:p-4"
        onChange={(event) => {
          const target = event.target as HTMLElement;
          if (target.tagName === "SELECT") submit(event.currentTarget, { preventScrollReset: true });
        }}
      >
        <div>
          <label htmlFor="catalog-q" className="mb-1 block text-sm font-medium text-stone-700">
            {t("ui_store_search")}
          </label>
          <input
            id="catalog-q"
            key={query.q}
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={MAX_QUERY_LENGTH}
            placeholder={t("ui_store_search_by_name")}
            className="h-11 w-full rounded-lg border border-stone-300 px-3 text-[15px] focus:border-brand-600 focus:outline-none"
          />
        </div>
        <div>
          <label htmlFor="catalog-category" className="mb-1 block text-sm font-medium text-stone-700">
            {t("ui_store_category")}
          </label>
          <select
            id="catalog-category"
            name="category"
            defaultValue={query.category}
            key={`c-${query.category}`}
            className="h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-[15px] sm:w-48"
          >
            <option value="all">{t("ui_store_all_categories")}</option>
            {categories.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="catalog-sort" className="mb-1 block text-sm font-medium text-stone-700">
            {t("ui_store_sort_by")}
          </label>
          <select
            id="catalog-sort"
            name="sort"
            defaultValue={query.sort}
            key={`s-${query.sort}`}
            className="h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-[15px] sm:w-48"
          >
            {sorts.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </div>
        {/* The search this listing shows: its default sort does not stick to a new search (catalog-query.ts). */}
        <input type="hidden" name="prev" value={query.q} />
        <button type="submit" className="h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
          {t("ui_store_apply")}
        </button>
      </Form>

      <p className="mt-5 text-sm text-stone-600" aria-live="polite" data-testid="result-count">
        {count}
      </p>

      {notSold ? (
        <div role="status" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3" data-testid="not-sold">
          <p className="font-semibold text-stone-900">{notSold.text}</p>
          <p className="mt-1 text-stone-700">
            {notSold.offer}
            {notSold.more ? (
              <>
                {" "}
                <Link to={notSold.more.href} className="inline-block py-2 font-semibold text-brand-700 underline">
                  {notSold.more.label}
                </Link>
              </>
            ) : null}
          </p>
        </div>
      ) : null}

      {empty !== null ? (
        <StaticHtml html={empty} />
      ) : (
        <div className={`mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 ${busy ? "opacity-60" : ""}`}>
          {(products.length > 0 ? products : (notSold?.alternatives ?? [])).map((product, i) => (
            <ProductCard key={product.id} product={product} eager={i < 4} priority={i < 2} />
          ))}
        </div>
      )}

      {pages !== null ? <StaticHtml html={pages} /> : null}
    </div>
  );
}

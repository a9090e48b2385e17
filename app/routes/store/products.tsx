import { Form, Link, useNavigation, useSubmit } from "react-router";
import SearchX from "lucide-react/icons/search-x";
import type { Route } from "./+types/products";
import { ProductCard } from "~/components/product-card";
import { CATEGORY_KEYS, CATEGORY_LABELS } from "~/domain/categories";
import { catalogSearch, MAX_QUERY_LENGTH, parseCatalogQuery, SORT_LABELS, sortChoices } from "~/domain/catalog-query";
import { findProducts } from "~/services/catalog/find-products.server";

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  const q = data?.query.q;
  const category = data?.query.category;
  const label = category && category !== "all" ? CATEGORY_LABELS[category] : "All products";
  return [
    { title: q ? `Search: ${q} · Angle` : `${label} · Angle` },
    { name: "description", content: "Seeds, farm equipment, garden tools and fertilizers at fair prices, delivered across India." },
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseCatalogQuery(new URL(request.url).searchParams);
  const result = await findProducts(query);
  return { query: { ...query, page: result.page }, ...result };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { query, products, matching, total, page, pageCount, suggestions } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/products";

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">
        {query.q ? <>Results for “{query.q}”</> : query.category === "all" ? "All products" : CATEGORY_LABELS[query.category]}
      </h1>

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
            Search
          </label>
          <input
            id="catalog-q"
            key={query.q}
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={MAX_QUERY_LENGTH}
            placeholder="Search by name or description"
            className="h-11 w-full rounded-lg border border-stone-300 px-3 text-[15px] focus:border-brand-600 focus:outline-none"
          />
        </div>
        <div>
          <label htmlFor="catalog-category" className="mb-1 block text-sm font-medium text-stone-700">
            Category
          </label>
          <select
            id="catalog-category"
            name="category"
            defaultValue={query.category}
            key={`c-${query.category}`}
            className="h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-[15px] sm:w-48"
          >
            <option value="all">All categories</option>
            {CATEGORY_KEYS.map((k) => (
              <option key={k} value={k}>
                {CATEGORY_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="catalog-sort" className="mb-1 block text-sm font-medium text-stone-700">
            Sort by
          </label>
          <select
            id="catalog-sort"
            name="sort"
            defaultValue={query.sort}
            key={`s-${query.sort}`}
            className="h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-[15px] sm:w-48"
          >
            {sortChoices(query.q).map((k) => (
              <option key={k} value={k}>
                {SORT_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        {/* The search this listing shows: its default sort does not stick to a new search (catalog-query.ts). */}
        <input type="hidden" name="prev" value={query.q} />
        <button type="submit" className="h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
          Apply
        </button>
      </Form>

      <p className="mt-5 text-sm text-stone-600" aria-live="polite" data-testid="result-count">
        Showing {matching.toLocaleString("en-IN")} of {total.toLocaleString("en-IN")} products
        {pageCount > 1 ? ` · page ${page} of ${pageCount}` : ""}
      </p>

      {products.length === 0 ? (
        <div className="mt-10 flex flex-col items-center rounded-xl border border-dashed border-stone-300 bg-white px-4 py-16 text-center">
          <SearchX className="h-12 w-12 text-stone-400" aria-hidden="true" />
          <h2 className="mt-4 text-xl font-semibold text-stone-900">No products found</h2>
          <p className="mt-1 text-stone-600">Try adjusting your search or filter criteria</p>
          {suggestions.length > 0 ? (
            <p className="mt-4 text-stone-700" data-testid="did-you-mean">
              Did you mean:{" "}
              {suggestions.map((name, i) => (
                <span key={name}>
                  {i > 0 ? ", " : null}
                  <Link to={`/products${catalogSearch({ q: name })}`} className="font-semibold text-brand-700 underline">
                    {name}
                  </Link>
                </span>
              ))}
            </p>
          ) : null}
          <Link to="/products" className="mt-5 font-semibold text-brand-700 underline">
            Clear filters
          </Link>
        </div>
      ) : (
        <div className={`mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 ${busy ? "opacity-60" : ""}`}>
          {products.map((product, i) => (
            <ProductCard key={product.id} product={product} eager={i < 4} priority={i < 2} />
          ))}
        </div>
      )}

      {pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-3">
          {page > 1 ? (
            <Link
              to={`/products${catalogSearch({ ...query, page: page - 1 })}`}
              className="rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold"
            >
              ← Previous
            </Link>
          ) : null}
          <span className="text-sm text-stone-600">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link
              to={`/products${catalogSearch({ ...query, page: page + 1 })}`}
              className="rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold"
            >
              Next →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ProductCard } from "~/features/catalog/ui/product-card";
import { homeMarkup } from "~/features/catalog/ui/home-sections.server";
import { StaticHtml } from "~/ui/static-html";
import { getHomeCatalog } from "~/features/catalog/server/get-home-catalog.server";
import { storeDetails } from "~/features/settings/server/store-details.server";
import { m } from "~/platform/i18n/i18n.server";
import { useT } from "~/platform/i18n/i18n";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const store = (matches[0]?.loaderData as { store?: { siteTitle: string; siteTagline: string } } | undefined)?.store;
  const title = store?.siteTitle ?? "Angle";
  return loaderData
    ? [{ title: `${title} — ${loaderData.meta.title}` }, { name: "description", content: loaderData.meta.description }]
    : [{ title }];
};

export async function loader({ context }: Route.LoaderArgs) {
  const [{ counts, featured }, store] = await Promise.all([getHomeCatalog(), storeDetails(context)]);
  // Everything but the featured products is HTML made here (docs/decisions/007-first-load-budget.md).
  return {
    featured,
    markup: homeMarkup(counts, { hours: store.hours, shipping: store.tax.shipping }),
    meta: { title: m.store_home_title(), description: m.store_home_description() },
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, markup } = loaderData;
  const t = useT();
  return (
    <>
      <StaticHtml html={markup.top} />
      <section className="mx-auto max-w-7xl px-4 pb-12" aria-labelledby="featured-heading">
        <div className="flex items-end justify-between gap-4">
          <h2 id="featured-heading" className="text-2xl font-bold text-stone-900">
            {t("ui_store_featured_products")}
          </h2>
          <Link
            to="/products"
            prefetch="intent"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
          >
            {t("ui_store_view_all")}
          </Link>
        </div>
        <div className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {featured.map((product, i) => (
            <ProductCard key={product.id} product={product} eager={i < 2} />
          ))}
        </div>
      </section>

      <StaticHtml html={markup.bottom} />
    </>
  );
}

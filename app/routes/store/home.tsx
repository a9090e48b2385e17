import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ProductCard } from "~/components/product-card";
import { homeMarkup } from "~/components/home-sections.server";
import { StaticHtml } from "~/components/static-html";
import { getHomeCatalog } from "~/services/catalog/get-home-catalog.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const store = (matches[0]?.loaderData as { store?: { siteTitle: string; siteTagline: string } } | undefined)?.store;
  const title = store?.siteTitle ?? "Angle";
  return [
    { title: `${title} — Seeds, farm equipment, garden tools and fertilizers` },
    {
      name: "description",
      content: "Buy quality seeds and saplings, farm equipment, garden tools and fertilizers online. Delivered across India.",
    },
  ];
};

export async function loader() {
  const { counts, featured } = await getHomeCatalog();
  // Everything but the featured products is HTML made here (docs/decisions/007-first-load-budget.md).
  return { featured, markup: homeMarkup(counts) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, markup } = loaderData;
  return (
    <>
      <StaticHtml html={markup.top} />
      <section className="mx-auto max-w-7xl px-4 pb-12" aria-labelledby="featured-heading">
        <div className="flex items-end justify-between gap-4">
          <h2 id="featured-heading" className="text-2xl font-bold text-stone-900">
            Featured products
          </h2>
          <Link to="/products" className="text-sm font-semibold text-brand-700 hover:underline">
            View all →
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

import { Link } from "react-router";
import type { Route } from "./+types/crops";
import { countCropProducts } from "~/features/catalog/server/count-crop-products.server";
import { cropLabelIn } from "~/features/catalog/server/catalog-labels.server";
import { m } from "~/platform/i18n/i18n.server";

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data ? [{ title: data.title }, { name: "description", content: data.description }] : [{ title: "Shop by crop · Angle" }];

export async function loader() {
  const crops = await countCropProducts();
  return {
    title: m.store_page_title({ page: m.store_shop_by_crop() }),
    description: m.store_crops_description(),
    heading: m.store_shop_by_crop(),
    intro: m.store_crops_intro(),
    // The count's words, worked out here: the page's script carries no plural rules.
    crops: crops.map((crop) => ({
      ...crop,
      label: cropLabelIn(crop.key),
      products:
        crop.count === 1
          ? m.store_product_count_one({ count: "1" })
          : m.store_product_count_other({ count: crop.count.toLocaleString("en-IN") }),
    })),
  };
}

export default function Crops({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{loaderData.heading}</h1>
      <p className="mt-2 max-w-2xl text-stone-600">{loaderData.intro}</p>
      <ul className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="crop-list">
        {loaderData.crops.map((crop) => (
          <li key={crop.key}>
            <Link
              to={`/crops/${crop.key}`}
              prefetch="intent"
              className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm hover:border-brand-600 hover:shadow-md"
            >
              <span className="text-3xl leading-none" aria-hidden="true">
                {crop.emoji}
              </span>
              <span className="font-semibold text-stone-900">
                {crop.label}
                <span className="font-normal text-stone-600"> — {crop.products}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

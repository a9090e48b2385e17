import { Link } from "react-router";
import type { Route } from "./+types/crops";
import { countCropProducts } from "~/services/catalog/count-crop-products.server";

export const meta: Route.MetaFunction = () => [
  { title: "Shop by crop · Angle" },
  {
    name: "description",
    content:
      "Seeds, fertilisers, crop protection and tools for tomato, paddy, wheat, cotton, chilli, onion and more, delivered across India.",
  },
];

export async function loader() {
  return { crops: await countCropProducts() };
}

export default function Crops({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Shop by crop</h1>
      <p className="mt-2 max-w-2xl text-stone-600">
        Pick your crop to see the seeds, fertilisers and tools farmers use for it, season by season.
      </p>
      <ul className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="crop-list">
        {loaderData.crops.map((crop) => (
          <li key={crop.key}>
            <Link
              to={`/crops/${crop.key}`}
              className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm hover:border-brand-600 hover:shadow-md"
            >
              <span className="text-3xl leading-none" aria-hidden="true">
                {crop.emoji}
              </span>
              <span className="font-semibold text-stone-900">
                {crop.label}
                <span className="font-normal text-stone-600">
                  {" "}
                  — {crop.count.toLocaleString("en-IN")} {crop.count === 1 ? "product" : "products"}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

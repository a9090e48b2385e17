import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Page not found · Angle" }];

export function loader() {
  throw data("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl" aria-hidden="true">
        🌾
      </p>
      <h1 className="mt-4 text-2xl font-bold text-stone-900">Page not found</h1>
      <p className="mt-2 text-stone-600">We looked in every field but could not find this page. It may have moved or never existed.</p>
      <div className="mt-6 flex gap-3">
        <Link to="/" className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          Go home
        </Link>
        <Link to="/products" className="rounded-lg border border-stone-300 bg-white px-5 py-2.5 font-semibold text-stone-800">
          Browse products
        </Link>
      </div>
    </div>
  );
}

import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { useT } from "~/platform/i18n/i18n";

export const meta: Route.MetaFunction = ({ matches }) => {
  // The layout's strings: this route's loader only throws.
  const ui = (matches.find((match) => match?.id === "routes/store/layout")?.loaderData as { ui?: { ui_store_not_found_title?: string } })
    ?.ui;
  return [{ title: `${ui?.ui_store_not_found_title ?? "Page not found"} · Angle` }];
};

export function loader() {
  throw data("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-6xl" aria-hidden="true">
        🌾
      </p>
      <h1 className="mt-4 text-2xl font-bold text-stone-900">{t("ui_store_not_found_title")}</h1>
      <p className="mt-2 text-stone-600">{t("ui_store_not_found_text")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/" prefetch="intent" className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {t("ui_store_go_home")}
        </Link>
        <Link
          to="/products"
          prefetch="intent"
          className="rounded-lg border border-stone-300 bg-white px-5 py-2.5 font-semibold text-stone-800"
        >
          {t("ui_store_browse_products")}
        </Link>
      </div>
    </div>
  );
}

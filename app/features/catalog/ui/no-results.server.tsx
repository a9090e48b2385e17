import SearchX from "lucide-react/icons/search-x";
import { m } from "~/platform/i18n/i18n.server";
import { localHref } from "~/platform/http/local-href.server";
import { staticMarkup } from "~/platform/render/static-markup.server";

/**
 * The catalogue's empty state, with the names the search suggests instead, as HTML made on the
 * server (`StaticHtml` shows it). Links are plain <a>s marked for React Router's route discovery.
 */
export function noResultsMarkup(suggestions: { name: string; href: string }[]): string {
  return staticMarkup(<NoResults suggestions={suggestions} />);
}

function NoResults({ suggestions }: { suggestions: { name: string; href: string }[] }) {
  return (
    <div className="mt-10 flex flex-col items-center rounded-xl border border-dashed border-stone-300 bg-white px-4 py-16 text-center">
      <SearchX className="h-12 w-12 text-stone-400" aria-hidden="true" />
      <h2 className="mt-4 text-xl font-semibold text-stone-900">{m.store_no_products_found()}</h2>
      <p className="mt-1 text-stone-600">{m.store_no_products_hint()}</p>
      {suggestions.length > 0 ? (
        <p className="mt-4 text-stone-700" data-testid="did-you-mean">
          {m.store_did_you_mean()}{" "}
          {suggestions.map(({ name, href }, i) => (
            <span key={name}>
              {i > 0 ? ", " : null}
              <a href={localHref(href)} data-discover="true" className="font-semibold text-brand-700 underline">
                {name}
              </a>
            </span>
          ))}
        </p>
      ) : null}
      <a href={localHref("/products")} data-discover="true" className="mt-5 font-semibold text-brand-700 underline">
        {m.store_clear_filters()}
      </a>
    </div>
  );
}

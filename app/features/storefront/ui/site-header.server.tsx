import Leaf from "lucide-react/icons/leaf";
import type { RootData } from "~/platform/render/root-data";
import { m } from "~/platform/i18n/i18n.server";
import { staticMarkup } from "~/platform/render/static-markup.server";
import { localHref } from "~/platform/http/local-href.server";

/**
 * The header's logo link and tagline as HTML made by the store layout's loader (`StaticHtml`
 * shows it; docs/decisions/007-first-load-budget.md). The tagline is beside the link, not in it:
 * the link's name must contain what it shows.
 */
export function brandMarkup(store: Pick<RootData["store"], "siteTitle" | "siteTagline">): string {
  return staticMarkup(
    <>
      <a
        href={localHref("/")}
        data-discover="true"
        className="flex min-h-11 min-w-0 items-center gap-2"
        aria-label={m.store_brand_home({ title: store.siteTitle })}
      >
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white">
          <Leaf className="h-5 w-5" aria-hidden="true" />
        </span>
        <span className="truncate text-xl font-extrabold tracking-tight text-brand-800">{store.siteTitle}</span>
      </a>
      <span className="hidden max-w-40 text-xs leading-tight text-stone-500 xl:block">{store.siteTagline}</span>
    </>,
  );
}

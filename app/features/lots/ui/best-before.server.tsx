import { formatMonthYear } from "~/platform/core/dates";
import { currentLocale, m } from "~/platform/i18n/i18n.server";
import { staticMarkup } from "~/platform/render/static-markup.server";

/**
 * "Best before Mar 2027": the expiry of the lot the chosen size ships next (a seed's or a
 * pesticide's), drawn on the server ("" without one), so the page adds no script for it.
 */
export function bestBeforeMarkup(expiresOn: string | null): string {
  if (!expiresOn) return "";
  return staticMarkup(
    <p className="mt-2 text-sm font-medium text-stone-800" data-testid="best-before">
      {m.store_best_before({ date: formatMonthYear(expiresOn, currentLocale()) })}
    </p>,
  );
}

import { LANGUAGE_NAMES, LOCALES, type Locale } from "~/platform/i18n/locale";
import { m } from "~/platform/i18n/i18n.server";
import { staticMarkup } from "~/platform/render/static-markup.server";

/**
 * "English | हिन्दी", as HTML made on the server (no JavaScript: decision 007). Plain links to
 * /language, which remembers the choice and opens the page the link was clicked on (its Referer:
 * the address bar's page, query and all, even after moving within the store) in that language. The
 * page's own language is shown as the current item, not a link. `target`: a document load, never an
 * in-page navigation (static-html.tsx leaves targeted links to the browser).
 */
export function languageSwitchMarkup(locale: Locale, dark = false): string {
  return staticMarkup(
    <nav aria-label={m.ui_language_switch()}>
      <ul className="flex items-center gap-1 text-sm">
        {LOCALES.map((to, i) => (
          <li key={to} className="flex items-center gap-1">
            {i > 0 ? (
              <span aria-hidden="true" className={dark ? "text-stone-500" : "text-stone-400"}>
                |
              </span>
            ) : null}
            {to === locale ? (
              <span aria-current="true" lang={to} className={`px-1 font-semibold ${dark ? "text-white" : "text-stone-900"}`}>
                {LANGUAGE_NAMES[to]}
              </span>
            ) : (
              <a
                href={`/language?to=${to}`}
                lang={to}
                hrefLang={to}
                target="_self"
                className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded px-2 underline-offset-2 hover:underline ${dark ? "text-stone-300 hover:text-white" : "text-brand-800"}`}
              >
                {LANGUAGE_NAMES[to]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>,
  );
}

/**
 * The two languages and what every page's first script needs of them (the rest, with the paths'
 * rules, is in locale.ts, loaded where it is used: decision 007's budget). Client-safe.
 */
export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The visitor's choice, remembered for a year. */
export const LOCALE_COOKIE = "angle_lang";
/** Set by the server in front of React Router (server/app.ts) from the URL; never the visitor's. */
export const LOCALE_HEADER = "x-angle-locale";
export const HINDI_PREFIX = "/hi";

export const isLocale = (value: unknown): value is Locale => value === "en" || value === "hi";

/** BCP 47 tag for <html lang>, hreflang and Intl: Indian English and Hindi. */
export const htmlLang = (locale: Locale) => (locale === "hi" ? "hi-IN" : "en-IN");

/** The language a path is in and the path without its prefix: "/hi/cart" → { hi, "/cart" }. */
export function delocalizePath(path: string): { locale: Locale; path: string } {
  if (!/^\/hi(?=[/?#]|$)/.test(path)) return { locale: "en", path };
  const rest = path.slice(HINDI_PREFIX.length);
  return { locale: "hi", path: rest.startsWith("/") ? rest : `/${rest}` };
}

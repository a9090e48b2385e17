/**
 * The store's two languages and how a page's URL carries one (docs/decisions/026-hindi.md).
 * English pages keep the specification's paths; each Hindi page is the same path under /hi
 * (/hi/products?category=seeds). Client-safe: no server imports.
 */
import { delocalizePath, HINDI_PREFIX, LOCALE_COOKIE, type Locale } from "./locale-core.ts";

export * from "./locale-core.ts";
/** Each language's own name, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", hi: "हिन्दी" };

/**
 * Paths that exist in one language only: the admin panel (English), files, webhooks, the sign-in
 * and payment callbacks, the language switch itself. Everything else a shopper or vendor sees has
 * a Hindi twin under /hi.
 */
const SINGLE_LANGUAGE =
  /^\/(admin|assets|images|uploads|fonts|webhooks|healthz|readyz|documents|language|logout|payments|__manifest|favicon\.svg|robots\.txt|sitemap\.xml|account\/(auth|verification|mobile-auth))(\/|$)/;

export const hasHindiTwin = (path: string) => !SINGLE_LANGUAGE.test(path);

/** The path in the given language: "/products" → "/hi/products"; "/" → "/hi". */
export function localizePath(path: string, locale: Locale): string {
  const bare = delocalizePath(path).path;
  if (locale === "en" || !bare.startsWith("/") || bare.startsWith("//") || !hasHindiTwin(bare.split(/[?#]/)[0] ?? "/")) return bare;
  return bare === "/" ? HINDI_PREFIX : bare.startsWith("/?") || bare.startsWith("/#") ? HINDI_PREFIX + bare.slice(1) : HINDI_PREFIX + bare;
}

/**
 * The language an Accept-Language header prefers between ours, or null when it names neither
 * ("hi-IN,hi;q=0.9,en;q=0.8" → hi; "en-GB,hi;q=0.5" → en; "ta-IN" → null).
 */
export function preferredLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number } | null = null;
  for (const part of header.split(",").slice(0, 20)) {
    const [tag = "", ...params] = part.trim().toLowerCase().split(";");
    const primary = tag.split("-")[0];
    if (primary !== "hi" && primary !== "en") continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? null;
}

/** The locale a visitor's cookie names, if any. */
export function cookieLocale(cookieHeader: string | null | undefined): Locale | null {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=(en|hi)(?:;|$)`));
  return match ? (match[1] as Locale) : null;
}

import { useCallback } from "react";
import { localizePath } from "~/platform/i18n/locale";
import { useLocale } from "../platform/i18n/i18n";

/**
 * A path in the page's language, for links React Router does not prefix itself (plain <a>, fetch).
 * Apart from i18n.ts so the paths' rules load only with the pages that use them (decision 007).
 */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}

import { localizePath } from "~/platform/i18n/locale";
import { currentLocale } from "~/platform/i18n/i18n.server";

/** A store path in the language of the page being made ("/products" → "/hi/products" on a Hindi page), for server markup's plain links. */
export const localHref = (path: string) => localizePath(path, currentLocale());

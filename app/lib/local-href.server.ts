import { localizePath } from "~/domain/locale";
import { currentLocale } from "~/lib/i18n.server";

/** A store path in the language of the page being made ("/products" → "/hi/products" on a Hindi page), for server markup's plain links. */
export const localHref = (path: string) => localizePath(path, currentLocale());

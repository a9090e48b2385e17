import { AsyncLocalStorage } from "node:async_hooks";
import * as messages from "~/paraglide/messages";
import { overwriteGetLocale } from "~/paraglide/runtime";
import { DEFAULT_LOCALE, LOCALE_HEADER, type Locale } from "~/platform/i18n/locale";
import type { UiKey, UiMessages } from "./i18n";

/**
 * The language of the request being served (docs/decisions/026-hindi.md). The server in front of
 * React Router strips /hi from the URL and says which language it was in a header it sets itself;
 * the root middleware runs the request inside that language, so every compiled message (`m.*`)
 * and date the server renders for it comes out in it.
 */
const store = new AsyncLocalStorage<Locale>();
overwriteGetLocale(() => store.getStore() ?? DEFAULT_LOCALE);

export { messages as m };

export const currentLocale = (): Locale => store.getStore() ?? DEFAULT_LOCALE;

/** Runs `fn` in a language: an email rendered for its recipient, a test. */
export const withLocale = <T>(locale: Locale, fn: () => T): T => store.run(locale, fn);

/** The language the URL of this request was in (the header is ours; anything a visitor sent is replaced). */
export const requestLocale = (request: Request): Locale => (request.headers.get(LOCALE_HEADER) === "hi" ? "hi" : "en");

/** Root middleware: the rest of the request (loaders, actions, the render) runs in its URL's language. */
export function localeMiddleware<T>({ request }: { request: Request }, next: () => Promise<T>): Promise<T> {
  return store.run(requestLocale(request), next);
}

// A proxy for a message's inputs that gives back each input's own name in braces, so a compiled
// message called with it returns its pattern ("{count} items") for the browser to fill in.
const placeholders = new Proxy({}, { get: (_target, name) => (typeof name === "string" ? `{${name}}` : undefined) });

type Compiled = (inputs: unknown, options: { locale: Locale }) => string;
const uiEntries = (Object.entries(messages) as [string, unknown][]).filter(
  (entry): entry is [UiKey, Compiled] => entry[0].startsWith("ui_") && typeof entry[1] === "function",
);
const cache = new Map<string, UiMessages>();

/** Browser strings the storefront never shows: the vendor area's and the product form's. */
export const NOT_ON_THE_STOREFRONT = ["ui_vendor_", "ui_catalog_form_"];

/**
 * The strings the browser's components use (messages named ui_…), in one language only: the
 * browser never downloads the other language's. Sent once with the page's layout; a layout leaves
 * out the areas its pages never show (`except`: key prefixes).
 */
export function uiMessages(locale: Locale, except: readonly string[] = []): UiMessages {
  const scope = `${locale}:${except.join(",")}`;
  let dictionary = cache.get(scope);
  if (!dictionary) {
    dictionary = {} as UiMessages;
    for (const [key, message] of uiEntries) {
      if (except.some((prefix) => key.startsWith(prefix))) continue;
      dictionary[key] = message(placeholders, { locale });
    }
    cache.set(scope, dictionary);
  }
  return dictionary;
}

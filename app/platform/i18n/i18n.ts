import { useCallback } from "react";
import { useMatches, useRouteLoaderData } from "react-router";
import type * as m from "~/paraglide/messages";
import { DEFAULT_LOCALE, type Locale } from "~/platform/i18n/locale-core";

/** Messages the browser's components use: compiled messages whose names start with ui_. */
export type UiKey = Extract<keyof typeof m, `ui_${string}`>;
export type UiMessages = Record<UiKey, string>;
type Inputs<K extends UiKey> = Parameters<(typeof m)[K]>[0];
type Translate = <K extends UiKey>(
  key: K,
  ...inputs: [keyof NonNullable<Inputs<K>>] extends [never] ? [inputs?: Inputs<K>] : [inputs: Inputs<K>]
) => string;

/** Fills a message's {placeholders}. */
export function fillMessage(pattern: string, inputs?: Record<string, unknown>): string {
  if (!inputs) return pattern;
  return pattern.replace(/\{(\w+)\}/g, (whole, name: string) => (name in inputs ? String(inputs[name]) : whole));
}

/** The strings of the page's layout (storefront, vendor area or admin panel: the one that sent them). */
function useUi(): UiMessages | undefined {
  return (
    useMatches().find((match) => (match.loaderData as { ui?: unknown } | undefined)?.ui)?.loaderData as { ui: UiMessages } | undefined
  )?.ui;
}

/** The page's language (from its layout; English outside the storefront and vendor area). */
export function useLocale(): Locale {
  const root = useRouteLoaderData("root") as { locale?: Locale } | undefined;
  return root?.locale ?? DEFAULT_LOCALE;
}

/** `t("ui_add_to_cart")`: a message in the page's language, from the strings its layout sent. */
export function useT(): Translate {
  const ui = useUi();
  return useCallback(
    ((key: UiKey, inputs?: Record<string, unknown>) => {
      const pattern = ui?.[key];
      if (pattern === undefined) throw new Error(key);
      return fillMessage(pattern, inputs);
    }) as Translate,
    [ui],
  );
}

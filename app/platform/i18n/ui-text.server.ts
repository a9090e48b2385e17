import type { useT } from "~/platform/i18n/i18n";
import { m } from "~/platform/i18n/i18n.server";

/**
 * `t` for server markup: the browser's strings (ui_…), made in the request's language, for a
 * component drawn both in the browser (with `useT()`) and in HTML made on the server (a rating).
 */
export const serverT = ((key: string, inputs?: Record<string, unknown>) =>
  (m as unknown as Record<string, (inputs?: Record<string, unknown>) => string>)[key]?.(inputs) ?? key) as ReturnType<typeof useT>;

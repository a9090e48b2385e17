/**
 * Cell rules shared by every CSV the store writes or reads (the files themselves are written and
 * parsed by csv-stringify and csv-parse, server-side: app/platform/csv.server.ts).
 *
 * Spreadsheets run a cell that starts with = + - @ (or a tab or CR, which they strip first) as a
 * formula, so such a text cell is written with an apostrophe in front: a customer named
 * "=HYPERLINK(…)" stays text (OWASP "CSV injection"). Numbers are written as they are: they are
 * never formulas. A text that already starts with apostrophes and then one of those characters
 * gets one more, so that reading a file back (`unguardFormula`) gives exactly the text written.
 */

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^'*[=+\-@\t\r]/;

export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text a guarded cell stood for: one apostrophe less before a formula character. */
export function unguardFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** A byte-order mark first, so Excel reads the file as UTF-8 (₹, names in Devanagari). */
export const CSV_BOM = "\uFEFF";

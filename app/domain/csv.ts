/**
 * A small CSV writer (RFC 4180): fields joined by commas, rows ended by CRLF, a field quoted when
 * it holds a comma, a quote, a CR or an LF, with its quotes doubled.
 *
 * Spreadsheets run a cell that starts with = + - @ (or a tab or CR, which they strip first) as a
 * formula, so such a text cell is prefixed with an apostrophe: a customer named "=HYPERLINK(…)"
 * stays text (OWASP "CSV injection"). Numbers are written as they are: they are never formulas.
 */

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** A byte-order mark first, so Excel reads the file as UTF-8 (₹, names in Devanagari). */
export const CSV_BOM = "\uFEFF";

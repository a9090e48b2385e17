import { CsvError, parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { type CsvValue, guardFormula } from "~/domain/csv";

/**
 * The store's CSV files, written and read by csv-stringify and csv-parse (server only: neither
 * library reaches a browser bundle). Written: RFC 4180 with CRLF row ends, a cell quoted when it
 * holds a comma, a quote or any line break (csv-stringify alone quotes only the row delimiter, so
 * a lone LF in a description would otherwise split the row), text cells guarded against formulas.
 */
export function csvRows(rows: readonly (readonly CsvValue[])[]): string {
  return stringify(
    rows.map((row) => row.map((value) => (typeof value === "string" ? guardFormula(value) : value))),
    {
      record_delimiter: "windows",
      quoted_match: /[\r\n]/,
      cast: { number: (n) => (Number.isFinite(n) ? String(n) : "") },
    },
  );
}

export function csvRow(values: readonly CsvValue[]): string {
  return csvRows([values]);
}

/** Why a file could not be read as CSV, and the spreadsheet row where the reading stopped. */
export class CsvUnreadable extends Error {
  constructor(
    message: string,
    readonly row: number,
  ) {
    super(message);
  }
}

/**
 * The records of a CSV text (the BOM already removed), every cell a string. Blank lines are kept
 * as records, so that record i is the spreadsheet's row i + 1. Stray quotes inside an unquoted
 * cell are taken as text (as spreadsheets write them); an unclosed quote is refused.
 * At most `maxRecords` records are read: callers refuse a file that reaches it.
 */
export function readCsv(text: string, maxRecords: number): string[][] {
  try {
    return parse(text, { relax_quotes: true, relax_column_count: true, skip_empty_lines: false, to: maxRecords });
  } catch (error) {
    if (error instanceof CsvError) {
      const row = Number((error as { records?: unknown }).records ?? 0) + 1;
      throw new CsvUnreadable(csvErrorText(error), row);
    }
    throw error;
  }
}

function csvErrorText(error: CsvError) {
  if (error.code === "CSV_QUOTE_NOT_CLOSED") return 'A quoted cell is never closed: a " is missing.';
  if (error.code === "CSV_INVALID_CLOSING_QUOTE") return "A quoted cell has text after its closing quote.";
  return "The file is not a valid CSV file.";
}

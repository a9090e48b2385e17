import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, Parser } from "csv-parse";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { type CsvValue, guardFormula } from "~/platform/core/csv";
import { nextTurn } from "./in-slices.server";

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

const READ_OPTIONS = { relax_quotes: true, relax_column_count: true, skip_empty_lines: false } as const;

/**
 * The records of a CSV text (the BOM already removed), every cell a string. Blank lines are kept
 * as records, so that record i is the spreadsheet's row i + 1. Stray quotes inside an unquoted
 * cell are taken as text (as spreadsheets write them); an unclosed quote is refused.
 * At most `maxRecords` records are read: callers refuse a file that reaches it. For the store's
 * own, small texts: a file someone uploads is read by readCsvInSlices.
 */
export function readCsv(text: string, maxRecords: number): string[][] {
  try {
    return parse(text, { ...READ_OPTIONS, to: maxRecords });
  } catch (error) {
    throw unreadable(error);
  }
}

/** Bytes parsed between two turns of the event loop: a few milliseconds of work. */
const SLICE_BYTES = 64 * 1024;
const ENOUGH = Symbol("enough records");

/** What an uploaded file may hold: records read at most, cells in a record, characters in a cell. */
export type CsvLimits = { maxRecords: number; maxCells: number; maxCellChars: number };

/**
 * A record with more cells than allowed, or a cell longer than allowed: `row` is the spreadsheet's,
 * `cell` the cell's index, `header` the first record's cells as far as they were read (to name the column).
 */
export class CsvOverLimit extends Error {
  constructor(
    readonly limit: "cells" | "cell-chars",
    readonly row: number,
    readonly cell: number,
    readonly header: readonly string[],
  ) {
    super(`CSV over its ${limit} limit at row ${row}`);
  }
}

/**
 * As readCsv, for a file someone uploaded: parsed 64 KB at a time by csv-parse's stream, with a turn
 * of the event loop between slices, so a 5 MB file never holds up other requests. Each cell is
 * checked as the parser ends it, so a row of 50,000 cells (or a whole file on one line) stops at the
 * first cell over the limit: no such record is ever built. `onRecord` sees each record as it is read
 * (record i is row i + 1) and may throw to stop the reading there. At most `maxRecords` are read.
 */
export async function readCsvInSlices(
  text: string,
  limits: CsvLimits,
  onRecord: (record: string[], index: number) => void = () => {},
): Promise<string[][]> {
  const bytes = Buffer.from(text);
  async function* slices() {
    for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
      await nextTurn();
      yield bytes.subarray(start, start + SLICE_BYTES);
    }
  }
  // The parser runs ahead of the records handed on, so the header is kept here, as it is parsed.
  const header: string[] = [];
  const cast = (value: string, at: { index: number; records: number }) => {
    if (at.index >= limits.maxCells) throw new CsvOverLimit("cells", at.records + 1, at.index, header);
    if (value.length > limits.maxCellChars) throw new CsvOverLimit("cell-chars", at.records + 1, at.index, header);
    if (at.records === 0) header.push(value);
    return value;
  };
  const records: string[][] = [];
  try {
    // One slice read ahead at most: the stream would otherwise queue 16 and parse them in one turn.
    await pipeline(
      Readable.from(slices(), { highWaterMark: 1 }),
      new Parser({ ...READ_OPTIONS, cast }),
      async (parsed: AsyncIterable<string[]>) => {
        for await (const record of parsed) {
          onRecord(record, records.length);
          records.push(record);
          if (records.length >= limits.maxRecords) throw ENOUGH;
        }
      },
    );
  } catch (error) {
    if (error !== ENOUGH) throw unreadable(error);
  }
  return records;
}

/** A csv-parse error as CsvUnreadable (naming the row where the reading stopped); any other error as it is. */
function unreadable(error: unknown) {
  if (!(error instanceof CsvError)) return error;
  const row = Number((error as { records?: unknown }).records ?? 0) + 1;
  return new CsvUnreadable(csvErrorText(error), row);
}

function csvErrorText(error: CsvError) {
  if (error.code === "CSV_QUOTE_NOT_CLOSED") return 'A quoted cell is never closed: a " is missing.';
  if (error.code === "CSV_INVALID_CLOSING_QUOTE") return "A quoted cell has text after its closing quote.";
  return "The file is not a valid CSV file.";
}

import type { Refusal } from "../../../platform/core/refusal";
import type { LotReceiptFields } from "./lot-receipt";

/** The lots CSV's columns, in the order the page lists them; each row is one lot of the pack size its SKU names. */
export const LOT_CSV_COLUMNS = [
  "sku",
  "lot",
  "quantity",
  "manufactured",
  "expires",
  "tested_on",
  "germination",
  "purity",
  "treated",
  "registration",
  "phi_days",
  "antidote",
  "fco_grade",
] as const;
export type LotCsvColumn = (typeof LOT_CSV_COLUMNS)[number];

/** Columns a file must have; the others may be left out when no lot of the file needs them. */
export const REQUIRED_LOT_COLUMNS: readonly LotCsvColumn[] = ["sku", "lot", "quantity"];

/** Lots one file may hold, and its bytes. */
export const MAX_LOT_ROWS = 2000;
export const MAX_LOT_FILE_BYTES = 512 * 1024;

/** The receipt form's field each column fills. */
const FIELD_OF: Record<Exclude<LotCsvColumn, "sku">, keyof LotReceiptFields> = {
  lot: "number",
  quantity: "quantity",
  manufactured: "manufacturedOn",
  expires: "expiresOn",
  tested_on: "testedOn",
  germination: "germination",
  purity: "purity",
  treated: "treated",
  registration: "registrationNo",
  phi_days: "phiDays",
  antidote: "antidote",
  fco_grade: "fcoGrade",
};

/** The column a receipt field is read from, for a row's problem: "germination" for `germination`. */
export function columnOfField(field: string): string {
  return (Object.entries(FIELD_OF).find(([, f]) => f === field)?.[0] ?? field) as string;
}

/** A problem of a lots file: the spreadsheet's row (the header is row 1), the column, the refusal. */
export type LotRowError = { row: number; column: string; refusal: Refusal };

/** The header's columns by index; unknown ones are problems of row 1. */
export function readLotHeader(cells: readonly string[]): { columns: (LotCsvColumn | null)[]; unknown: string[]; missing: LotCsvColumn[] } {
  const unknown: string[] = [];
  const columns = cells.map((cell) => {
    const name = cell.trim().toLowerCase().replace(/\s+/g, "_");
    if (!name) return null;
    if ((LOT_CSV_COLUMNS as readonly string[]).includes(name)) return name as LotCsvColumn;
    unknown.push(cell.trim().slice(0, 40));
    return null;
  });
  const missing = REQUIRED_LOT_COLUMNS.filter((c) => !columns.includes(c));
  return { columns, unknown, missing };
}

/** A row of the file as the SKU it names and the receipt form's fields. */
export function lotRowFields(
  columns: readonly (LotCsvColumn | null)[],
  record: readonly string[],
): { sku: string; fields: LotReceiptFields } {
  const fields: LotReceiptFields = {};
  let sku = "";
  columns.forEach((column, i) => {
    const value = (record[i] ?? "").trim();
    if (!column) return;
    if (column === "sku") sku = value;
    else fields[FIELD_OF[column]] = value;
  });
  return { sku, fields };
}

export const isBlankLotRecord = (record: readonly string[]) => record.every((cell) => cell.trim() === "");

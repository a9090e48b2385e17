import { chunks, rowsPerStatement } from "~/platform/db/batch.server";
import type { Db } from "~/platform/db/db.server";
import { type CatalogChange, catalogChanges } from "~/features/catalog/domain/catalog-changes";
import {
  byRowThenColumn,
  type CatalogFile,
  CSV_CELL_TOO_LONG,
  CSV_TOO_MANY_COLUMNS,
  CSV_TOO_MANY_ROWS,
  columnName,
  csvProductInput,
  HSN_LOST_ZERO,
  isBlankRecord,
  looksLikeLostZero,
  MAX_IMPORT_CELL_CHARS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  readCatalogFileInSteps,
  type RowError,
} from "~/features/catalog/domain/catalog-csv";
import type { ProductFormInput } from "~/features/catalog/domain/product-form";
import { type Refusal, refusal } from "~/platform/core/refusal";
import { defaultSku } from "~/features/catalog/domain/variants";
import { mrpRefusalParams, settleMrp } from "~/features/catalog/domain/mrp";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { CsvOverLimit, CsvUnreadable, readCsvInSlices } from "~/platform/csv.server";
import { runInSlices } from "~/platform/in-slices.server";
import { stripControl } from "~/platform/http/read-form.server";
import { type CatalogActor, loadCatalogProducts, mayEdit } from "./catalog-products.server";
import { PLACEHOLDER_IMAGE } from "./save-product.server";

export const IMAGE_NOT_IMPORTED =
  "Pictures cannot be changed by CSV: leave image as exported, or blank to keep the picture. Change pictures on the product's page.";
export const PRODUCT_CHANGED_SINCE_EXPORT =
  "This product changed after the file was exported (a sale or another edit). Export again and make your change there, or clear version to overwrite it.";

/** What an import does to one product of the file. */
export type PlannedProduct =
  | { kind: "new"; name: string; rows: number[]; input: ProductFormInput }
  | { kind: "update"; id: string; name: string; rows: number[]; input: ProductFormInput; changes: CatalogChange[] }
  | { kind: "unchanged"; id: string; name: string; rows: number[] };

export type ImportPlan = {
  products: PlannedProduct[];
  /** Every problem of the file, by row and column. Nothing is written while there is one. */
  errors: RowError[];
  /** Rows (pack sizes) read, blank ones not counted. */
  rowCount: number;
  counts: { created: number; updated: number; unchanged: number };
};

/** Rows read at most: the import's limit, and as many again of blank rows a spreadsheet may leave. */
const MAX_RECORDS = 2 * MAX_IMPORT_ROWS + 1;

/** Where and why the reading of a file stopped before its end. */
export type CatalogReadStop =
  | { code: "too-many-columns"; row: number }
  | { code: "cell-too-long"; row: number; column: string }
  | { code: "too-many-rows" }
  | { code: "unreadable"; row: number; message: string };

class Stop extends Error {
  constructor(readonly stop: CatalogReadStop) {
    super(stop.code);
  }
}

/**
 * A product CSV's records, read in slices (other requests run in between) and checked against the
 * import's limits as they are read: the first cell over one stops the reading there, so a file of
 * 50,000 columns costs its first 61 cells and nothing more. Control characters (NUL above all) are
 * dropped from every cell, as forms drop them.
 */
export async function readCatalogRecords(text: string): Promise<{ records: string[][]; stop: CatalogReadStop | null }> {
  let rows = 0;
  const check = (record: string[], index: number) => {
    for (let i = 0; i < record.length; i++) record[i] = stripControl(record[i] ?? "");
    if (index > 0 && !isBlankRecord(record) && ++rows > MAX_IMPORT_ROWS) throw new Stop({ code: "too-many-rows" });
  };
  try {
    const limits = { maxRecords: MAX_RECORDS, maxCells: MAX_IMPORT_COLUMNS, maxCellChars: MAX_IMPORT_CELL_CHARS };
    const records = await readCsvInSlices(text, limits, check);
    return { records, stop: records.length >= MAX_RECORDS ? { code: "too-many-rows" } : null };
  } catch (error) {
    if (error instanceof Stop) return { records: [], stop: error.stop };
    if (error instanceof CsvOverLimit)
      return {
        records: [],
        stop:
          error.limit === "cells"
            ? { code: "too-many-columns", row: error.row }
            : { code: "cell-too-long", row: error.row, column: columnName(error.header, error.cell) },
      };
    if (error instanceof CsvUnreadable) return { records: [], stop: { code: "unreadable", row: error.row, message: error.message } };
    throw error;
  }
}

/**
 * A product CSV's text, read and checked on its own (no database), in slices: its products as the
 * form's schema reads them, and every problem by row and column. A file over a limit is one problem
 * (the upload refuses such files; this is for one kept from before a limit changed).
 */
export async function readCatalogText(text: string): Promise<CatalogFile & { tooManyRows: boolean }> {
  const { records, stop } = await readCatalogRecords(text);
  if (stop?.code === "too-many-rows")
    return { products: [], errors: [{ row: 1, column: "—", message: CSV_TOO_MANY_ROWS }], rowCount: 0, tooManyRows: true };
  if (stop) return { products: [], errors: [{ row: stop.row, column: "—", message: stopMessage(stop) }], rowCount: 0, tooManyRows: false };
  return { ...(await runInSlices(readCatalogFileInSteps(records))), tooManyRows: false };
}

/** Why the reading stopped over a limit: the upload's refusal. */
export function stopRefusal(stop: Extract<CatalogReadStop, { code: "too-many-columns" | "cell-too-long" }>): Refusal {
  return stop.code === "too-many-columns" ? CSV_TOO_MANY_COLUMNS(stop.row) : CSV_CELL_TOO_LONG(stop.row, stop.column);
}

/** Why the reading stopped (the one problem of a kept file): a limit's refusal, or the reader's own words. */
export function stopMessage(stop: Exclude<CatalogReadStop, { code: "too-many-rows" }>): string | Refusal {
  return stop.code === "unreadable" ? stop.message : stopRefusal(stop);
}

/**
 * What importing the file would do, against the store as `db` sees it: which products are new,
 * changed (and how) or unchanged, and every problem only the store can tell — a product that is not
 * the actor's, a size of another product, a SKU another product has, a product changed since the
 * export. Reads only; the preview calls it outside any transaction, "Apply import" inside its own.
 */
export async function planCatalogImport(db: Db, actor: CatalogActor, file: CatalogFile): Promise<ImportPlan> {
  const errors = [...file.errors];
  const ids = file.products.flatMap((p) => (p.key.kind === "existing" ? [p.key.id] : []));
  const current = await loadCatalogProducts(db, ids);
  // Lot-tracked sizes keep the stock their lots hold (docs/decisions/056-lots.md): the file's stock is no change.
  const lotted = new Set<string>();
  for (const slice of chunks(ids, rowsPerStatement(1))) {
    const rows = await db.selectFrom("lot").select("variant_id").distinct().where("product_id", "in", slice).execute();
    for (const r of rows) lotted.add(r.variant_id);
  }
  const products: PlannedProduct[] = [];
  /** The SKU each row's size will have (typed, or the one an existing size keeps), for the checks below. */
  const skuRows: { sku: string; row: number; productId: string | null; group: number }[] = [];
  const { taxMode } = await getGeneralSettings(db);
  /** The sizes with their MRP settled (mrp.ts): a price whose charged amount is above its MRP is refused on its row. */
  const settled = (input: ProductFormInput, rows: readonly number[], firstRow: number): ProductFormInput => {
    const { variants, problems } = settleMrp(input.variants, input.gstRate, taxMode);
    for (const problem of problems)
      errors.push({
        row: rows[problem.index] ?? firstRow,
        column: "price_rupees",
        message: refusal("product.price_above_mrp", mrpRefusalParams(problem)),
      });
    return { ...input, variants };
  };

  file.products.forEach((p, group) => {
    const { rows } = p;
    const firstRow = rows[0] ?? 1;
    // A code a spreadsheet has likely cut short, unless it is the product's own already.
    const typedHsn = p.tax.hsnCode;
    const was = p.key.kind === "existing" ? current.get(p.key.id) : undefined;
    if (typedHsn !== undefined && typedHsn !== was?.hsnCode && looksLikeLostZero(typedHsn))
      errors.push({ row: p.fieldRow("hsn_code"), column: "hsn_code", message: HSN_LOST_ZERO(typedHsn) });
    if (p.key.kind === "new") {
      // readCatalogFile has refused a new product without both; this only tells the types so.
      const read = csvProductInput(p);
      if (!read) {
        errors.push({ row: firstRow, column: "hsn_code", message: "Enter the HSN code and GST rate: a new product needs both." });
        return;
      }
      const input = settled(read, rows, firstRow);
      if (p.image !== null && p.image !== PLACEHOLDER_IMAGE)
        errors.push({ row: p.fieldRow("image"), column: "image", message: IMAGE_NOT_IMPORTED });
      input.variants.forEach((v, i) => {
        if (v.sku) skuRows.push({ sku: v.sku, row: rows[i] ?? firstRow, productId: null, group });
      });
      products.push({ kind: "new", name: input.name, rows, input });
      return;
    }
    const id = p.key.id;
    if (!was || !mayEdit(actor, was)) {
      errors.push({
        row: firstRow,
        column: "product_id",
        message: actor.role === "vendor" ? "None of your products has this id." : "No product on the store has this id.",
      });
      return;
    }
    // A blank HSN code or GST rate (or a file without the columns) keeps the product's own.
    const read = settled(csvProductInput(p, was), rows, firstRow);
    const stockOf = new Map(was.variants.map((v) => [v.id, v.stock]));
    const input = {
      ...read,
      variants: read.variants.map((v) => (v.id && lotted.has(v.id) ? { ...v, stock: stockOf.get(v.id) ?? v.stock } : v)),
    };
    const sizeIds = new Set(was.variants.map((v) => v.id));
    let sizesOk = true;
    input.variants.forEach((v, i) => {
      const row = rows[i] ?? firstRow;
      if (v.id && !sizeIds.has(v.id)) {
        sizesOk = false;
        errors.push({
          row,
          column: "variant_id",
          message: "This is not one of this product's sizes. Leave variant_id blank to add a size.",
        });
      }
      const sku = v.sku || (v.id && sizeIds.has(v.id) ? defaultSku(v.id) : "");
      if (sku) skuRows.push({ sku, row, productId: id, group });
    });
    if (p.image !== null && p.image !== was.image) errors.push({ row: p.fieldRow("image"), column: "image", message: IMAGE_NOT_IMPORTED });
    if (!sizesOk) return;
    const changes = catalogChanges(was, input);
    if (changes.length === 0) {
      products.push({ kind: "unchanged", id, name: was.name, rows });
      return;
    }
    if (p.version !== null && p.version !== was.version)
      errors.push({ row: p.fieldRow("version"), column: "version", message: PRODUCT_CHANGED_SINCE_EXPORT });
    products.push({ kind: "update", id, name: input.name, rows, input, changes });
  });

  // A SKU is the store's, across every product: twice in the file, or another product's, is refused.
  const firstSeen = new Map<string, { row: number; group: number }>();
  for (const s of skuRows) {
    const seen = firstSeen.get(s.sku);
    if (!seen) firstSeen.set(s.sku, s);
    // Twice within one product: the form's own rule has said so already.
    else if (seen.group !== s.group)
      errors.push({
        row: s.row,
        column: "sku",
        message: `The SKU ${s.sku} is also in row ${seen.row}, for another product. Each size needs its own SKU.`,
      });
  }
  const owners = new Map<string, string>();
  for (const slice of chunks([...firstSeen.keys()], rowsPerStatement(1))) {
    const rows = await db.selectFrom("product_variant").select(["sku", "product_id"]).where("sku", "in", slice).execute();
    for (const r of rows) owners.set(r.sku, r.product_id);
  }
  for (const s of skuRows) {
    const owner = owners.get(s.sku);
    if (owner !== undefined && owner !== s.productId) errors.push({ row: s.row, column: "sku", message: refusal("product.sku_taken") });
  }

  errors.sort(byRowThenColumn);
  const count = (kind: PlannedProduct["kind"]) => products.filter((p) => p.kind === kind).length;
  return {
    products,
    errors: dedupe(errors),
    rowCount: file.rowCount,
    counts: { created: count("new"), updated: count("update"), unchanged: count("unchanged") },
  };
}

function dedupe(errors: RowError[]) {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.row}\u0000${e.column}\u0000${JSON.stringify(e.message)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

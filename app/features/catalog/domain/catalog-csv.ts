import type { LicenceKind } from "../../vendor-shops/domain/licences";
import type { z } from "zod";
import { CATEGORY_KEYS, type CategoryKey } from "./categories";
import { CATEGORY_LABELS } from "./category-labels";
import { CROP_KEYS, CROPS, type CropKey, SEASON_LABELS, SEASON_SHORT, SEASONS, type Season } from "./crops";
import { type CsvValue, unguardFormula } from "../../../platform/core/csv";
import { PACK_UNITS, type PackUnit } from "./pack-units";
import { type GstRate, GST_RATES } from "../../tax/domain/gst";
import { HSN_ERROR, validateHsn } from "../../tax/domain/gst-forms";
import { ProductFieldsSchema, type ProductFieldsInput, type ProductFormInput, type VariantRowField } from "./product-form";
import { type ProductTax, readGstRate } from "../../tax/domain/product-gst";
import { paiseToRupeeText } from "../../../platform/core/rupee-input";
import { type Refusal, refusal, refusalOfIssue } from "../../../platform/core/refusal";
import { MAX_VARIANTS, type VariantInput } from "./variants";
import type { PriceBreak } from "./price-breaks";
import { formatPriceBreaksInput } from "./price-breaks-input";

/**
 * The product CSV (docs/decisions/020-csv-import.md): one row per pack size. A product's own
 * fields are given once, on any of its rows (the export writes them on the first), and are blank
 * or the same on its other rows. Rows belong to a product by `product_id` (an existing product) or,
 * for a new product, by `handle` (any short text its rows share). Every field is checked by the
 * product form's own schema (ProductFieldsSchema), so a row and the form obey the same rules.
 *
 * HSN code and GST rate (issue 14): an existing product's blank `hsn_code` or `gst_rate` keeps
 * what the product has, and a file from before the two columns (which has neither) changes neither;
 * a new product must give both, as its form must: nothing guesses a product's tax from its category.
 */
export const CATALOG_COLUMNS = [
  "product_id",
  "handle",
  "version",
  "name",
  "name_hi",
  "category",
  "regulated_as",
  "hsn_code",
  "gst_rate",
  "description",
  "description_hi",
  "how_to_use_hi",
  "brand",
  "crops",
  "season",
  "dosage_per_acre",
  "dosage_unit",
  "how_to_use",
  "image",
  "variant_id",
  "size_label",
  "pack_quantity",
  "pack_unit",
  "sku",
  "mrp_rupees",
  "price_rupees",
  "stock",
  "weight_grams",
  "price_breaks",
] as const;
export type CatalogColumn = (typeof CATALOG_COLUMNS)[number];

/**
 * Columns a file may leave out: without `handle` it can only update, without `version` nothing is
 * checked for staleness, without `image` pictures stay, without `hsn_code` and `gst_rate` (a file
 * from before them) every product keeps its own, and without `name_hi`, `description_hi` or
 * `how_to_use_hi` (a file from before them, issue 16) every product keeps its Hindi.
 */
const OPTIONAL_COLUMNS: ReadonlySet<CatalogColumn> = new Set([
  "handle",
  "version",
  "image",
  "regulated_as",
  "hsn_code",
  "gst_rate",
  "name_hi",
  "description_hi",
  "how_to_use_hi",
  "price_breaks",
]);
/** The product's own fields: once per product, blank or repeated on its other rows. */
const PRODUCT_COLUMNS = [
  "version",
  "name",
  "name_hi",
  "category",
  "regulated_as",
  "hsn_code",
  "gst_rate",
  "description",
  "description_hi",
  "how_to_use_hi",
  "brand",
  "crops",
  "season",
  "dosage_per_acre",
  "dosage_unit",
  "how_to_use",
  "image",
] as const satisfies readonly CatalogColumn[];
type ProductColumn = (typeof PRODUCT_COLUMNS)[number];

/** Largest file and most rows (pack sizes) one import takes. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
/**
 * Most cells a row may have: the columns above with room for the blank ones a spreadsheet may add.
 * A wider file is refused as its rows are read, before any per-column work.
 */
export const MAX_IMPORT_COLUMNS = 60;
/** Longest cell: no field takes more than 2,000 characters, so a longer cell is a mistake (often a missing quote). */
export const MAX_IMPORT_CELL_CHARS = 5_000;
/** Problems the preview lists; the rest are counted ("…and 1,234 more problems"). */
export const MAX_LISTED_PROBLEMS = 200;

export const CSV_TOO_MANY_ROWS = refusal("vendor.csv_too_many_rows", { rows: MAX_IMPORT_ROWS });
export const CSV_TOO_MANY_COLUMNS = (row: number) =>
  refusal("vendor.csv_too_many_columns", { row, max: MAX_IMPORT_COLUMNS, count: CATALOG_COLUMNS.length });
export const CSV_CELL_TOO_LONG = (row: number, column: string) =>
  refusal("vendor.csv_cell_too_long", { row, column, max: MAX_IMPORT_CELL_CHARS });

export const IMPORT_UPLOAD_GONE = "This upload has expired (uploads are kept for an hour) or was imported already. Upload the file again.";

/** A problem with one cell (or one row, or the file): the row as the spreadsheet numbers it (the header is row 1). */
export type RowError = {
  row: number;
  column: string;
  /** The import's own words (English), or a refusal of the product form's checks (said in the page's language). */
  message: string | Refusal;
};

const NO_COLUMN = "—";

/** The form's field names → the CSV's columns (a size's reorder level is the forms' alone: an import leaves it as it is). */
const SIZE_COLUMN: Record<Exclude<VariantRowField, "reorderLevel">, CatalogColumn> = {
  id: "variant_id",
  label: "size_label",
  packQuantity: "pack_quantity",
  packUnit: "pack_unit",
  sku: "sku",
  mrp: "mrp_rupees",
  price: "price_rupees",
  stock: "stock",
  weight: "weight_grams",
  priceBreaks: "price_breaks",
};
const HEAD_COLUMN: Record<string, ProductColumn> = {
  name: "name",
  description: "description",
  category: "category",
  regulatedAs: "regulated_as",
  brand: "brand",
  season: "season",
  crops: "crops",
  dosageAmount: "dosage_per_acre",
  dosageUnit: "dosage_unit",
  howToUse: "how_to_use",
  nameHi: "name_hi",
  descriptionHi: "description_hi",
  howToUseHi: "how_to_use_hi",
};

// ---------------------------------------------------------------- names a person may type

const lower = (s: string) => s.trim().toLowerCase();
const CATEGORY_NAMES = new Map<string, CategoryKey>(
  CATEGORY_KEYS.flatMap((k) => [
    [k, k],
    [lower(CATEGORY_LABELS[k]), k],
  ]),
);
const SEASON_NAMES = new Map<string, Season>(
  SEASONS.flatMap((s) => [
    [s, s],
    [lower(SEASON_SHORT[s]), s],
    [lower(SEASON_LABELS[s]), s],
  ]),
);
const CROP_NAMES = new Map<string, CropKey>(
  CROPS.flatMap((c) => [
    [c.key, c.key],
    [lower(c.label), c.key],
  ]),
);
const UNIT_NAMES = new Map<string, PackUnit>([
  ...PACK_UNITS.map((u) => [u, u] as const),
  ...(["gm", "gms", "gram", "grams"] as const).map((a) => [a, "g"] as const),
  ...(["kgs", "kilo", "kilogram", "kilograms"] as const).map((a) => [a, "kg"] as const),
  ...(["ltr", "litre", "litres", "liter", "liters"] as const).map((a) => [a, "l"] as const),
  ...(["pieces", "pc", "pcs", "nos"] as const).map((a) => [a, "piece"] as const),
]);

const CATEGORY_CHOICES = "seeds, equipment, tools or fertilizers";
const UNIT_CHOICES = "g, kg, ml, l or piece";

/** The crops of a cell ("Tomato, chilli"): keys, and the names not known. */
function readCrops(cell: string) {
  const crops: CropKey[] = [];
  const unknown: string[] = [];
  for (const part of cell.split(/[,;|]/)) {
    const name = part.trim();
    if (!name) continue;
    const key = CROP_NAMES.get(lower(name));
    if (key) crops.push(key);
    else unknown.push(name);
  }
  return { crops, unknown };
}

/** Spreadsheets write 10000 as "10,000" or "10,00,000": grouping commas are not part of the number. */
function ungroup(cell: string) {
  return /^\d{1,3}(,\d{2,3})+(\.\d+)?$/.test(cell) ? cell.replace(/,/g, "") : cell;
}

/** Two cells of a product field say the same (names of a category, a season, crops compared by meaning). */
function sameValue(column: ProductColumn, a: string, b: string) {
  if (a === b) return true;
  if (column === "hsn_code") return a.replace(/\s+/g, "") === b.replace(/\s+/g, "");
  if (column === "gst_rate") return readGstRate(a) !== null && readGstRate(a) === readGstRate(b);
  if (column === "category")
    return CATEGORY_NAMES.get(lower(a)) !== undefined && CATEGORY_NAMES.get(lower(a)) === CATEGORY_NAMES.get(lower(b));
  if (column === "season") return SEASON_NAMES.get(lower(a)) !== undefined && SEASON_NAMES.get(lower(a)) === SEASON_NAMES.get(lower(b));
  if (column === "dosage_unit") return UNIT_NAMES.get(lower(a)) !== undefined && UNIT_NAMES.get(lower(a)) === UNIT_NAMES.get(lower(b));
  if (column === "crops") {
    const x = readCrops(a);
    const y = readCrops(b);
    return !x.unknown.length && !y.unknown.length && [...new Set(x.crops)].sort().join() === [...new Set(y.crops)].sort().join();
  }
  return false;
}

// ---------------------------------------------------------------- reading a file

/** Where each column is in the file. */
export type CatalogHeader = Partial<Record<CatalogColumn, number>>;

const normaliseHeader = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** The header row: every column known, none twice, the required ones there. */
export function readCatalogHeader(cells: readonly string[]): { header: CatalogHeader; errors: RowError[] } {
  const header: CatalogHeader = {};
  const errors: RowError[] = [];
  cells.forEach((cell, index) => {
    const name = normaliseHeader(cell);
    if (!name) return;
    if (!(CATALOG_COLUMNS as readonly string[]).includes(name)) {
      errors.push({
        row: 1,
        column: cell.trim().slice(0, 40),
        message: `Unknown column "${cell.trim().slice(0, 40)}". The columns are: ${CATALOG_COLUMNS.join(", ")}.`,
      });
      return;
    }
    const column = name as CatalogColumn;
    if (header[column] !== undefined) errors.push({ row: 1, column, message: `The column ${column} appears twice.` });
    else header[column] = index;
  });
  for (const column of CATALOG_COLUMNS) {
    if (header[column] === undefined && !OPTIONAL_COLUMNS.has(column))
      errors.push({ row: 1, column, message: `The column ${column} is missing.` });
  }
  return { header, errors };
}

export type ProductKey = { kind: "existing"; id: string } | { kind: "new"; handle: string };

/** A product as the file describes it, checked by the form's schema. */
export type CsvProduct = {
  key: ProductKey;
  /** The spreadsheet row of each pack size, in order. */
  rows: number[];
  /** The row a product field's value came from (its first non-blank cell); the first row when blank. */
  fieldRow: (column: ProductColumn) => number;
  /** The version the export had; null when blank or the column is absent. */
  version: number | null;
  /** The picture path given; null when blank or the column is absent (the picture stays). */
  image: string | null;
  input: ProductFieldsInput;
  /** The HSN code and GST rate given; a field left out (blank, or no column) keeps an existing product's own. A new product has both. */
  tax: Partial<ProductTax>;
  /** The file has no name_hi / description_hi / how_to_use_hi column: an existing product keeps its own (a blank cell clears it). */
  keepsHindi: { name: boolean; description: boolean; howToUse: boolean };
  /** The file has no price_breaks column: an existing product's sizes keep their quantity prices (those still below the size's price). */
  keepsPriceBreaks: boolean;
};

export type CatalogFile = { products: CsvProduct[]; errors: RowError[]; rowCount: number };

/**
 * A product of the file as its form would post it: the HSN code and GST rate the file gives, and
 * for what it leaves out, the product's own (`current`). Without `current` (a new product), null
 * when the file leaves either out — readCatalogFile has refused such a product already.
 */
export function csvProductInput(p: CsvProduct, current: CurrentProduct): ProductFormInput;
export function csvProductInput(p: CsvProduct): ProductFormInput | null;
export function csvProductInput(p: CsvProduct, current?: CurrentProduct): ProductFormInput | null {
  const hsnCode = p.tax.hsnCode ?? current?.hsnCode;
  const gstRate = p.tax.gstRate ?? current?.gstRate;
  if (hsnCode === undefined || gstRate === undefined) return null;
  const nameHi = p.keepsHindi.name && current ? (current.nameHi ?? null) : p.input.nameHi;
  const descriptionHi = p.keepsHindi.description && current ? (current.descriptionHi ?? null) : p.input.descriptionHi;
  const howToUseHi = p.keepsHindi.howToUse && current ? (current.howToUseHi ?? null) : p.input.howToUseHi;
  const variants =
    p.keepsPriceBreaks && current?.variants
      ? p.input.variants.map((v) => {
          const kept = current.variants?.find((c) => c.id === v.id)?.priceBreaks ?? [];
          return { ...v, priceBreaks: kept.filter((b) => b.pricePaise < v.pricePaise) };
        })
      : p.input.variants;
  return { ...p.input, variants, nameHi, descriptionHi, howToUseHi, hsnCode, gstRate };
}

/** What an import keeps of an existing product when the file leaves it out: its tax, its Hindi. */
type CurrentProduct = ProductTax & {
  nameHi?: string | null;
  descriptionHi?: string | null;
  howToUseHi?: string | null;
  variants?: readonly { id?: string; priceBreaks?: readonly PriceBreak[] }[];
};

/** A data row of the file: its spreadsheet number and its cells (already trimmed, formula guards taken off). */
type Row = { row: number; cell: (column: CatalogColumn) => string };

const ID = /^[a-z0-9]{6,40}$/;

/** A row with nothing in it (a spreadsheet's blank line): skipped, not counted. */
export const isBlankRecord = (record: readonly string[]) => record.every((c) => unguardFormula(c).trim() === "");

/** The name of a file's column for a message: its header, or its number when the header has none. */
export const columnName = (headerCells: readonly string[], index: number) =>
  (headerCells[index] ?? "").trim().slice(0, 40) || String(index + 1);

/**
 * Reads the records of a product CSV (record 0 is the header) into products, each checked by the
 * product form's schema; every problem found is returned with its row and column. Blank rows are
 * skipped. Products with a problem are left out of `products`.
 */
export function readCatalogFile(records: readonly (readonly string[])[]): CatalogFile {
  const steps = readCatalogFileInSteps(records);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Rows read between two pauses of readCatalogFileInSteps (a product, its schema check above all, is one step). */
const ROWS_PER_STEP = 250;

/**
 * readCatalogFile as steps: it pauses (yields) after every few hundred rows and every product, so
 * the server can check a file of 10,000 rows in slices, answering other requests in between
 * (runInSlices). Pure: the pauses do nothing themselves.
 */
export function* readCatalogFileInSteps(records: readonly (readonly string[])[]): Generator<void, CatalogFile, void> {
  const [headerCells = [], ...dataRecords] = records;
  const { header, errors } = readCatalogHeader(headerCells);
  if (errors.length) return { products: [], errors, rowCount: 0 };
  const named = headerCells.map((c) => normaliseHeader(c) !== "");
  const keepsHindi = {
    name: header.name_hi === undefined,
    description: header.description_hi === undefined,
    howToUse: header.how_to_use_hi === undefined,
  };
  // A file from before the column (issue 31): an existing product's sizes keep their quantity prices.
  const keepsPriceBreaks = header.price_breaks === undefined;
  const rows: Row[] = [];
  for (const [index, record] of dataRecords.entries()) {
    if (index % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
    const row = index + 2;
    const clean = record.map((c) => unguardFormula(c).trim());
    if (clean.every((c) => c === "")) continue;
    if (clean.some((c, i) => c !== "" && !named[i]))
      errors.push({ row, column: NO_COLUMN, message: "This row has a value in a column without a name in the header row." });
    rows.push({ row, cell: (column) => clean[header[column] ?? -1] ?? "" });
  }

  // Rows by product, in the order products first appear.
  const groups = new Map<string, { key: ProductKey; rows: Row[] }>();
  for (const r of rows) {
    const id = r.cell("product_id");
    const handle = r.cell("handle");
    let key: ProductKey;
    if (id) {
      if (!ID.test(id)) {
        errors.push({
          row: r.row,
          column: "product_id",
          message: "This is not a product id. Leave it blank and give a handle to add a new product.",
        });
        continue;
      }
      key = { kind: "existing", id };
    } else if (handle) {
      if (handle.length > 100) {
        errors.push({ row: r.row, column: "handle", message: "The handle is too long (100 characters at most)." });
        continue;
      }
      key = { kind: "new", handle: handle.toLowerCase() };
    } else {
      errors.push({
        row: r.row,
        column: header.handle === undefined ? "product_id" : "handle",
        message:
          header.handle === undefined
            ? "Give the product_id of the product to update (add a handle column to add new products)."
            : "Give the product_id of a product to update, or a handle (the same on each of its rows) to add a new product.",
      });
      continue;
    }
    const groupKey = key.kind === "existing" ? `id:${key.id}` : `new:${key.handle}`;
    const group = groups.get(groupKey) ?? { key, rows: [] };
    group.rows.push(r);
    groups.set(groupKey, group);
  }

  const products: CsvProduct[] = [];
  for (const group of groups.values()) {
    yield;
    const product = readProduct(group.key, group.rows, errors, keepsHindi, keepsPriceBreaks);
    if (product) products.push(product);
  }
  errors.sort(byRowThenColumn);
  return { products, errors, rowCount: rows.length };
}

const columnOrder = (column: string) => {
  const i = (CATALOG_COLUMNS as readonly string[]).indexOf(column);
  return i < 0 ? -1 : i;
};
export const byRowThenColumn = (a: RowError, b: RowError) => a.row - b.row || columnOrder(a.column) - columnOrder(b.column);

/** One product's rows → its form input, or null (with its problems added to `errors`). */
function readProduct(
  key: ProductKey,
  rows: readonly Row[],
  errors: RowError[],
  keepsHindi: CsvProduct["keepsHindi"],
  keepsPriceBreaks: boolean,
): CsvProduct | null {
  const before = errors.length;
  const first = rows[0];
  if (!first) return null;
  // Each product field: its first non-blank cell; any other non-blank cell must say the same.
  const values: Partial<Record<ProductColumn, { value: string; row: number }>> = {};
  for (const r of rows) {
    for (const column of PRODUCT_COLUMNS) {
      const value = r.cell(column);
      if (!value) continue;
      const seen = values[column];
      if (!seen) values[column] = { value, row: r.row };
      else if (!sameValue(column, seen.value, value))
        errors.push({
          row: r.row,
          column,
          message: `This differs from row ${seen.row} of the same product. Give a product's ${column} once, or the same on each of its rows.`,
        });
    }
  }
  const field = (column: ProductColumn) => values[column]?.value ?? "";
  const fieldRow = (column: ProductColumn) => values[column]?.row ?? first.row;

  const sizes = rows.slice(0, MAX_VARIANTS);
  for (const extra of rows.slice(MAX_VARIANTS))
    errors.push({
      row: extra.row,
      column: "size_label",
      message: `A product has at most ${MAX_VARIANTS} pack sizes; this is size ${rows.indexOf(extra) + 1}.`,
    });
  for (const r of sizes) {
    const variantId = r.cell("variant_id");
    if (!variantId) continue;
    if (key.kind === "new")
      errors.push({ row: r.row, column: "variant_id", message: "A new product's sizes are new too: leave variant_id blank." });
    else if (!ID.test(variantId))
      errors.push({ row: r.row, column: "variant_id", message: "This is not a size id from an export. Leave it blank to add a size." });
  }

  let version: number | null = null;
  const versionCell = field("version");
  if (versionCell) {
    if (/^\d{1,9}$/.test(versionCell)) version = Number(versionCell);
    else
      errors.push({
        row: fieldRow("version"),
        column: "version",
        message: "The version is a whole number from the export: leave it as it was, or blank.",
      });
  }

  // Names a person may type (Seeds & Saplings, Kharif, kgs, Okra (Bhindi)) become the form's keys;
  // an unknown one is named with the choices.
  const category = field("category");
  const season = field("season");
  const dosageUnit = field("dosage_unit");
  const cropsRead = readCrops(field("crops"));
  if (cropsRead.unknown.length)
    errors.push({
      row: fieldRow("crops"),
      column: "crops",
      message: `Unknown crop${cropsRead.unknown.length > 1 ? "s" : ""} ${cropsRead.unknown.map((c) => `"${c.slice(0, 40)}"`).join(", ")}. Use: ${CROP_KEYS.join(", ")}.`,
    });
  const form = {
    name: field("name"),
    description: field("description"),
    category: CATEGORY_NAMES.get(lower(category)) ?? category,
    regulatedAs: lower(field("regulated_as")),
    brand: field("brand"),
    season: SEASON_NAMES.get(lower(season)) ?? season,
    crops: cropsRead.crops,
    dosageAmount: ungroup(field("dosage_per_acre")),
    dosageUnit: UNIT_NAMES.get(lower(dosageUnit)) ?? dosageUnit,
    howToUse: field("how_to_use"),
    nameHi: field("name_hi"),
    descriptionHi: field("description_hi"),
    howToUseHi: field("how_to_use_hi"),
    variants: sizes.map((r) => ({
      id: r.cell("variant_id"),
      label: r.cell("size_label"),
      packQuantity: ungroup(r.cell("pack_quantity")),
      packUnit: UNIT_NAMES.get(lower(r.cell("pack_unit"))) ?? r.cell("pack_unit"),
      sku: r.cell("sku"),
      mrp: r.cell("mrp_rupees"),
      price: r.cell("price_rupees"),
      stock: ungroup(r.cell("stock")),
      weight: ungroup(r.cell("weight_grams")),
      priceBreaks: r.cell("price_breaks"),
    })),
  };
  const parsed = ProductFieldsSchema.safeParse(form);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors.push(issueError(issue, sizes, fieldRow, form));
  }
  const tax = readTax(key, field, fieldRow, errors);
  if (errors.length > before || !parsed.success) return null;
  const image = field("image");
  return {
    key,
    rows: sizes.map((r) => r.row),
    fieldRow,
    version,
    image: image || null,
    input: parsed.data,
    tax,
    keepsHindi,
    keepsPriceBreaks,
  };
}

/**
 * HSN codes have 4, 6 or 8 digits, so a code of 3, 5 or 7 is most likely one whose leading 0 a
 * spreadsheet dropped (06022010 → 6022010). The form takes any 4 to 8 digits (gst.ts), so a 5- or
 * 7-digit code a product already has reads back unchanged; only a new one is refused (the plan
 * checks that, knowing the product's code).
 */
export function looksLikeLostZero(hsn: string): boolean {
  return /^(\d{3}|\d{5}|\d{7})$/.test(hsn);
}
export const HSN_LOST_ZERO = (digits: string) =>
  `HSN codes have 4, 6 or 8 digits; "${digits}" has ${digits.length}. If it began with 0, the spreadsheet dropped it: format the column as Text and type the code again.`;

/** A product's HSN code and GST rate cells: what they give, and a problem for each wrong one (or missing one, for a new product). */
function readTax(
  key: ProductKey,
  field: (column: ProductColumn) => string,
  fieldRow: (column: ProductColumn) => number,
  errors: RowError[],
): Partial<ProductTax> {
  const tax: Partial<ProductTax> = {};
  const hsnCell = field("hsn_code");
  const hsn = validateHsn(hsnCell);
  if (hsnCell === "") {
    if (key.kind === "new")
      errors.push({
        row: fieldRow("hsn_code"),
        column: "hsn_code",
        message: "Enter the HSN code: a new product needs one (4 to 8 digits).",
      });
  } else if (!hsn.ok) {
    const digits = hsnCell.replace(/\s+/g, "");
    errors.push({ row: fieldRow("hsn_code"), column: "hsn_code", message: looksLikeLostZero(digits) ? HSN_LOST_ZERO(digits) : HSN_ERROR });
  } else tax.hsnCode = hsn.hsn;
  const rateCell = field("gst_rate");
  const rate: GstRate | null = readGstRate(rateCell);
  if (rateCell === "") {
    if (key.kind === "new")
      errors.push({
        row: fieldRow("gst_rate"),
        column: "gst_rate",
        message: `Enter the GST rate: a new product needs one (${RATE_CHOICES}).`,
      });
  } else if (rate === null)
    errors.push({
      row: fieldRow("gst_rate"),
      column: "gst_rate",
      message: `Unknown GST rate "${rateCell.slice(0, 40)}". Use ${RATE_CHOICES}, a plain number such as 5.`,
    });
  else tax.gstRate = rate;
  return tax;
}

const RATE_CHOICES = `${GST_RATES.slice(0, -1).join(", ")} or ${GST_RATES.at(-1)}`;

/** A schema issue as a cell's problem; choices that can be typed several ways get the CSV's own words. */
function issueError(
  issue: z.core.$ZodIssue,
  sizes: readonly Row[],
  fieldRow: (column: ProductColumn) => number,
  form: { category: string; season: string; dosageUnit: string; variants: { packUnit: string }[] },
): RowError {
  const [head, index, sub] = issue.path;
  if (head === "variants" && typeof index === "number") {
    const column = SIZE_COLUMN[String(sub) as keyof typeof SIZE_COLUMN] ?? "size_label";
    const row = sizes[index]?.row ?? sizes[0]?.row ?? 1;
    if (column === "pack_unit") return { row, column, message: unitMessage(form.variants[index]?.packUnit ?? "", "pack unit") };
    return { row, column, message: refusalOfIssue(issue) };
  }
  if (head === "variants") return { row: sizes[0]?.row ?? 1, column: "size_label", message: refusalOfIssue(issue) };
  const column = HEAD_COLUMN[String(head)];
  if (!column) return { row: sizes[0]?.row ?? 1, column: NO_COLUMN, message: refusalOfIssue(issue) };
  const row = fieldRow(column);
  if (column === "category")
    return {
      row,
      column,
      message: form.category
        ? `Unknown category "${form.category.slice(0, 40)}". Use ${CATEGORY_CHOICES}.`
        : `Enter the category: ${CATEGORY_CHOICES}.`,
    };
  if (column === "season")
    return { row, column, message: `Unknown season "${form.season.slice(0, 40)}". Use kharif, rabi, zaid or all, or leave it blank.` };
  if (column === "dosage_unit" && form.dosageUnit) return { row, column, message: unitMessage(form.dosageUnit, "dosage unit") };
  return { row, column, message: refusalOfIssue(issue) };
}

const unitMessage = (typed: string, what: string) =>
  typed ? `Unknown ${what} "${typed.slice(0, 40)}". Use ${UNIT_CHOICES}.` : `Enter the ${what}: ${UNIT_CHOICES}.`;

// ---------------------------------------------------------------- writing a file

/** A product as the export writes it and the import compares against. */
export type CatalogProduct = {
  id: string;
  version: number;
  name: string;
  description: string;
  category: CategoryKey;
  regulatedAs: LicenceKind | null;
  /** "" for a product that has none yet (made before 0019-gst) */
  hsnCode: string;
  gstRate: GstRate;
  image: string;
  brand: string | null;
  season: Season | null;
  crops: CropKey[];
  dosageAmount: number | null;
  dosageUnit: PackUnit | null;
  howToUse: string | null;
  /** 0023-hindi-catalogue: optional. */
  nameHi: string | null;
  descriptionHi: string | null;
  /** 0025-how-to-use-hindi: optional. */
  howToUseHi: string | null;
  variants: (VariantInput & { id: string })[];
};

/** A product's rows: its fields on the first, its sizes on each. */
export function catalogCsvRows(p: CatalogProduct): CsvValue[][] {
  return p.variants.map((v, i) => {
    const head = i === 0;
    const cells: Record<CatalogColumn, CsvValue> = {
      product_id: p.id,
      handle: "",
      version: head ? p.version : "",
      name: head ? p.name : "",
      name_hi: head ? p.nameHi : "",
      category: head ? p.category : "",
      regulated_as: head ? p.regulatedAs : "",
      hsn_code: head ? p.hsnCode : "",
      gst_rate: head ? p.gstRate : "",
      description: head ? p.description : "",
      description_hi: head ? p.descriptionHi : "",
      how_to_use_hi: head ? p.howToUseHi : "",
      brand: head ? p.brand : "",
      crops: head ? [...p.crops].sort().join(", ") : "",
      season: head ? p.season : "",
      dosage_per_acre: head && p.dosageAmount !== null ? String(p.dosageAmount) : "",
      dosage_unit: head ? p.dosageUnit : "",
      how_to_use: head ? p.howToUse : "",
      image: head ? p.image : "",
      variant_id: v.id,
      size_label: v.label,
      pack_quantity: String(v.packQuantity),
      pack_unit: v.packUnit,
      sku: v.sku,
      mrp_rupees: paiseToRupeeText(v.mrpPaise),
      price_rupees: paiseToRupeeText(v.pricePaise),
      stock: v.stock,
      weight_grams: v.weightGrams,
      price_breaks: formatPriceBreaksInput(v.priceBreaks),
    };
    return CATALOG_COLUMNS.map((c) => cells[c]);
  });
}

import { z } from "zod";
import { CATEGORY_KEYS } from "./categories";
import { CROP_KEYS, type CropKey, SEASONS, type Season } from "./crops";
import { type RefusalCode, refusalCode } from "../../../platform/core/refusal";
import { parseRupeesToPaise } from "../../../platform/core/rupee-input";
import { PACK_UNITS, type PackUnit } from "./pack-units";
import { MAX_VARIANTS, type VariantInput } from "./variants";
import { MAX_PRICE_BREAKS, parsePriceBreaksInput, type PriceBreaksProblem, priceBreaksProblem } from "./price-breaks-input";
import { FERTILIZER_CATEGORY_KINDS, regulatedAsFor } from "../../vendor-shops/domain/licences";
import { ProductTaxSchema } from "../../tax/domain/product-gst";

/*
 * The form's messages are refusal codes (docs/decisions/033-errors-as-codes.md); "product.invalid"
 * (spec §5, admin add-product: "Please fill all required fields correctly.") heads any refused form.
 */

/** Extra photos after the cover. */
export const MAX_GALLERY = 5;

/** A pack-size row of the form as typed: every field a string. */
export const VARIANT_ROW_FIELDS = [
  "id",
  "label",
  "packQuantity",
  "packUnit",
  "sku",
  "mrp",
  "price",
  "stock",
  "weight",
  "priceBreaks",
  "reorderLevel",
] as const;
export type VariantRowField = (typeof VARIANT_ROW_FIELDS)[number];
export type VariantRow = Record<VariantRowField, string>;
/** Fields whose emptiness makes a row blank (the unit select always has a value; the id is hidden). */
const TYPED_ROW_FIELDS = ["label", "packQuantity", "sku", "mrp", "price", "stock", "weight", "priceBreaks"] as const;
/** Rows past this index are not read: a form never renders them. */
const MAX_ROW_INDEX = MAX_VARIANTS * 2;

export const blankVariantRow = (): VariantRow => ({
  id: "",
  label: "",
  packQuantity: "",
  packUnit: "g",
  sku: "",
  mrp: "",
  price: "",
  stock: "",
  weight: "",
  priceBreaks: "",
  reorderLevel: "",
});

/** The name of a row's input, e.g. `variants[2].price`. */
export const variantFieldName = (row: number, field: VariantRowField) => `variants[${row}].${field}`;
/** The key of a row's field error, e.g. `variants.2.price`. */
export const variantErrorKey = (row: number, field: VariantRowField) => `variants.${row}.${field}`;

const money = (message: string) =>
  z
    .string()
    .transform((s) => parseRupeesToPaise(s))
    .refine((p): p is number => p !== null && p > 0 && p <= 100_000_000_00, message);
const STOCK = refusalCode("product.stock");
const stock = z.coerce.number(STOCK).int(STOCK).min(0, STOCK).max(1_000_000, refusalCode("product.stock_too_large"));
const positiveDecimal = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,3})?$/, message)
    .transform(Number)
    .refine((n) => n > 0, message);
const UNIT_MESSAGE = refusalCode("product.unit");

/** Grams a pack of this size ships as, when the seller leaves the weight empty (a piece: 1 kg). */
function defaultWeight(quantity: number, unit: PackUnit) {
  const grams = unit === "kg" || unit === "l" ? quantity * 1000 : unit === "g" || unit === "ml" ? quantity : 1000;
  return Math.min(1_000_000, Math.max(1, Math.ceil(grams)));
}

/** Each problem of typed quantity prices, as the form says it (issue 31). */
const PRICE_BREAKS_REFUSALS = {
  format: "product.price_breaks_format",
  too_many: "product.price_breaks_too_many",
  quantity: "product.price_breaks_quantity",
  price: "product.price_breaks_price",
  order: "product.price_breaks_order",
  not_lower: "product.price_breaks_not_lower",
} as const satisfies Record<PriceBreaksProblem, RefusalCode>;

const RowSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9]{6,40}$/)
      .optional()
      .catch(undefined),
    label: z.string().trim().min(1, refusalCode("product.size_label_required")).max(40, refusalCode("product.size_label_too_long")),
    packQuantity: positiveDecimal(refusalCode("product.pack_quantity")),
    packUnit: z.enum(PACK_UNITS, UNIT_MESSAGE),
    sku: z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .refine((s) => s === "" || /^[A-Z0-9._-]{3,40}$/.test(s), refusalCode("product.sku_format")),
    mrp: z
      .string()
      .trim()
      .pipe(z.literal("").or(money(refusalCode("product.mrp")))),
    price: money(refusalCode("product.price")),
    stock,
    weight: z
      .string()
      .trim()
      .refine((s) => s === "" || /^\d{1,7}$/.test(s), refusalCode("product.weight"))
      .transform((s) => (s === "" ? null : Number(s)))
      .refine((n) => n === null || (n > 0 && n <= 1_000_000), refusalCode("product.weight")),
    // Optional: the low-stock alerts list the size at or below it (docs/decisions/058-warehouse-work.md).
    reorderLevel: z
      .string()
      .trim()
      .refine((s) => s === "" || /^\d{1,7}$/.test(s), refusalCode("product.reorder_level"))
      .transform((s) => (s === "" ? null : Number(s)))
      .refine((n) => n === null || n <= 1_000_000, refusalCode("product.reorder_level"))
      // Absent (a CSV import, which has no such column): the size keeps the level it has.
      .optional(),
    // Quantity prices (issue 31), "10:1290, 25:1250": checked against the price below.
    priceBreaks: z
      .string()
      .max(200, refusalCode("product.price_breaks_format"))
      .transform((s) => parsePriceBreaksInput(s))
      .prefault(""),
  })
  .transform((row, ctx) => {
    const read = row.priceBreaks;
    const problem = "problem" in read ? read.problem : priceBreaksProblem(read.breaks, row.price);
    if (problem) {
      ctx.addIssue({
        code: "custom",
        path: ["priceBreaks"],
        message: refusalCode(PRICE_BREAKS_REFUSALS[problem]),
        ...(problem === "too_many" ? { params: { max: MAX_PRICE_BREAKS } } : {}),
      });
      return z.NEVER;
    }
    return { ...row, priceBreaks: "breaks" in read ? read.breaks : [] };
  })
  // The MRP is checked against the price with GST once the tax is known (mrp.ts, by the server).
  .transform(
    (row): VariantInput => ({
      ...(row.id ? { id: row.id } : {}),
      label: row.label,
      packQuantity: row.packQuantity,
      packUnit: row.packUnit,
      sku: row.sku,
      mrpPaise: row.mrp === "" ? row.price : row.mrp,
      mrpTyped: row.mrp !== "",
      pricePaise: row.price,
      stock: row.stock,
      weightGrams: row.weight ?? defaultWeight(row.packQuantity, row.packUnit),
      ...(row.priceBreaks.length ? { priceBreaks: row.priceBreaks } : {}),
      ...(row.reorderLevel !== undefined ? { reorderLevel: row.reorderLevel } : {}),
    }),
  );

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((s) => (s === "" ? null : s))
    .prefault("");

/** An optional choice: empty (or absent) is null, anything else must be valid. */
const emptyIsNull = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === undefined ? null : v), schema.nullable());

const DetailsSchema = z.object({
  brand: optionalText(80, refusalCode("product.brand_too_long")),
  season: emptyIsNull(z.enum(SEASONS, refusalCode("product.season"))),
  crops: z
    .array(z.enum(CROP_KEYS, refusalCode("product.crops")))
    .max(CROP_KEYS.length, refusalCode("product.crops"))
    .transform((crops) => [...new Set(crops)])
    .prefault([]),
  dosageAmount: emptyIsNull(positiveDecimal(refusalCode("product.dosage"))),
  dosageUnit: emptyIsNull(z.enum(PACK_UNITS, UNIT_MESSAGE)),
  howToUse: optionalText(2000, refusalCode("product.how_to_use_too_long")),
  // Issue 16: optional; a Hindi page shows the English where these are empty.
  nameHi: optionalText(200, refusalCode("product.name_hi_too_long")),
  descriptionHi: optionalText(2000, refusalCode("product.description_hi_too_long")),
  howToUseHi: optionalText(2000, refusalCode("product.how_to_use_hi_too_long")),
});

/** The product's own fields. */
const HeadSchema = z.object({
  name: z.string().trim().min(1, refusalCode("product.name_required")).max(200, refusalCode("product.name_too_long")),
  description: z.string().trim().max(2000, refusalCode("product.description_too_long")).default(""),
  category: z.enum(CATEGORY_KEYS, refusalCode("product.category")),
});
const RowsSchema = z
  .array(
    z.record(z.string(), z.string(refusalCode("common.form_missing")), refusalCode("common.form_missing")).nullable(),
    refusalCode("common.form_missing"),
  )
  .refine((rows) => rows.length <= MAX_ROW_INDEX, { message: refusalCode("product.too_many_sizes"), params: { max: MAX_VARIANTS } });

/** A problem on the form: its refusal code, and a custom issue's values (a GST rate's choices). */
type Fail = (path: (string | number)[], message: string, params?: Record<string, unknown>) => void;
type Take = <T>(schema: z.ZodType<T>, value: unknown, pathOf: (issue: z.core.$ZodIssue) => (string | number)[]) => T | undefined;

/** A form's fields, as the schemas below receive them. */
const FormObject = z.object({ variants: z.unknown().optional(), price: z.unknown().optional(), stock: z.unknown().optional() }).loose();
type FormObject = z.output<typeof FormObject>;

/** Parses with `schema`, naming each of its issues on the form (by `pathOf`); undefined when refused. */
function taker(fail: Fail): Take {
  return (schema, value, pathOf) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) fail(pathOf(issue), issue.message, issue.code === "custom" ? issue.params : undefined);
    return undefined;
  };
}

/** Everything of the product form but its tax: undefined when any of it is wrong (each problem reported through `fail`). */
function readProductFields(form: FormObject, fail: Fail) {
  let failed = false;
  const failHere: Fail = (path, message, params) => {
    failed = true;
    fail(path, message, params);
  };
  const take = taker(failHere);
  const head = take(HeadSchema, form, (issue) => issue.path.slice(0, 1) as string[]);
  const details = take(DetailsSchema, form, (issue) => issue.path.slice(0, 1) as string[]);
  const variants: VariantInput[] = [];
  /** The form row each size came from (blank rows are skipped), to name a later problem on its row. */
  const variantRows: number[] = [];
  if (form.variants === undefined) {
    // One size: its errors belong to the form's own price and stock fields.
    const one = take(
      RowSchema,
      {
        ...blankVariantRow(),
        // The one-size form has no reorder level: the size keeps its own.
        reorderLevel: undefined,
        label: "Standard",
        packQuantity: "1",
        packUnit: "piece",
        weight: "1000",
        price: typeof form.price === "string" ? form.price : "",
        stock: form.stock,
      },
      (issue) => [issue.path[0] === "stock" ? "stock" : "price"],
    );
    if (one) variants.push(one);
  } else {
    const rows = take(RowsSchema, form.variants, () => ["variants"]) ?? [];
    const skus = new Set<string>();
    rows.forEach((row, index) => {
      if (!row) return;
      const size = take(RowSchema, { ...blankVariantRow(), ...row }, (issue) => ["variants", index, String(issue.path[0] ?? "label")]);
      // Repeats are found among the SKUs as typed, so a row with another error still counts.
      const sku = (row.sku ?? "").trim().toUpperCase();
      if (sku && skus.has(sku)) failHere(["variants", index, "sku"], refusalCode("product.sku_repeated"));
      if (sku) skus.add(sku);
      if (size) {
        variants.push(size);
        variantRows.push(index);
      }
    });
    const count = rows.filter(Boolean).length;
    if (count === 0) failHere(["variants"], refusalCode("product.no_sizes"));
    if (count > MAX_VARIANTS) failHere(["variants"], refusalCode("product.too_many_sizes"), { max: MAX_VARIANTS });
  }
  // Both or neither, judged on what was typed.
  const typed = (v: unknown) => typeof v === "string" && v.trim() !== "";
  if (typed(form.dosageAmount) && !typed(form.dosageUnit)) failHere(["dosageUnit"], refusalCode("product.dosage_unit"));
  if (!typed(form.dosageAmount) && typed(form.dosageUnit)) failHere(["dosageAmount"], refusalCode("product.dosage_amount"));
  // Only the fertilizers category offers a choice (fertiliser or pesticide); for the others the
  // category decides, whatever the form sent (a select left over from another category, say).
  const regulated = typeof form.regulatedAs === "string" ? form.regulatedAs.trim() : "";
  if (head?.category === "fertilizers" && regulated !== "" && !(FERTILIZER_CATEGORY_KINDS as readonly string[]).includes(regulated))
    failHere(["regulatedAs"], refusalCode("product.regulated_as"));
  if (!head || !details || failed) return undefined;
  return {
    ...head,
    regulatedAs: regulatedAsFor(head.category, regulated),
    variants,
    ...(form.variants === undefined ? {} : { variantRows }),
    singleSize: form.variants === undefined,
    brand: details.brand,
    season: details.season as Season | null,
    crops: details.crops as CropKey[],
    dosageAmount: details.dosageAmount,
    dosageUnit: details.dosageUnit as PackUnit | null,
    howToUse: details.howToUse,
    nameHi: details.nameHi,
    descriptionHi: details.descriptionHi,
    howToUseHi: details.howToUseHi,
  };
}

const failOn =
  (ctx: z.RefinementCtx): Fail =>
  (path, message, params) =>
    ctx.addIssue({ code: "custom", path, message, ...(params ? { params } : {}) });

/**
 * A product's fields without its tax: the product CSV's rows, whose HSN code and GST rate may be
 * left blank to keep a product's own (catalog-csv.ts reads those two itself).
 */
export const ProductFieldsSchema = FormObject.transform((form, ctx) => readProductFields(form, failOn(ctx)) ?? z.NEVER);
export type ProductFieldsInput = z.output<typeof ProductFieldsSchema>;

/**
 * The product form: its fields, its pack sizes (`variants`, rows by index; a blank row is null and
 * ignored), the details for farmers, and its HSN code and GST rate (`hsnCode`, `gstRate`; required).
 * A form without `variants` sends one size as `price` and `stock` (older forms and scripts): then
 * `singleSize` is true and an edit changes only the product's first size. Every part is checked, so
 * all wrong fields are named at once.
 */
export const ProductFormSchema = FormObject.transform((form, ctx) => {
  const fail = failOn(ctx);
  const fields = readProductFields(form, fail);
  const tax = taker(fail)(ProductTaxSchema, form, (issue) => issue.path.slice(0, 1) as string[]);
  if (!fields || !tax) return z.NEVER;
  // A subsidised fertiliser (docs/decisions/057-territory.md): ticked on the form, meaningful only for
  // a fertiliser. The product CSV has no such column: an import leaves the flag as it is (undefined).
  const flag: { subsidised?: boolean } = { subsidised: form.subsidised === "on" && fields.regulatedAs === "fertiliser" };
  return { ...fields, hsnCode: tax.hsnCode, gstRate: tax.gstRate, ...flag };
});
export type ProductFormInput = z.output<typeof ProductFormSchema>;

/** A refused form's first issue of each field, by its key: `name`, `price`, `variants.2.sku`, `crops`… */
export function productFormIssues(error: z.ZodError): Record<string, z.core.$ZodIssue> {
  const out: Record<string, z.core.$ZodIssue> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "form";
    // A crop's issue names its position in the list; the checkboxes share one message.
    const field = key.startsWith("crops.") ? "crops" : key;
    out[field] ??= issue;
  }
  return out;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** The form's rows by index, strings as typed (blank rows included, as blank). */
export function variantRowsOf(form: FormData): VariantRow[] | undefined {
  const rows: VariantRow[] = [];
  let any = false;
  for (const [key, value] of form) {
    const match = /^variants\[(\d{1,2})\]\.(\w+)$/.exec(key);
    const index = Number(match?.[1]);
    const field = match?.[2] as VariantRowField | undefined;
    if (!field || !(VARIANT_ROW_FIELDS as readonly string[]).includes(field) || !(index < MAX_ROW_INDEX) || typeof value !== "string")
      continue;
    any = true;
    while (rows.length <= index) rows.push(blankVariantRow());
    const row = rows[index];
    if (row) row[field] = value;
  }
  return any ? rows : undefined;
}

export const isBlankRow = (row: VariantRow) => TYPED_ROW_FIELDS.every((f) => row[f].trim() === "");

/** A posted product form as ProductFormSchema reads it. */
export function productFormFields(form: FormData) {
  const rows = variantRowsOf(form);
  const stockField = form.get("stock");
  return {
    name: text(form, "name"),
    description: text(form, "description"),
    category: text(form, "category"),
    regulatedAs: text(form, "regulatedAs"),
    subsidised: text(form, "subsidised"),
    ...(rows
      ? { variants: rows.map((row) => (isBlankRow(row) ? null : row)) }
      : { price: text(form, "price"), stock: stockField === "" || stockField === null ? undefined : stockField }),
    brand: text(form, "brand"),
    season: text(form, "season"),
    crops: form.getAll("crops").filter((c): c is string => typeof c === "string"),
    dosageAmount: text(form, "dosageAmount"),
    dosageUnit: text(form, "dosageUnit"),
    howToUse: text(form, "howToUse"),
    nameHi: text(form, "nameHi"),
    descriptionHi: text(form, "descriptionHi"),
    howToUseHi: text(form, "howToUseHi"),
    hsnCode: text(form, "hsnCode"),
    gstRate: text(form, "gstRate"),
  };
}

import { z } from "zod";
import { CATEGORY_KEYS } from "./categories";
import { CROP_KEYS, type CropKey, SEASONS, type Season } from "./crops";
import { parseRupeesToPaise } from "../../../platform/core/rupee-input";
import { PACK_UNITS, type PackUnit } from "./pack-units";
import { MAX_VARIANTS, type VariantInput } from "./variants";
import { FERTILIZER_CATEGORY_KINDS, REGULATED_AS_INVALID, regulatedAsFor } from "../../vendor-shops/domain/licences";
import { ProductTaxSchema } from "../../tax/domain/product-gst";

/** Spec §5 (admin add-product): shown whenever any field is wrong. */
export const PRODUCT_FORM_INVALID = "Please fill all required fields correctly.";
export const PRICE_ABOVE_MRP = "The price cannot be above the MRP.";
export const SKU_TAKEN = "This SKU is already used by another product.";
export const SKU_REPEATED = "Each pack size needs its own SKU.";
export const NO_SIZES = "Add at least one pack size.";
/** Extra photos after the cover. */
export const MAX_GALLERY = 5;
export const GALLERY_FULL = `At most ${MAX_GALLERY} extra photos. Remove one before adding more.`;

/** A pack-size row of the form as typed: every field a string. */
export const VARIANT_ROW_FIELDS = ["id", "label", "packQuantity", "packUnit", "sku", "mrp", "price", "stock", "weight"] as const;
export type VariantRowField = (typeof VARIANT_ROW_FIELDS)[number];
export type VariantRow = Record<VariantRowField, string>;
/** Fields whose emptiness makes a row blank (the unit select always has a value; the id is hidden). */
const TYPED_ROW_FIELDS = ["label", "packQuantity", "sku", "mrp", "price", "stock", "weight"] as const;
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
const stock = z.coerce
  .number("Stock must be a whole number, 0 or more.")
  .int("Stock must be a whole number, 0 or more.")
  .min(0, "Stock must be a whole number, 0 or more.")
  .max(1_000_000, "Stock is too large.");
const positiveDecimal = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,3})?$/, message)
    .transform(Number)
    .refine((n) => n > 0, message);
const UNIT_MESSAGE = "Choose a unit from the list.";

/** Grams a pack of this size ships as, when the seller leaves the weight empty (a piece: 1 kg). */
function defaultWeight(quantity: number, unit: PackUnit) {
  const grams = unit === "kg" || unit === "l" ? quantity * 1000 : unit === "g" || unit === "ml" ? quantity : 1000;
  return Math.min(1_000_000, Math.max(1, Math.ceil(grams)));
}

const RowSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9]{6,40}$/)
      .optional()
      .catch(undefined),
    label: z.string().trim().min(1, "Enter the size, e.g. 500 g.").max(40, "The size's label is too long (40 characters at most)."),
    packQuantity: positiveDecimal("Enter the pack quantity, a number above 0 (e.g. 500 or 2.5)."),
    packUnit: z.enum(PACK_UNITS, UNIT_MESSAGE),
    sku: z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .refine((s) => s === "" || /^[A-Z0-9._-]{3,40}$/.test(s), "A SKU is 3 to 40 letters, digits, dashes, underscores or dots."),
    mrp: z
      .string()
      .trim()
      .pipe(z.literal("").or(money("The MRP must be above ₹0 (at most two decimals)."))),
    price: money("The price must be above ₹0 (at most two decimals)."),
    stock,
    weight: z
      .string()
      .trim()
      .refine((s) => s === "" || /^\d{1,7}$/.test(s), "The shipping weight is a whole number of grams above 0.")
      .transform((s) => (s === "" ? null : Number(s)))
      .refine((n) => n === null || (n > 0 && n <= 1_000_000), "The shipping weight is a whole number of grams above 0."),
  })
  .superRefine((row, ctx) => {
    if (row.mrp !== "" && row.price > row.mrp) ctx.addIssue({ code: "custom", path: ["price"], message: PRICE_ABOVE_MRP });
  })
  .transform(
    (row): VariantInput => ({
      ...(row.id ? { id: row.id } : {}),
      label: row.label,
      packQuantity: row.packQuantity,
      packUnit: row.packUnit,
      sku: row.sku,
      mrpPaise: row.mrp === "" ? row.price : row.mrp,
      pricePaise: row.price,
      stock: row.stock,
      weightGrams: row.weight ?? defaultWeight(row.packQuantity, row.packUnit),
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
  brand: optionalText(80, "The brand is too long (80 characters at most)."),
  season: emptyIsNull(z.enum(SEASONS, "Choose a season from the list.")),
  crops: z
    .array(z.enum(CROP_KEYS, "Choose crops from the list."))
    .max(CROP_KEYS.length, "Choose crops from the list.")
    .transform((crops) => [...new Set(crops)])
    .prefault([]),
  dosageAmount: emptyIsNull(positiveDecimal("Enter the dosage per acre as a number above 0.")),
  dosageUnit: emptyIsNull(z.enum(PACK_UNITS, UNIT_MESSAGE)),
  howToUse: optionalText(2000, "How to use is too long (2,000 characters at most)."),
  // Issue 16: optional; a Hindi page shows the English where these are empty.
  nameHi: optionalText(200, "The name in Hindi is too long (200 characters at most)."),
  descriptionHi: optionalText(2000, "The description in Hindi is too long (2,000 characters at most)."),
  howToUseHi: optionalText(2000, "How to use in Hindi is too long (2,000 characters at most)."),
});

/** The product's own fields. */
const HeadSchema = z.object({
  name: z.string().trim().min(1, "Enter the product name.").max(200, "The name is too long (200 characters at most)."),
  description: z.string().trim().max(2000, "The description is too long (2,000 characters at most).").default(""),
  category: z.enum(CATEGORY_KEYS, "Choose a category."),
});
const RowsSchema = z.array(z.record(z.string(), z.string()).nullable()).max(MAX_ROW_INDEX);

type Fail = (path: (string | number)[], message: string) => void;
type Take = <T>(schema: z.ZodType<T>, value: unknown, pathOf: (issue: z.core.$ZodIssue) => (string | number)[]) => T | undefined;

/** A form's fields, as the schemas below receive them. */
const FormObject = z.object({ variants: z.unknown().optional(), price: z.unknown().optional(), stock: z.unknown().optional() }).loose();
type FormObject = z.output<typeof FormObject>;

/** Parses with `schema`, naming each of its issues on the form (by `pathOf`); undefined when refused. */
function taker(fail: Fail): Take {
  return (schema, value, pathOf) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) fail(pathOf(issue), issue.message);
    return undefined;
  };
}

/** Everything of the product form but its tax: undefined when any of it is wrong (each problem reported through `fail`). */
function readProductFields(form: FormObject, fail: Fail) {
  let failed = false;
  const failHere: Fail = (path, message) => {
    failed = true;
    fail(path, message);
  };
  const take = taker(failHere);
  const head = take(HeadSchema, form, (issue) => issue.path.slice(0, 1) as string[]);
  const details = take(DetailsSchema, form, (issue) => issue.path.slice(0, 1) as string[]);
  const variants: VariantInput[] = [];
  if (form.variants === undefined) {
    // One size: its errors belong to the form's own price and stock fields.
    const one = take(
      RowSchema,
      {
        ...blankVariantRow(),
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
      if (sku && skus.has(sku)) failHere(["variants", index, "sku"], SKU_REPEATED);
      if (sku) skus.add(sku);
      if (size) variants.push(size);
    });
    const count = rows.filter(Boolean).length;
    if (count === 0) failHere(["variants"], NO_SIZES);
    if (count > MAX_VARIANTS) failHere(["variants"], `At most ${MAX_VARIANTS} pack sizes.`);
  }
  // Both or neither, judged on what was typed.
  const typed = (v: unknown) => typeof v === "string" && v.trim() !== "";
  if (typed(form.dosageAmount) && !typed(form.dosageUnit)) failHere(["dosageUnit"], "Choose the unit of the dosage.");
  if (!typed(form.dosageAmount) && typed(form.dosageUnit)) failHere(["dosageAmount"], "Enter the dosage per acre, or clear its unit.");
  // Only the fertilizers category offers a choice (fertiliser or pesticide); for the others the
  // category decides, whatever the form sent (a select left over from another category, say).
  const regulated = typeof form.regulatedAs === "string" ? form.regulatedAs.trim() : "";
  if (head?.category === "fertilizers" && regulated !== "" && !(FERTILIZER_CATEGORY_KINDS as readonly string[]).includes(regulated))
    failHere(["regulatedAs"], REGULATED_AS_INVALID);
  if (!head || !details || failed) return undefined;
  return {
    ...head,
    regulatedAs: regulatedAsFor(head.category, regulated),
    variants,
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
  (path, message) =>
    ctx.addIssue({ code: "custom", path, message });

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
  return { ...fields, hsnCode: tax.hsnCode, gstRate: tax.gstRate };
});
export type ProductFormInput = z.output<typeof ProductFormSchema>;

/** Keys of a refused form's field errors: `name`, `price`, `variants.2.sku`, `crops`… */
export function productFormErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "form";
    // A crop's issue names its position in the list; the checkboxes share one message.
    const field = key.startsWith("crops.") ? "crops" : key;
    out[field] ??= issue.message;
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

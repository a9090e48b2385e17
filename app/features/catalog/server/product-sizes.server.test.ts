import { describe, expect, it } from "vitest";
import { createProduct as makeProduct, createVendor, versionOf } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { defined } from "~/platform/defined";
import { ProductFormSchema, type ProductFormInput, productFormFields } from "~/features/catalog/domain/product-form";
import { createVendorProduct, updateVendorProduct } from "../../vendor-shops/server/vendor-products.server";
import { parseProductForm, productFormErrors } from "./parse-product-form.server";
import { getProductFormExtras } from "./product-form-extras.server";
import { createProduct, SkuTaken, updateProduct } from "./save-product.server";

const PRODUCT_FORM_INVALID = "Please fill all required fields correctly.";
/** A price whose GST takes a unit above its MRP (mrp.ts), as the form says it. */
const priceAboveMrp = (charged: string, mrp: string, max: string) =>
  `With GST a unit comes to ${charged}, above its MRP of ${mrp}: selling above the MRP is not allowed. Set the price (before GST) to ${max} or less, or correct the MRP.`;
const SKU_TAKEN = "This SKU is already used by another product.";
const SKU_REPEATED = "Each pack size needs its own SKU.";
const NO_SIZES = "Add at least one pack size.";

let n = 0;
const must = <T>(value: T | undefined | null) => defined(value, "a value");
const tag = () => `${Date.now().toString(36)}${(n++).toString(36)}`.toUpperCase();

/** A posted product form: its fields and its size rows (`variants[i].field`). */
function formOf(fields: Record<string, string | string[]>, rows: Record<string, string>[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
  rows.forEach((row, i) => {
    for (const [k, v] of Object.entries(row)) form.append(`variants[${i}].${k}`, v);
  });
  return form;
}

const base = { name: "Hybrid Tomato Seed", description: "Heat tolerant.", category: "seeds", hsnCode: "12099160", gstRate: "0" };
const blank = { label: "", packQuantity: "", packUnit: "g", sku: "", mrp: "", price: "", stock: "", weight: "" };
const threeSizes = (sku: string) => [
  { label: "10 g", packQuantity: "10", packUnit: "g", sku: `${sku}-10`, mrp: "120", price: "99", stock: "40", weight: "50" },
  { label: "50 g", packQuantity: "50", packUnit: "g", sku: `${sku}-50`, mrp: "450", price: "399.50", stock: "12", weight: "" },
  { label: "250 g", packQuantity: "250", packUnit: "g", sku: "", mrp: "", price: "1800", stock: "0", weight: "300" },
];

function parse(form: FormData) {
  const parsed = ProductFormSchema.safeParse(productFormFields(form));
  return parsed.success ? { ok: true as const, input: parsed.data } : { ok: false as const, fields: productFormErrors(parsed.error) };
}

function parsedInput(form: FormData): ProductFormInput {
  const parsed = parse(form);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fields));
  return parsed.input;
}

describe("the product form's pack sizes", () => {
  it("reads each filled row as a size, skips blank rows, and fills an empty MRP, SKU and weight", async () => {
    const sku = tag();
    const input = parsedInput(formOf(base, [...threeSizes(sku.toLowerCase()), blank]));
    expect(input.singleSize).toBe(false);
    expect(input.variants).toEqual([
      {
        label: "10 g",
        packQuantity: 10,
        packUnit: "g",
        sku: `${sku}-10`,
        mrpPaise: 12_000,
        mrpTyped: true,
        pricePaise: 9_900,
        stock: 40,
        weightGrams: 50,
        reorderLevel: null,
      },
      {
        label: "50 g",
        packQuantity: 50,
        packUnit: "g",
        sku: `${sku}-50`,
        mrpPaise: 45_000,
        mrpTyped: true,
        pricePaise: 39_950,
        stock: 12,
        weightGrams: 50,
        reorderLevel: null,
      },
      {
        label: "250 g",
        packQuantity: 250,
        packUnit: "g",
        sku: "",
        mrpPaise: 180_000,
        mrpTyped: false,
        pricePaise: 180_000,
        stock: 0,
        weightGrams: 300,
        reorderLevel: null,
      },
    ]);
    // The server then makes an empty MRP what the size is charged with its GST: ₹1,800 + 5% = ₹1,890;
    // a typed one stays as typed.
    const parsed = await parseProductForm(formOf({ ...base, gstRate: "5" }, threeSizes(tag())), { editing: false });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fields));
    expect(parsed.input.variants.map((v) => [v.label, v.mrpPaise, v.pricePaise])).toEqual([
      ["10 g", 12_000, 9_900],
      ["50 g", 45_000, 39_950],
      ["250 g", 189_000, 180_000],
    ]);
  });

  it("names the wrong field of the right row: a price above the MRP, a repeated SKU, a bad quantity or unit", async () => {
    const rows = threeSizes("DUP");
    const result = parse(
      formOf(base, [
        { ...rows[0] },
        blank,
        { ...rows[1], sku: "dup-10" },
        { ...rows[2], packQuantity: "0", packUnit: "barrel", stock: "1.5", label: "x".repeat(41) },
      ]),
    );
    expect(result).toEqual({
      ok: false,
      fields: {
        "variants.2.sku": SKU_REPEATED,
        "variants.3.label": "The size's label is too long (40 characters at most).",
        "variants.3.packQuantity": "Enter the pack quantity, a number above 0 (e.g. 500 or 2.5).",
        "variants.3.packUnit": "Choose a unit from the list.",
        "variants.3.stock": "Stock must be a whole number, 0 or more.",
      },
    });
    // The MRP is checked against the price with GST once the form is read (mrp.ts), on the size's own
    // row (the blank row before it counted): ₹115 + 5% GST (₹2.88 + ₹2.88, each half rounded up) =
    // ₹120.76 against an MRP of ₹120; ₹114.28 + ₹2.86 + ₹2.86 = ₹120 is the most it may be.
    const aboveMrp = formOf({ ...base, gstRate: "5" }, [blank, { ...rows[0], price: "115" }]);
    expect(await parseProductForm(aboveMrp, { editing: false })).toEqual({
      ok: false,
      error: PRODUCT_FORM_INVALID,
      fields: { "variants.1.price": priceAboveMrp("₹120.76", "₹120", "₹114.28") },
    });
  });

  it("needs at least one size, and says so with the rest of the form's errors", () => {
    expect(parse(formOf({ ...base, name: "" }, [blank, blank]))).toEqual({
      ok: false,
      fields: { name: "Enter the product name.", variants: NO_SIZES },
    });
  });

  it("reads the details: brand, season, crops, dosage (amount and unit together) and how to use", () => {
    const details = {
      brand: " Namdhari ",
      season: "kharif",
      crops: ["tomato", "chilli", "tomato"],
      dosageAmount: "2.5",
      dosageUnit: "kg",
      howToUse: "Sow in nursery beds.",
      howToUseHi: "  नर्सरी की क्यारियों में बोएँ।\n",
    };
    expect(parsedInput(formOf({ ...base, ...details }, threeSizes(tag())))).toMatchObject({
      brand: "Namdhari",
      season: "kharif",
      crops: ["tomato", "chilli"],
      dosageAmount: 2.5,
      dosageUnit: "kg",
      howToUse: "Sow in nursery beds.",
      howToUseHi: "नर्सरी की क्यारियों में बोएँ।",
    });
    expect(parsedInput(formOf({ ...base, howToUseHi: "   " }, threeSizes(tag())))).toMatchObject({ howToUseHi: null });
    expect(parsedInput(formOf({ ...base, howToUseHi: "क".repeat(2000) }, threeSizes(tag()))).howToUseHi).toHaveLength(2000);
    expect(parse(formOf({ ...base, howToUseHi: "क".repeat(2001) }, threeSizes(tag())))).toEqual({
      ok: false,
      fields: { howToUseHi: "How to use in Hindi is too long (2,000 characters at most)." },
    });
    expect(parse(formOf({ ...base, season: "monsoon", crops: ["rice"], dosageAmount: "3" }, threeSizes(tag())))).toEqual({
      ok: false,
      fields: {
        season: "Choose a season from the list.",
        crops: "Choose crops from the list.",
        dosageUnit: "Choose the unit of the dosage.",
      },
    });
    expect(parse(formOf({ ...base, dosageUnit: "l" }, threeSizes(tag())))).toEqual({
      ok: false,
      fields: { dosageAmount: "Enter the dosage per acre, or clear its unit." },
    });
  });

  it("a refused form stores no picture and answers with the spec's message", async () => {
    const form = formOf(base, [{ ...threeSizes("X")[0], price: "500" }]);
    expect(await parseProductForm(form, { editing: false })).toEqual({
      ok: false,
      error: PRODUCT_FORM_INVALID,
      // A nil-rated size (the form's GST rate is 0): charged its price, ₹500, against an MRP of ₹120.
      fields: { "variants.0.price": priceAboveMrp("₹500", "₹120", "₹120") },
    });
  });
});

const sizesOf = async (productId: string) =>
  getDb()
    .selectFrom("product_variant")
    .select(["id", "label", "sku", "price_paise", "mrp_paise", "stock", "position"])
    .where("product_id", "=", productId)
    .orderBy("position")
    .execute();
const productRow = (id: string) =>
  getDb()
    .selectFrom("product")
    .select([
      "name",
      "price_paise",
      "mrp_paise",
      "stock",
      "price_varies",
      "brand",
      "season",
      "dosage_amount",
      "dosage_unit",
      "how_to_use",
      "how_to_use_hi",
      "version",
    ])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

describe("saving sizes and details", () => {
  it("creates a product in three sizes with its details and crops; the row keeps the summary", async () => {
    const sku = tag();
    const input = parsedInput(
      formOf(
        {
          ...base,
          brand: "Namdhari",
          season: "rabi",
          crops: ["tomato", "onion"],
          dosageAmount: "100",
          dosageUnit: "g",
          howToUse: "Sow in nursery beds.",
          howToUseHi: "नर्सरी की क्यारियों में बोएँ।",
        },
        threeSizes(sku),
      ),
    );
    const { id } = await createProduct(input, { status: "live" });
    const sizes = await sizesOf(id);
    expect(sizes.map((s) => [s.label, s.sku, Number(s.price_paise), Number(s.stock)])).toEqual([
      ["10 g", `${sku}-10`, 9_900, 40],
      ["50 g", `${sku}-50`, 39_950, 12],
      ["250 g", `AG-${must(sizes[2]?.id).toUpperCase()}`, 180_000, 0],
    ]);
    expect(sizes[0]?.id).toBe(id);
    const row = await productRow(id);
    expect({
      ...row,
      price_varies: Boolean(row.price_varies),
      price_paise: Number(row.price_paise),
      mrp_paise: Number(row.mrp_paise),
    }).toMatchObject({
      price_paise: 9_900,
      mrp_paise: 12_000,
      stock: 52,
      price_varies: true,
      brand: "Namdhari",
      season: "rabi",
      dosage_unit: "g",
      how_to_use: "Sow in nursery beds.",
      how_to_use_hi: "नर्सरी की क्यारियों में बोएँ।",
    });
    expect(Number(row.dosage_amount)).toBe(100);
    const extras = await getProductFormExtras(id);
    expect(extras?.crops).toEqual(["onion", "tomato"]);
    expect(extras?.howToUseHi).toBe("नर्सरी की क्यारियों में बोएँ।");
  });

  it("an edit keeps the ids of the sizes it names, adds new ones and deletes the ones left out", async () => {
    const sku = tag();
    const { id } = await createProduct(parsedInput(formOf({ ...base, crops: ["tomato"] }, threeSizes(sku))), { status: "live" });
    const before = await sizesOf(id);
    const rows = threeSizes(sku);
    const form = formOf({ ...base, name: "Tomato Seed, new pack", crops: ["paddy"], howToUseHi: "रोपाई 25 दिन बाद करें।" }, [
      { ...rows[0], id: must(before[0]?.id), price: "95" },
      // The 50 g size is left out (its row cleared), the 250 g one kept, a 1 kg one added.
      { ...blank, id: must(before[1]?.id) },
      { ...rows[2], id: must(before[2]?.id), stock: "5" },
      { label: "1 kg", packQuantity: "1", packUnit: "kg", sku: `${sku}-1K`, mrp: "", price: "6000", stock: "2", weight: "" },
    ]);
    expect(await updateProduct(id, parsedInput(form), { version: await versionOf(id) })).toBe("updated");
    const after = await sizesOf(id);
    expect(after.map((s) => s.id).slice(0, 2)).toEqual([before[0]?.id, before[2]?.id]);
    expect(after.map((s) => [s.label, Number(s.price_paise), Number(s.stock)])).toEqual([
      ["10 g", 9_500, 40],
      ["250 g", 180_000, 5],
      ["1 kg", 600_000, 2],
    ]);
    expect(after.some((s) => s.id === before[1]?.id)).toBe(false);
    expect((await getProductFormExtras(id))?.crops).toEqual(["paddy"]);
    expect(Number((await productRow(id)).stock)).toBe(47);
    expect((await productRow(id)).how_to_use_hi).toBe("रोपाई 25 दिन बाद करें।");
  });

  it("an edit that empties how to use in Hindi clears it", async () => {
    const sku = tag();
    const { id } = await createProduct(parsedInput(formOf({ ...base, howToUseHi: "रोपाई 25 दिन बाद करें।" }, threeSizes(sku))), {
      status: "live",
    });
    expect((await productRow(id)).how_to_use_hi).toBe("रोपाई 25 दिन बाद करें।");
    const sizes = await sizesOf(id);
    const same = threeSizes(sku).map((row, i) => ({ ...row, id: must(sizes[i]?.id) }));
    expect(await updateProduct(id, parsedInput(formOf({ ...base, howToUseHi: "" }, same)), { version: await versionOf(id) })).toBe(
      "updated",
    );
    expect((await productRow(id)).how_to_use_hi).toBeNull();
  });

  it("refuses another product's SKU and writes nothing: not the product, its sizes, its crops or its version", async () => {
    const other = await makeProduct({ variants: [{ label: "1 L", pricePaise: 50_000, stock: 3, sku: `TAKEN-${tag()}` }] });
    const taken = must((await sizesOf(other.id))[0]?.sku);
    const sku = tag();
    const { id } = await createProduct(parsedInput(formOf({ ...base, crops: ["wheat"] }, threeSizes(sku))), { status: "live" });
    const [sizes, row, extras] = [await sizesOf(id), await productRow(id), await getProductFormExtras(id)];
    const rows = threeSizes(sku);
    const edit = formOf({ ...base, name: "Should not stick", brand: "Nope", crops: ["cotton"] }, [
      { ...rows[0], id: sizes[0]?.id ?? "", price: "1" },
      { ...rows[1], id: sizes[1]?.id ?? "", sku: taken.toLowerCase() },
    ]);
    await expect(updateProduct(id, parsedInput(edit), { version: Number(row.version) })).rejects.toEqual(new SkuTaken(taken));
    expect(await sizesOf(id)).toEqual(sizes);
    expect(await productRow(id)).toEqual(row);
    expect(await getProductFormExtras(id)).toEqual(extras);
    expect(new SkuTaken(taken).message).toBe(SKU_TAKEN);

    // A new product with a taken SKU is not created at all.
    const name = `Never created ${tag()}`;
    const create = parsedInput(formOf({ ...base, name }, [{ ...rows[0], sku: taken }]));
    await expect(createProduct(create, { status: "live" })).rejects.toBeInstanceOf(SkuTaken);
    expect(await getDb().selectFrom("product").select("id").where("name", "=", name).execute()).toEqual([]);
  });

  it("a vendor lists three sizes (pending) and edits them; a taken SKU refuses the listing", async () => {
    const vendor = await createVendor();
    const sku = tag();
    const { id } = await createVendorProduct(vendor.id, parsedInput(formOf(base, threeSizes(sku))));
    expect((await sizesOf(id)).map((s) => s.label)).toEqual(["10 g", "50 g", "250 g"]);
    const sizes = await sizesOf(id);
    const rows = threeSizes(sku);
    const edit = formOf({ ...base, howToUseHi: "बीज नर्सरी में बोएँ।" }, [
      { ...must(rows[0]), id: must(sizes[0]?.id) },
      { ...must(rows[2]), id: must(sizes[2]?.id) },
    ]);
    expect(await updateVendorProduct(vendor.id, id, parsedInput(edit), { version: await versionOf(id) })).toBe(true);
    expect((await sizesOf(id)).map((s) => s.id)).toEqual([sizes[0]?.id, sizes[2]?.id]);
    expect((await productRow(id)).how_to_use_hi).toBe("बीज नर्सरी में बोएँ।");
    const name = `Copycat ${tag()}`;
    await expect(createVendorProduct(vendor.id, parsedInput(formOf({ ...base, name }, [must(rows[0])])))).rejects.toBeInstanceOf(SkuTaken);
    expect(await getDb().selectFrom("product").select("id").where("name", "=", name).execute()).toEqual([]);
  });

  it("adds extra photos and removes only the product's own", async () => {
    const { id } = await createProduct(parsedInput(formOf(base, threeSizes(tag()))), { status: "live", galleryAdd: ["/images/a.webp"] });
    expect((await getProductFormExtras(id))?.gallery).toEqual(["/images/a.webp"]);
    await updateProduct(id, parsedInput(formOf(base, threeSizes(tag()))), {
      version: await versionOf(id),
      galleryAdd: ["/images/b.webp", "/images/c.webp"],
      galleryRemove: ["/images/a.webp", "/images/not-ours.webp"],
    });
    expect((await getProductFormExtras(id))?.gallery).toEqual(["/images/b.webp", "/images/c.webp"]);
  });
});

import { readFileSync } from "node:fs";
import sharp, { type Create } from "sharp";
import { describe, expect, it } from "vitest";
import { GST_RATES } from "~/features/tax/domain/gst";
import { MAX_GALLERY, variantFieldName } from "~/features/catalog/domain/product-form";
import { MAX_IMAGE_BYTES } from "~/features/catalog/domain/product-image";
import { MAX_VARIANTS } from "~/features/catalog/domain/variants";
import { MAX_PRICE_BREAKS } from "~/features/catalog/domain/price-breaks-input";
import { parseProductForm } from "~/features/catalog/server/parse-product-form.server";
import { SkuTaken } from "~/features/catalog/server/save-product.server";
import { ImageRefused, storeProductImage } from "~/features/catalog/server/store-product-image.server";
import type { Locale } from "~/platform/i18n/locale";
import { type Refusal, type RefusalCode, refusal } from "../../../platform/core/refusal";
import { withLocale } from "../../../platform/i18n/i18n.server";
import { english, renderRefusal, sayRefusal } from "../../../platform/i18n/render-refusal.server";

/*
 * Every refusal the vendor's product form can give, said in Hindi on a Hindi page and in the
 * specification's English on an English one. The refusals are collected the way the action meets
 * them: by parsing many wrong forms (each field wrong in each way it can be) through the real
 * parser, once in each language, so a new rule's code that no case reaches fails here.
 */

type Fields = Record<string, string | string[] | File>;
const ROW = {
  label: "1 kg",
  packQuantity: "1",
  packUnit: "kg",
  sku: "NEEM-1KG",
  mrp: "500",
  price: "450",
  stock: "10",
  weight: "1000",
  priceBreaks: "10:430",
  reorderLevel: "5",
};
type Row = Partial<Record<keyof typeof ROW, string>>;
const VALID: Fields = {
  name: "Neem cake",
  description: "Neem seed cake for the soil.",
  category: "fertilizers",
  regulatedAs: "fertiliser",
  hsnCode: "3101",
  gstRate: "5",
  brand: "Kisan",
  season: "kharif",
  crops: ["tomato"],
  dosageAmount: "50",
  dosageUnit: "kg",
  howToUse: "Mix into the soil before sowing.",
  nameHi: "नीम खली",
  descriptionHi: "मिट्टी के लिए नीम खली।",
  howToUseHi: "बुवाई से पहले मिट्टी में मिलाएँ।",
};

function formOf(fields: Fields, rows: Row[] | null = [{}]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const v of value) form.append(name, v);
    else form.append(name, value);
  }
  rows?.forEach((row, index) => {
    for (const [field, value] of Object.entries({ ...ROW, ...row })) form.append(variantFieldName(index, field as keyof typeof ROW), value);
  });
  return form;
}

const long = (n: number) => "x".repeat(n);
const file = (bytes: number, name = "photo.jpg") => new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });

/** Wrong values for each of the product's own fields (the pack sizes as valid rows). */
const WRONG_FIELDS: Record<string, (string | string[])[]> = {
  name: ["", "   ", long(201)],
  description: [long(2001)],
  category: ["", "toys"],
  regulatedAs: ["poison"],
  hsnCode: ["", "12", "31O1", "123456789"],
  gstRate: ["", "7", "5.5", "abc"],
  brand: [long(81)],
  season: ["winter"],
  crops: [["not-a-crop"], ["tomato", "mars-wheat"]],
  dosageAmount: ["abc", "0", "1.2345", ""],
  dosageUnit: ["furlong", ""],
  howToUse: [long(2001)],
  nameHi: [long(201)],
  descriptionHi: [long(2001)],
  howToUseHi: [long(2001)],
};

/** Wrong values for each field of a pack-size row. */
const WRONG_ROW: Record<keyof typeof ROW, string[]> = {
  label: ["", long(41)],
  packQuantity: ["", "0", "abc", "1.2345", "1234567"],
  packUnit: ["", "furlong"],
  sku: ["A", "NE EM", long(41)],
  mrp: ["0", "abc", "1.234", "-5", "9999999999"],
  price: ["", "0", "abc", "1.234", "600"],
  stock: ["", "-1", "1.5", "abc", "2000000"],
  weight: ["0", "abc", "1.5", "99999999", "2000000"],
  reorderLevel: ["-1", "abc", "1.5", "2000000"],
  // Quantity prices (issue 31), against the row's price of ₹450.
  priceBreaks: ["ten:430", long(201), "1:430", "5:0", "5:450", "5:440, 10:445", "2:449, 3:448, 4:447, 5:446, 6:445"],
};

async function refusalsOf(form: FormData, options: { editing: boolean; gallery?: string[] } = { editing: false }) {
  const parsed = await parseProductForm(form, options);
  return parsed.ok ? [] : [parsed.error, ...Object.values(parsed.fields)];
}

/** Every refusal the form gives for the wrong forms above, in order, said in `locale`. */
async function collectRefusals(locale: Locale) {
  const said: string[] = [];
  const add = (texts: string[]) => said.push(...texts);
  for (const [field, values] of Object.entries(WRONG_FIELDS))
    for (const value of values) add(await refusalsOf(formOf({ ...VALID, [field]: value })));
  for (const [field, values] of Object.entries(WRONG_ROW))
    for (const value of values) add(await refusalsOf(formOf(VALID, [{}, { sku: "NEEM-2KG", [field]: value }])));
  // Dosage: a unit without an amount, an amount without a unit.
  add(await refusalsOf(formOf({ ...VALID, dosageAmount: "", dosageUnit: "kg" })));
  add(await refusalsOf(formOf({ ...VALID, dosageAmount: "50", dosageUnit: "" })));
  // Pack sizes: none, too many, two with one SKU.
  add(
    await refusalsOf(formOf(VALID, [{ label: "", packQuantity: "", sku: "", mrp: "", price: "", stock: "", weight: "", priceBreaks: "" }])),
  );
  add(
    await refusalsOf(
      formOf(
        VALID,
        Array.from({ length: MAX_VARIANTS + 1 }, (_, i) => ({ sku: `NEEM-${i}` })),
      ),
    ),
  );
  add(await refusalsOf(formOf(VALID, [{}, { sku: "neem-1kg" }])));
  // An older form's one size: price and stock fields of their own.
  const oneSize: [price: string, stock: string][] = [
    ["", ""],
    ["0", "-1"],
    ["abc", "2000000"],
    ["1.234", "1.5"],
  ];
  for (const [price, stock] of oneSize) add(await refusalsOf(formOf({ ...VALID, price, stock }, null)));
  // Photos: too large, too many; an edit without the version it was drawn from.
  add(await refusalsOf(formOf({ ...VALID, image: file(MAX_IMAGE_BYTES + 1) })));
  add(await refusalsOf(formOf({ ...VALID, gallery: file(MAX_IMAGE_BYTES + 1) })));
  add(
    await refusalsOf(formOf({ ...VALID, gallery: file(10) }), {
      editing: true,
      gallery: Array.from({ length: MAX_GALLERY }, (_, i) => `/uploads/p${i}.webp`),
    }),
  );
  add(await refusalsOf(formOf(VALID), { editing: true }));
  // A photo's content refused when it is stored; a SKU another product has; a vendor not verified yet.
  const noise: Create = {
    width: 64,
    height: 64,
    channels: 3,
    background: "white",
    noise: { type: "gaussian", mean: 128, sigma: 30 },
  };
  const gif = await sharp({ create: noise }).gif().toBuffer();
  // A PNG cut short: its header reads, its pixels do not.
  const cut = (await sharp({ create: noise }).png().toBuffer()).subarray(0, 100);
  for (const picture of [file(0), file(10), new File([new Uint8Array(gif)], "a.gif"), new File([new Uint8Array(cut)], "a.png")]) {
    const refused = await storeProductImage(picture).catch((error: unknown) => error);
    if (refused instanceof ImageRefused) said.push(renderRefusal(refused.refusal, locale));
  }
  said.push(renderRefusal(new SkuTaken("NEEM-1KG").refusal, locale), sayRefusal("vendor.verify_before_listing", locale));
  return said;
}

/** Each language's refusals, side by side (the same wrong forms, parsed in each). */
async function bothLanguages() {
  const en = await withLocale("en", () => collectRefusals("en"));
  const hi = await withLocale("hi", () => collectRefusals("hi"));
  expect(hi.length).toBe(en.length);
  return en.map((text, i) => [text, hi[i] ?? ""] as const);
}

/** The refusals written out in the modules the form's refusals come from, with the values they are given. */
function writtenRefusals(): Refusal[] {
  const files = [
    "app/features/catalog/domain/product-form.ts",
    "app/features/tax/domain/gst-forms.ts",
    "app/features/catalog/server/parse-product-form.server.ts",
    "app/features/catalog/server/store-product-image.server.ts",
  ];
  const values: Partial<Record<RefusalCode, object>> = {
    "product.too_many_sizes": { max: MAX_VARIANTS },
    "product.gallery_full": { max: MAX_GALLERY },
    "product.gst_rate": { rates: GST_RATES.join(", ") },
    // WRONG_ROW's price of ₹600 against the MRP of ₹500, at the form's 5%: ₹600 + ₹15 + ₹15 = ₹630;
    // the most within ₹500 is ₹476.19 (+ ₹11.90 + ₹11.90 = ₹499.99; ₹476.20 comes to ₹500.02).
    "product.price_above_mrp": { chargedPaise: 63_000, mrpPaise: 50_000, maxPaise: 47_619 },
    "product.price_breaks_too_many": { max: MAX_PRICE_BREAKS },
  };
  const codes = new Set<RefusalCode>();
  for (const path of files)
    for (const match of readFileSync(path, "utf8").matchAll(/"(product\.\w+)"/g)) if (match[1]) codes.add(match[1] as RefusalCode);
  return [...codes].map((code) => ({ code, params: values[code] ?? {} }) as Refusal);
}

const devanagari = /[\u0900-\u097F]/;

describe("the vendor's product form in Hindi", () => {
  it("says every refusal the form can give in Hindi, and in the specification's English on an English page", async () => {
    const said = await bothLanguages();
    const saidInEnglish = new Set(said.map(([en]) => en));
    // The wrong forms above reach every refusal the form's modules write out (a new rule needs a case here).
    const written = writtenRefusals();
    expect(written.length).toBeGreaterThan(25);
    for (const refused of written) expect(saidInEnglish, refused.code).toContain(english(refused));
    for (const sentence of [
      "Please fill all required fields correctly.",
      "This SKU is already used by another product.",
      "This product changed while you were editing (a sale or another edit). Please reload and make your change again.",
      "The image file is empty.",
      `At most ${MAX_VARIANTS} pack sizes.`,
    ])
      expect(saidInEnglish).toContain(sentence);
    for (const [en, hi] of said) {
      expect(hi, en).not.toBe(en);
      expect(hi, en).toMatch(devanagari);
    }
  });

  it("keeps a sentence's numbers in its Hindi", () => {
    expect(renderRefusal(refusal("product.too_many_sizes", { max: MAX_VARIANTS }), "hi")).toContain(String(MAX_VARIANTS));
    expect(renderRefusal(refusal("product.gst_rate", { rates: GST_RATES.join(", ") }), "hi")).toContain(`${GST_RATES.join(", ")}%`);
    expect(renderRefusal(refusal("product.gallery_full", { max: MAX_GALLERY }), "hi")).toContain(String(MAX_GALLERY));
  });

  it("says a refused form's message and every field's in the page's language", async () => {
    const form = () => formOf({ ...VALID, name: "", hsnCode: "12" }, [{ price: "0" }]);
    const hindi = await withLocale("hi", () => parseProductForm(form(), { editing: false }));
    if (hindi.ok) throw new Error("the form was accepted");
    expect(Object.keys(hindi.fields).sort()).toEqual(["hsnCode", "name", "variants.0.price"]);
    for (const text of [hindi.error, ...Object.values(hindi.fields)]) expect(text).toMatch(devanagari);
    expect(await withLocale("en", () => parseProductForm(form(), { editing: false }))).toEqual({
      ok: false,
      error: "Please fill all required fields correctly.",
      fields: {
        name: "Enter the product name.",
        hsnCode: "HSN code must be 4 to 8 digits.",
        "variants.0.price": "The price must be above ₹0 (at most two decimals).",
      },
    });
  });
});

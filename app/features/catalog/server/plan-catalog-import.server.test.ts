import { regulatedAsFor } from "~/features/vendor-shops/domain/licences";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalogChanges } from "~/features/catalog/domain/catalog-changes";
import {
  CATALOG_COLUMNS,
  type CatalogProduct,
  catalogCsvRows,
  csvProductInput,
  MAX_IMPORT_ROWS,
} from "~/features/catalog/domain/catalog-csv";
import { GST_RATES } from "~/features/tax/domain/gst";
import { CATEGORY_KEYS } from "~/features/catalog/domain/categories";
import { CROP_KEYS, SEASONS } from "~/features/catalog/domain/crops";
import { PACK_UNITS } from "~/features/catalog/domain/pack-units";
import { defaultSku } from "~/features/catalog/domain/variants";
import { csvRows } from "~/platform/csv.server";
import { readCatalogText } from "./plan-catalog-import.server";

/** Text as a form would store it: trimmed, without the control characters forms drop, within `max`. */
const text = (min: number, max: number) =>
  fc
    .oneof(
      fc.string({ unit: "grapheme", maxLength: max }),
      fc.string({ maxLength: max }),
      fc.constantFrom(
        "=SUM(A1)",
        "+91 98765 43210",
        "-20% off",
        "@home",
        "'=already quoted",
        "a,b",
        'say "hi"',
        "two\nlines",
        "x\r\ny",
        "खेती ₹",
      ),
    )
    .map((s) =>
      s
        .replace(/(?![\t\n\r\u0080-\u009F])\p{Cc}/gu, "")
        .trim()
        .slice(0, max)
        .trim(),
    )
    .filter((s) => s.length >= min && [...s].length <= max);
/** A number of thousandths, as the forms take a pack quantity or a dosage (up to 3 decimals). */
const decimal = fc.integer({ min: 1, max: 999_999_999 }).map((n) => n / 1000);
const id = fc.stringMatching(/^[a-z0-9]{12,16}$/);
const sku = fc.stringMatching(/^[A-Z0-9._-]{3,40}$/);

const size = fc.record({
  label: text(1, 40),
  packQuantity: decimal,
  packUnit: fc.constantFrom(...PACK_UNITS),
  price: fc.integer({ min: 1, max: 100_000_000_00 }),
  extraMrp: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100_000_00 })),
  stock: fc.integer({ min: 0, max: 1_000_000 }),
  weightGrams: fc.integer({ min: 1, max: 1_000_000 }),
  sku: fc.option(sku),
});

const product = fc
  .record({
    id,
    version: fc.nat({ max: 1_000_000 }),
    name: text(1, 200),
    description: text(0, 2000),
    category: fc.constantFrom(...CATEGORY_KEYS),
    pesticide: fc.boolean(),
    // '' is a product made before 0019-gst that has no code yet; leading zeros must survive.
    hsnCode: fc.oneof(fc.constant(""), fc.stringMatching(/^\d{4,8}$/), fc.constantFrom("0602", "06022010", "1209 91 60")),
    gstRate: fc.constantFrom(...GST_RATES),
    image: fc.constantFrom("/images/products/placeholder.svg", "/uploads/abc123.webp"),
    brand: fc.option(text(1, 80)),
    season: fc.option(fc.constantFrom(...SEASONS)),
    crops: fc.subarray([...CROP_KEYS]),
    dosage: fc.option(fc.tuple(decimal, fc.constantFrom(...PACK_UNITS))),
    howToUse: fc.option(text(1, 2000)),
    nameHi: fc.option(fc.oneof(text(1, 200), fc.constantFrom("यूरिया खाद 45 किलो", "हाइब्रिड टमाटर के बीज", 'ज़ायद "फ़सल", 1,5'))),
    descriptionHi: fc.option(fc.oneof(text(1, 2000), fc.constantFrom("बुवाई के समय डालें।\nदूसरी पंक्ति"))),
    howToUseHi: fc.option(fc.oneof(text(1, 2000), fc.constantFrom("+ 3–5 ग्राम प्रति लीटर पानी में घोलें।\nशाम को छिड़काव करें।"))),
    sizes: fc.uniqueArray(fc.tuple(id, size), { minLength: 1, maxLength: 8, selector: ([sizeId]) => sizeId }),
  })
  .map(
    (p): CatalogProduct => ({
      id: p.id,
      version: p.version,
      name: p.name,
      description: p.description,
      category: p.category,
      // What the forms allow: a fertilizers product is a fertiliser or a pesticide; the others follow their category.
      regulatedAs: p.category === "fertilizers" && p.pesticide ? "pesticide" : regulatedAsFor(p.category),
      hsnCode: p.hsnCode.replace(/\s+/g, ""),
      gstRate: p.gstRate,
      image: p.image,
      brand: p.brand,
      season: p.season,
      crops: p.crops,
      dosageAmount: p.dosage?.[0] ?? null,
      dosageUnit: p.dosage?.[1] ?? null,
      howToUse: p.howToUse,
      nameHi: p.nameHi,
      descriptionHi: p.descriptionHi,
      howToUseHi: p.howToUseHi,
      variants: p.sizes.map(([sizeId, s]) => ({
        id: sizeId,
        label: s.label,
        packQuantity: s.packQuantity,
        packUnit: s.packUnit,
        sku: s.sku ?? defaultSku(sizeId),
        pricePaise: s.price,
        mrpPaise: Math.min(100_000_000_00, s.price + s.extraMrp),
        stock: s.stock,
        weightGrams: s.weightGrams,
      })),
    }),
  );

/** Products as a store holds them: ids and SKUs unique across all of them. */
const catalogue = fc.uniqueArray(product, { minLength: 1, maxLength: 4, selector: (p) => p.id }).filter((ps) => {
  const skus = ps.flatMap((p) => p.variants.map((v) => v.sku));
  const sizeIds = ps.flatMap((p) => p.variants.map((v) => v.id));
  return new Set(skus).size === skus.length && new Set([...sizeIds, ...ps.map((p) => p.id)]).size === sizeIds.length + ps.length;
});

describe("a product CSV read back", () => {
  it("export → import of any valid products changes nothing (property)", async () => {
    await fc.assert(
      fc.asyncProperty(catalogue, async (products) => {
        const file = await readCatalogText(csvRows([CATALOG_COLUMNS, ...products.flatMap(catalogCsvRows)]));
        expect(file.errors).toEqual([]);
        expect(file.products.map((p) => p.key)).toEqual(products.map((p) => ({ kind: "existing", id: p.id })));
        file.products.forEach((read, i) => {
          const p = products[i] ?? expect.fail("a product per group");
          expect(read.version).toBe(p.version);
          expect(read.image).toBe(p.image);
          // The file carries the product's HSN code and rate; a product without a code reads as "keep it".
          expect(read.tax).toEqual(p.hsnCode ? { hsnCode: p.hsnCode, gstRate: p.gstRate } : { gstRate: p.gstRate });
          expect(catalogChanges(p, csvProductInput(read, p))).toEqual([]);
        });
      }),
      { numRuns: 150 },
    );
  });

  it("reports an unreadable file as a problem of the row where it stops", async () => {
    const file = await readCatalogText(`${CATALOG_COLUMNS.join(",")}\r\nabc,"never closed\r\n`);
    expect(file.errors).toEqual([{ row: 2, column: "—", message: 'A quoted cell is never closed: a " is missing.' }]);
  });

  it("drops control characters (a NUL above all) from every cell, as the forms do", async () => {
    const rows = [
      CATALOG_COLUMNS,
      CATALOG_COLUMNS.map(
        (c) =>
          ({
            handle: "a\u0000",
            name: "Ne\u0000em\u0007",
            category: "tools",
            hsn_code: "82019000",
            gst_rate: "0",
            size_label: "1 kg",
            pack_quantity: "1",
            pack_unit: "kg",
            price_rupees: "5",
            stock: "1",
          })[c as string] ?? "",
      ),
    ];
    const file = await readCatalogText(csvRows(rows));
    expect(file.errors).toEqual([]);
    expect(file.products[0]?.input.name).toBe("Neem");
  });

  it(`says when a file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-IN")} rows`, async () => {
    const row = `x${",".repeat(CATALOG_COLUMNS.length - 1)}`;
    const at = (n: number) => readCatalogText([CATALOG_COLUMNS.join(","), ...Array.from({ length: n }, () => row)].join("\r\n"));
    expect((await at(MAX_IMPORT_ROWS)).tooManyRows).toBe(false);
    expect((await at(MAX_IMPORT_ROWS + 1)).tooManyRows).toBe(true);
  });
});

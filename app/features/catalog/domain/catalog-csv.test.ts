import { describe, expect, it } from "vitest";
import { catalogChanges } from "./catalog-changes";
import {
  CATALOG_COLUMNS,
  type CatalogColumn,
  type CatalogProduct,
  catalogCsvRows,
  csvProductInput,
  readCatalogFile,
  readCatalogHeader,
} from "./catalog-csv";
import { english } from "../../../platform/i18n/render-refusal.server";
import type { Refusal } from "../../../platform/core/refusal";

const HSN_ERROR = "HSN code must be 4 to 8 digits.";
const SKU_REPEATED = "Each pack size needs its own SKU.";

/** A row problem as the preview says it in English (a product form's refusal is a code). */
const said = (message: string | Refusal) => (typeof message === "string" ? message : english(message));

/** A file's records from rows given by column name (cells not named are blank). */
function records(rows: Partial<Record<CatalogColumn, string>>[], columns: readonly string[] = CATALOG_COLUMNS) {
  return [[...columns], ...rows.map((r) => columns.map((c) => r[c as CatalogColumn] ?? ""))];
}

/** A new product's HSN code and GST rate (it must give both). */
const tax = { hsn_code: "3105 20 00", gst_rate: "5" };

const size = (label: string, price: string, extra: Partial<Record<CatalogColumn, string>> = {}) => ({
  size_label: label,
  pack_quantity: label.split(" ")[0] ?? "1",
  pack_unit: label.split(" ")[1] ?? "piece",
  price_rupees: price,
  stock: "10",
  ...extra,
});

describe("reading the header", () => {
  it("takes the columns in any order, in any case, with spaces for underscores; handle, version and image may be left out", () => {
    const columns = [...CATALOG_COLUMNS].filter((c) => !["handle", "version", "image"].includes(c)).reverse();
    const { header, errors } = readCatalogHeader(columns.map((c) => c.toUpperCase().replace("_", " ")));
    expect(errors).toEqual([]);
    expect(header.product_id).toBe(columns.indexOf("product_id"));
    expect(header.handle).toBeUndefined();
  });

  it("names an unknown column, a column given twice and every missing one (row 1)", () => {
    const { errors } = readCatalogHeader(["product_id", "handle", "prize", "name", "name"]);
    expect(errors).toContainEqual(
      expect.objectContaining({ row: 1, column: "prize", message: expect.stringMatching(/^Unknown column "prize"/) }),
    );
    expect(errors).toContainEqual({ row: 1, column: "name", message: "The column name appears twice." });
    expect(errors).toContainEqual({ row: 1, column: "price_rupees", message: "The column price_rupees is missing." });
    expect(errors.some((e) => e.column === "version" || e.column === "image")).toBe(false);
  });
});

describe("reading rows into products", () => {
  it("adds a product of three sizes from rows sharing a handle, its fields given once; blank rows are skipped", () => {
    const file = readCatalogFile(
      records([
        {
          handle: "Neem-1",
          name: "Neem Oil",
          category: "Fertilizers",
          crops: "Tomato, okra (bhindi)",
          season: "Kharif",
          ...tax,
          ...size("100 ml", "120"),
        },
        {},
        { handle: "neem-1", ...size("500 ml", "₹499.50", { mrp_rupees: "550", sku: "neem-500" }) },
        { handle: "NEEM-1", ...size("1 l", "1,299.5", { stock: "1,000", pack_unit: "Litre" }) },
      ]),
    );
    expect(file.errors).toEqual([]);
    expect(file.rowCount).toBe(3);
    const [p] = file.products;
    expect(p?.key).toEqual({ kind: "new", handle: "neem-1" });
    expect(p?.rows).toEqual([2, 4, 5]);
    expect(p?.input).toMatchObject({ name: "Neem Oil", category: "fertilizers", crops: ["tomato", "okra"], season: "kharif" });
    expect(p?.tax).toEqual({ hsnCode: "31052000", gstRate: 5 });
    expect(p?.input.variants.map((v) => [v.label, v.packUnit, v.sku, v.mrpPaise, v.pricePaise, v.stock])).toEqual([
      ["100 ml", "ml", "", 12_000, 12_000, 10],
      ["500 ml", "ml", "NEEM-500", 55_000, 49_950, 10],
      ["1 l", "l", "", 129_950, 129_950, 1000],
    ]);
  });

  it("takes a product field from whichever row has it, and names a row that says otherwise", () => {
    const file = readCatalogFile(
      records([
        { handle: "a", ...size("1 kg", "10") },
        { handle: "a", name: "Urea", category: "fertilizers", ...tax, ...size("5 kg", "45") },
        { handle: "a", name: "Urea", category: "Fertilizers", brand: "IFFCO", ...size("10 kg", "85") },
        { handle: "a", name: "Urea 46%", ...size("25 kg", "200") },
      ]),
    );
    expect(file.errors).toEqual([
      {
        row: 5,
        column: "name",
        message: "This differs from row 3 of the same product. Give a product's name once, or the same on each of its rows.",
      },
    ]);
    expect(file.products).toEqual([]);
  });

  it("gives every problem its spreadsheet row and column, in the form's own words where the form has them", () => {
    const file = readCatalogFile(
      records([
        { handle: "a", name: "", category: "rockets", ...size("1 kg", "10", { mrp_rupees: "9" }) },
        { handle: "a", ...size("2 kg", "12.345", { sku: "X-1" }) },
        { handle: "a", ...size("3 kg", "15", { sku: "x-1", stock: "-1", pack_unit: "tonne" }) },
        { handle: "b", name: "Hoe", category: "tools", crops: "tomato, moon", season: "monsoon", ...size("1 piece", "abc") },
        { product_id: "NOT AN ID", name: "x" },
        { name: "No key", category: "tools", ...size("1 piece", "5") },
        { product_id: "abcdef123456", ...size("1 piece", "5", { variant_id: "x" }) },
        { handle: "c", name: "C", category: "tools", ...size("1 piece", "5", { variant_id: "abcdef123456" }) },
      ]),
    );
    const at = (row: number, column: string) => file.errors.filter((e) => e.row === row && e.column === column).map((e) => said(e.message));
    expect(at(2, "name")).toEqual(["Enter the product name."]);
    expect(at(2, "category")).toEqual(['Unknown category "rockets". Use seeds, equipment, tools or fertilizers.']);
    // A price above its MRP is refused by the plan, which knows the store's tax mode (plan-catalog-import tests).
    expect(at(2, "price_rupees")).toEqual([]);
    expect(at(3, "price_rupees")).toEqual(["The price must be above ₹0 (at most two decimals)."]);
    expect(at(4, "sku")).toEqual([SKU_REPEATED]);
    expect(at(4, "stock")).toEqual(["Stock must be a whole number, 0 or more."]);
    expect(at(4, "pack_unit")).toEqual(['Unknown pack unit "tonne". Use g, kg, ml, l or piece.']);
    expect(at(5, "crops")[0]).toMatch(/^Unknown crop "moon"\. Use: tomato, paddy/);
    expect(at(5, "season")).toEqual(['Unknown season "monsoon". Use kharif, rabi, zaid or all, or leave it blank.']);
    expect(at(5, "price_rupees")).toEqual(["The price must be above ₹0 (at most two decimals)."]);
    expect(at(6, "product_id")[0]).toMatch(/^This is not a product id/);
    expect(at(7, "handle")[0]).toMatch(/^Give the product_id of a product to update, or a handle/);
    expect(at(8, "variant_id")[0]).toMatch(/^This is not a size id/);
    expect(at(9, "variant_id")).toEqual(["A new product's sizes are new too: leave variant_id blank."]);
    expect(file.errors.map((e) => e.row)).toEqual([...file.errors.map((e) => e.row)].sort((a, b) => a - b));
    expect(file.products).toEqual([]);
  });

  it("allows at most eight sizes a product, naming each one over", () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ handle: "a", name: "A", category: "seeds", ...tax, ...size(`${i + 1} g`, "5") }));
    const file = readCatalogFile(records(rows));
    expect(file.errors.map((e) => [e.row, e.column])).toEqual([
      [10, "size_label"],
      [11, "size_label"],
    ]);
  });

  it("takes the formula guard off a cell (an apostrophe before = + - @), so exported text reads back as it was", () => {
    const file = readCatalogFile(
      records([{ handle: "a", name: "'=SUM(A1)", description: "'-20% off", category: "tools", ...tax, ...size("1 piece", "5") }]),
    );
    expect(file.products[0]?.input).toMatchObject({ name: "=SUM(A1)", description: "-20% off" });
  });

  it("without a handle column, a row without product_id says to give one", () => {
    const columns = CATALOG_COLUMNS.filter((c) => c !== "handle");
    const file = readCatalogFile(records([{ name: "A", ...size("1 g", "1") }], columns));
    expect(file.errors[0]).toMatchObject({ row: 2, column: "product_id" });
  });

  it("refuses a value under a column without a name", () => {
    const file = readCatalogFile([
      [...CATALOG_COLUMNS, ""],
      [...CATALOG_COLUMNS.map(() => ""), "stray"],
    ]);
    expect(file.errors).toContainEqual({
      row: 2,
      column: "—",
      message: "This row has a value in a column without a name in the header row.",
    });
  });
});

describe("HSN code and GST rate", () => {
  const newProduct = (cells: Partial<Record<CatalogColumn, string>>, columns?: readonly string[]) =>
    readCatalogFile(records([{ handle: "a", name: "Spade", category: "tools", ...size("1 piece", "450"), ...cells }], columns));
  const problems = (file: ReturnType<typeof readCatalogFile>) => file.errors.map((e) => [e.row, e.column, said(e.message)]);

  it("reads a code with spaces and a rate as a plain number or with %", () => {
    expect(newProduct({ hsn_code: " 8201 10 00 ", gst_rate: "0" }).products[0]?.tax).toEqual({ hsnCode: "82011000", gstRate: 0 });
    expect(newProduct({ hsn_code: "06022010", gst_rate: "18%" }).products[0]?.tax).toEqual({ hsnCode: "06022010", gstRate: 18 });
  });

  it("refuses a code that is not 4 to 8 digits and a rate that is not one of the rates, by row and column", () => {
    for (const hsn of ["12", "123456789", "12ab", "8201.10"]) {
      const file = newProduct({ hsn_code: hsn, gst_rate: "5" });
      expect(problems(file)).toEqual([[2, "hsn_code", HSN_ERROR]]);
      expect(file.products).toEqual([]);
    }
    for (const rate of ["12", "abc", "0.05", "5.5", "-5", "28"]) {
      const file = newProduct({ hsn_code: "8201", gst_rate: rate });
      expect(problems(file)).toEqual([[2, "gst_rate", `Unknown GST rate "${rate}". Use 0, 5, 18 or 40, a plain number such as 5.`]]);
      expect(file.products).toEqual([]);
    }
  });

  it("says a 3-digit code may have lost its leading 0 in a spreadsheet", () => {
    expect(problems(newProduct({ hsn_code: "602", gst_rate: "0" }))).toEqual([
      [
        2,
        "hsn_code",
        expect.stringMatching(/^HSN codes have 4, 6 or 8 digits; "602" has 3\. If it began with 0, the spreadsheet dropped it/),
      ],
    ]);
  });

  it("a new product must give both, also in a file without the columns", () => {
    expect(problems(newProduct({}))).toEqual([
      [2, "hsn_code", "Enter the HSN code: a new product needs one (4 to 8 digits)."],
      [2, "gst_rate", "Enter the GST rate: a new product needs one (0, 5, 18 or 40)."],
    ]);
    const older = CATALOG_COLUMNS.filter((c) => c !== "hsn_code" && c !== "gst_rate");
    expect(readCatalogHeader(older).errors).toEqual([]);
    expect(problems(newProduct({}, older)).map(([, column]) => column)).toEqual(["hsn_code", "gst_rate"]);
  });

  it("an existing product's blank cells, or a file without the columns, keep its own", () => {
    const existing = {
      product_id: "prod000000001",
      variant_id: "size000000001",
      name: "Spade",
      category: "tools",
      ...size("1 piece", "450"),
    };
    const blank = readCatalogFile(records([existing]));
    expect(blank.errors).toEqual([]);
    expect(blank.products[0]?.tax).toEqual({});
    const older = CATALOG_COLUMNS.filter((c) => c !== "hsn_code" && c !== "gst_rate");
    const old = readCatalogFile(records([existing], older));
    expect(old.errors).toEqual([]);
    expect(old.products[0]?.tax).toEqual({});
    const product = old.products[0] ?? expect.fail("the product");
    expect(csvProductInput(product, { hsnCode: "82011000", gstRate: 0 })).toMatchObject({ hsnCode: "82011000", gstRate: 0 });
    // Only the rate given: the code stays the product's.
    const rateOnly = readCatalogFile(records([{ ...existing, gst_rate: "5" }])).products[0] ?? expect.fail("the product");
    expect(csvProductInput(rateOnly, { hsnCode: "82011000", gstRate: 0 })).toMatchObject({ hsnCode: "82011000", gstRate: 5 });
    expect(csvProductInput(rateOnly)).toBeNull();
  });

  it("a product's code and rate are given once or alike on its rows: 8201 10 00 and 82011000 are alike, 5 and 5% too", () => {
    const file = readCatalogFile(
      records([
        { handle: "a", name: "Spade", category: "tools", hsn_code: "8201 10 00", gst_rate: "5", ...size("1 piece", "450") },
        { handle: "a", hsn_code: "82011000", gst_rate: "5%", ...size("2 piece", "850") },
        { handle: "a", hsn_code: "82013000", gst_rate: "0", ...size("3 piece", "1200") },
      ]),
    );
    expect(problems(file)).toEqual([
      [4, "hsn_code", "This differs from row 2 of the same product. Give a product's hsn_code once, or the same on each of its rows."],
      [4, "gst_rate", "This differs from row 2 of the same product. Give a product's gst_rate once, or the same on each of its rows."],
    ]);
  });
});

const stored: CatalogProduct = {
  id: "prod000000001",
  version: 3,
  name: "Vermicompost",
  description: "Rich, screened.",
  category: "fertilizers",
  regulatedAs: "fertiliser",
  hsnCode: "31010099",
  gstRate: 5,
  image: "/images/products/vermicompost.svg",
  brand: null,
  season: "all",
  crops: ["wheat", "paddy"],
  dosageAmount: 2.5,
  dosageUnit: "kg",
  howToUse: "Mix into the soil at the last ploughing.",
  nameHi: "केंचुआ खाद",
  descriptionHi: null,
  howToUseHi: "आख़िरी जुताई के समय मिट्टी में मिलाएँ।",
  variants: [
    {
      id: "size000000001",
      label: "5 kg",
      packQuantity: 5,
      packUnit: "kg",
      sku: "VC-5",
      mrpPaise: 30_000,
      pricePaise: 25_000,
      stock: 4,
      weightGrams: 5200,
    },
    {
      id: "size000000002",
      label: "25 kg",
      packQuantity: 25,
      packUnit: "kg",
      sku: "AG-SIZE000000002",
      mrpPaise: 99_900,
      pricePaise: 99_900,
      stock: 0,
      weightGrams: 25_500,
    },
  ],
};

describe("what an import changes", () => {
  const reread = (rows: string[][]) => readCatalogFile([[...CATALOG_COLUMNS], ...rows]);
  const exported = () => catalogCsvRows(stored).map((r) => r.map((c) => (c === null || c === undefined ? "" : String(c))));

  it("an exported product read back changes nothing", () => {
    const file = reread(exported());
    expect(file.errors).toEqual([]);
    expect(catalogChanges(stored, csvProductInput(file.products[0] ?? expect.fail("no product"), stored))).toEqual([]);
  });

  it("lists each change: a field, a size's price, a new size, a removed size, a new order", () => {
    const rows = exported();
    const col = (c: CatalogColumn) => CATALOG_COLUMNS.indexOf(c);
    const [original = [], second = []] = rows;
    const first = [...original];
    first[col("brand")] = "Kisan";
    first[col("gst_rate")] = "18";
    first[col("price_rupees")] = "240";
    const added = [...second];
    added[col("variant_id")] = "";
    added[col("sku")] = "";
    added[col("size_label")] = "50 kg";
    const file = reread([added, first]);
    const changes = catalogChanges(stored, csvProductInput(file.products[0] ?? expect.fail("no product"), stored));
    expect(changes).toEqual([
      { column: "gst_rate", detail: "5 → 18" },
      { column: "brand", detail: "(blank) → Kisan" },
      { column: "size_label", detail: "new size 50 kg at ₹999.00" },
      { column: "price_rupees", detail: "5 kg: 250.00 → 240.00" },
      { column: "size_label", detail: "size 25 kg (SKU AG-SIZE000000002) removed" },
    ]);
    const swapped = reread([second, original]);
    expect(catalogChanges(stored, csvProductInput(swapped.products[0] ?? expect.fail("no product"), stored))).toEqual([
      { column: "size_label", detail: "sizes in a new order" },
    ]);
  });
});

describe("Hindi name, description and how-to-use columns (issue 16)", () => {
  const withHindi = catalogCsvRows(stored).map((r) => r.map((c) => (c === null || c === undefined ? "" : String(c))));
  const col = (c: CatalogColumn) => CATALOG_COLUMNS.indexOf(c);
  const fromFile = (columns: readonly CatalogColumn[], rows: string[][]) =>
    csvProductInput(readCatalogFile([[...columns], ...rows]).products[0] ?? expect.fail("no product"), stored);

  it("exports them on the product's first row and reads them back unchanged", () => {
    expect(withHindi[0]?.[col("name_hi")]).toBe("केंचुआ खाद");
    expect(withHindi[1]?.[col("name_hi")]).toBe("");
    expect(col("how_to_use_hi")).toBe(col("description_hi") + 1);
    expect(withHindi[0]?.[col("how_to_use_hi")]).toBe("आख़िरी जुताई के समय मिट्टी में मिलाएँ।");
    expect(withHindi[1]?.[col("how_to_use_hi")]).toBe("");
    const file = readCatalogFile([[...CATALOG_COLUMNS], ...withHindi]);
    const product = file.products[0] ?? expect.fail("no product");
    expect(csvProductInput(product, stored)).toMatchObject({
      nameHi: "केंचुआ खाद",
      descriptionHi: null,
      howToUse: "Mix into the soil at the last ploughing.",
      howToUseHi: "आख़िरी जुताई के समय मिट्टी में मिलाएँ।",
    });
    expect(catalogChanges(stored, csvProductInput(product, stored))).toEqual([]);
  });

  it("sets, changes and clears them; a file without the columns keeps a product's own", () => {
    const edited = withHindi.map((r) => [...r]);
    const first = edited[0] ?? expect.fail("no row");
    first[col("name_hi")] = "";
    first[col("description_hi")] = "छनी हुई केंचुआ खाद।";
    first[col("how_to_use_hi")] = "";
    const input = fromFile(CATALOG_COLUMNS, edited);
    expect(input).toMatchObject({ nameHi: null, descriptionHi: "छनी हुई केंचुआ खाद।", howToUseHi: null });
    expect(catalogChanges(stored, input).map((c) => c.column)).toEqual(["name_hi", "description_hi", "how_to_use_hi"]);
    first[col("how_to_use_hi")] = "बुवाई से पहले मिट्टी में मिलाएँ।";
    expect(catalogChanges(stored, fromFile(CATALOG_COLUMNS, edited)).find((c) => c.column === "how_to_use_hi")).toEqual({
      column: "how_to_use_hi",
      detail: "आख़िरी जुताई के समय मिट्टी में मिलाएँ। → बुवाई से पहले मिट्टी में मिलाएँ।",
    });

    const older = CATALOG_COLUMNS.filter((c) => c !== "name_hi" && c !== "description_hi" && c !== "how_to_use_hi");
    const rows = withHindi.map((r) => older.map((c) => r[col(c)] ?? ""));
    const kept = readCatalogFile([older, ...rows]);
    expect(kept.errors).toEqual([]);
    const keptInput = csvProductInput(kept.products[0] ?? expect.fail("no product"), stored);
    expect(keptInput).toMatchObject({ nameHi: "केंचुआ खाद", descriptionHi: null, howToUseHi: "आख़िरी जुताई के समय मिट्टी में मिलाएँ।" });
    expect(catalogChanges(stored, keptInput)).toEqual([]);
  });

  it("a file from before how_to_use_hi keeps a product's own, and still sets the name and description in Hindi", () => {
    const before = CATALOG_COLUMNS.filter((c) => c !== "how_to_use_hi");
    const rows = withHindi.map((r) => before.map((c) => r[col(c)] ?? ""));
    const first = rows[0] ?? expect.fail("no row");
    first[before.indexOf("description_hi")] = "छनी हुई केंचुआ खाद।";
    const input = fromFile(before, rows);
    expect(input).toMatchObject({ descriptionHi: "छनी हुई केंचुआ खाद।", howToUseHi: "आख़िरी जुताई के समय मिट्टी में मिलाएँ।" });
    expect(catalogChanges(stored, input).map((c) => c.column)).toEqual(["description_hi"]);
  });

  it("holds them to the form's limits", () => {
    const long = withHindi.map((r) => [...r]);
    const first = long[0] ?? expect.fail("no row");
    first[col("name_hi")] = "क".repeat(201);
    first[col("how_to_use_hi")] = "क".repeat(2001);
    const file = readCatalogFile([[...CATALOG_COLUMNS], ...long]);
    expect(file.errors.map((e) => ({ ...e, message: said(e.message) }))).toEqual([
      { row: 2, column: "name_hi", message: "The name in Hindi is too long (200 characters at most)." },
      { row: 2, column: "how_to_use_hi", message: "How to use in Hindi is too long (2,000 characters at most)." },
    ]);
    first[col("name_hi")] = "";
    first[col("how_to_use_hi")] = "क".repeat(2000);
    expect(readCatalogFile([[...CATALOG_COLUMNS], ...long]).errors).toEqual([]);
  });
});

describe("quantity prices in the CSV (issue 31)", () => {
  const withBreaks: CatalogProduct = {
    ...stored,
    variants: stored.variants.map((v, i) => (i === 0 ? { ...v, priceBreaks: [{ minQuantity: 10, pricePaise: 23_500 }] } : v)),
  };
  const rows = catalogCsvRows(withBreaks).map((r) => r.map((c) => (c === null || c === undefined ? "" : String(c))));
  const col = (c: CatalogColumn) => CATALOG_COLUMNS.indexOf(c);
  const product = (columns: readonly string[], body: string[][]) => {
    const file = readCatalogFile([[...columns], ...body]);
    return { errors: file.errors.map((e) => [e.row, e.column, said(e.message)]), product: file.products[0] };
  };

  it("exports each size's breaks as typed and reads them back unchanged", () => {
    expect(rows[0]?.[col("price_breaks")]).toBe("10:235");
    expect(rows[1]?.[col("price_breaks")]).toBe("");
    const read = product(CATALOG_COLUMNS, rows);
    const input = csvProductInput(read.product ?? expect.fail("no product"), withBreaks);
    expect(input.variants.map((v) => v.priceBreaks)).toEqual([[{ minQuantity: 10, pricePaise: 23_500 }], undefined]);
    expect(catalogChanges(withBreaks, input)).toEqual([]);
  });

  it("changes and clears them, names the change, and refuses bad ones by row and column", () => {
    const edited = rows.map((r) => [...r]);
    const first = edited[0] ?? expect.fail("no row");
    const second = edited[1] ?? expect.fail("no row");
    first[col("price_breaks")] = "";
    second[col("price_breaks")] = "5:950, 10:900";
    const input = csvProductInput(product(CATALOG_COLUMNS, edited).product ?? expect.fail("no product"), withBreaks);
    expect(catalogChanges(withBreaks, input)).toEqual([
      { column: "price_breaks", detail: "5 kg: 10:235 → (blank)" },
      { column: "price_breaks", detail: "25 kg: (blank) → 5:950, 10:900" },
    ]);
    second[col("price_breaks")] = "5:999";
    const refused = product(CATALOG_COLUMNS, edited);
    expect(refused.product).toBeUndefined();
    expect(refused.errors).toEqual([[3, "price_breaks", "A price by quantity must be lower than the pack's own price."]]);
  });

  it("a file from before the column keeps each size's own, those still below its price", () => {
    const older = CATALOG_COLUMNS.filter((c) => c !== "price_breaks");
    const body = rows.map((r) => older.map((c) => r[col(c)] ?? ""));
    const kept = csvProductInput(product(older, body).product ?? expect.fail("no product"), withBreaks);
    expect(kept.variants[0]?.priceBreaks).toEqual([{ minQuantity: 10, pricePaise: 23_500 }]);
    expect(catalogChanges(withBreaks, kept)).toEqual([]);
    // The price lowered to ₹230: the ₹235 break is no longer a lower price, and goes.
    const first = body[0] ?? expect.fail("no row");
    first[older.indexOf("price_rupees")] = "230";
    const lowered = csvProductInput(product(older, body).product ?? expect.fail("no product"), withBreaks);
    expect(lowered.variants[0]?.priceBreaks).toEqual([]);
  });
});

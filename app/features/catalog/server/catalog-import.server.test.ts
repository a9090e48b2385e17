import { afterEach, describe, expect, it } from "vitest";
import {
  checkoutInput,
  createCustomer,
  createLot,
  createProduct as makeProduct,
  createVendor,
  productInput,
  restoreEnv,
  setEnv,
  versionOf,
} from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { CATALOG_COLUMNS, type CatalogColumn, MAX_IMPORT_BYTES } from "~/features/catalog/domain/catalog-csv";
import type { CsvValue } from "~/platform/core/csv";
import { CSV_BOM } from "~/platform/core/csv";
import type { Refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import { csvRows, readCsv } from "~/platform/csv.server";
import { newId } from "~/platform/ids";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { ListingRefused, listVendorProducts } from "~/features/vendor-shops/server/vendor-products.server";
import { applyCatalogImport, ImportGone, ImportRefused } from "./apply-catalog-import.server";
import type { CatalogActor } from "./catalog-products.server";
import { getImportUpload, storeImportUpload } from "./catalog-import-uploads.server";
import { exportCatalogCsv, exportCatalogCsvText } from "./export-catalog-csv.server";
import { PRODUCT_CHANGED_SINCE_EXPORT } from "./plan-catalog-import.server";
import { createProduct } from "./save-product.server";
import {
  CHOOSE_CSV_FILE,
  CSV_EMPTY,
  CSV_NOT_UTF8,
  CSV_TOO_LARGE,
  CSV_TOO_MANY_ROWS,
  previewCatalogImport,
  uploadCatalogCsv,
} from "./upload-catalog-csv.server";

afterEach(() => restoreEnv());

const HSN_ERROR = "HSN code must be 4 to 8 digits.";
/** Row 3's pack: ₹195 + 5% GST = ₹204.76 (CGST and SGST each rounded half up) against an MRP of ₹200 (issue 29: the MRP includes all taxes). */
const PRICE_ABOVE_MRP =
  "With GST a unit comes to ₹204.76, above its MRP of ₹200: selling above the MRP is not allowed. Set the price (before GST) to ₹190.48 or less, or correct the MRP.";
const SKU_TAKEN = "This SKU is already used by another product.";
/** A row problem as the preview says it in English (a product form's refusal is a code). */
const said = (message: string | Refusal) => (typeof message === "string" ? message : english(message));
const shown = (errors: readonly { row: number; column: string; message: string | Refusal }[]) =>
  errors.map((e) => ({ ...e, message: said(e.message) }));

let n = 0;
const tag = () => `${Date.now().toString(36)}${(n++).toString(36)}`.toUpperCase();
const col = (c: CatalogColumn) => CATALOG_COLUMNS.indexOf(c);

const asAdmin = async (): Promise<CatalogActor> => ({ role: "admin", userId: (await createCustomer({ role: "admin" })).id });
const asVendor = async (): Promise<CatalogActor> => ({ role: "vendor", userId: (await createVendor()).id });

/** A CSV file as a spreadsheet would save it (UTF-8 with a byte-order mark). */
const fileOf = (records: readonly (readonly CsvValue[])[], name = "products.csv") =>
  new File([CSV_BOM + csvRows(records)], name, { type: "text/csv" });
/** Records from rows given by column name. */
const recordsOf = (rows: Partial<Record<CatalogColumn, string>>[]) => [
  [...CATALOG_COLUMNS],
  ...rows.map((r) => CATALOG_COLUMNS.map((c) => r[c] ?? "")),
];
/** A new product's size row; each carries the product's HSN code and GST rate (a new product must give them). */
const sizeRow = (handle: string, label: string, price: string, extra: Partial<Record<CatalogColumn, string>> = {}) => ({
  handle,
  hsn_code: "31052000",
  gst_rate: "5",
  size_label: label,
  pack_quantity: label.split(" ")[0] ?? "1",
  pack_unit: label.split(" ")[1] ?? "piece",
  price_rupees: price,
  stock: "10",
  ...extra,
});

async function upload(actor: CatalogActor, file: File) {
  const result = await uploadCatalogCsv(actor, file);
  if (!result.ok) throw new Error(`upload refused: ${result.error}`);
  return result.id;
}
async function preview(actor: CatalogActor, id: string) {
  const p = await previewCatalogImport(actor, id);
  if (!p) throw new Error("no preview");
  return p.plan;
}
/** The export as records (header first), to edit as a spreadsheet user would. */
async function exported(actor: CatalogActor) {
  return readCsv(await exportCatalogCsvText(actor), 100_000);
}
/** Everything an import could write, to compare before and after. */
async function storeState() {
  const db = getDb();
  return JSON.stringify([
    await db.selectFrom("product").selectAll().orderBy("id").execute(),
    await db.selectFrom("product_variant").selectAll().orderBy("id").execute(),
    await db.selectFrom("product_crop").select(["product_id", "crop"]).orderBy("product_id").orderBy("crop").execute(),
  ]);
}
const productCount = async () =>
  Number(
    (
      await getDb()
        .selectFrom("product")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("export, then import unchanged", () => {
  it("an admin's export is UTF-8 with a byte-order mark, and importing it unchanged changes nothing at all", async () => {
    const admin = await asAdmin();
    const vendor = await createVendor();
    const t = tag();
    await makeProduct({
      name: `=HYPERLINK("x") ${t}`,
      vendorId: vendor.id,
      crops: ["tomato", "onion"],
      variants: [
        // ₹549 + 18% GST = ₹647.82, within its MRP of ₹650 (an unchanged import keeps to the MRP rule too).
        { label: "10 g", pricePaise: 54_900, mrpPaise: 65_000, stock: 240, packQuantity: 10, packUnit: "g", sku: `TOM-${t}-10` },
        { label: "50 g", pricePaise: 2_49_900, stock: 0, packQuantity: 50, packUnit: "g" },
      ],
    });
    await createProduct(
      productInput({
        name: `नीम तेल, "cold pressed" ${t}`,
        description: "-20% this week\nFor aphids, whitefly; mix 5 ml per litre.",
        category: "fertilizers",
        price: 1_29_950,
        stock: 7,
        brand: "@Kisan",
        season: "kharif",
        crops: ["chilli"],
        dosageAmount: 2.5,
        dosageUnit: "l",
        howToUse: "+ Spray at dusk",
        howToUseHi: '+ शाम को छिड़काव करें,\n"5 मि.ली." प्रति लीटर',
      }),
      {},
    );
    const bytes = new Uint8Array(await new Response(exportCatalogCsv(admin)).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain(`"'=HYPERLINK(""x"") ${t}"`);
    expect(text).toContain("'-20% this week");
    expect(text).toContain("'+ शाम को छिड़काव करें");

    const before = await storeState();
    const id = await upload(admin, new File([bytes], "angle-products.csv"));
    const plan = await preview(admin, id);
    expect(plan.errors).toEqual([]);
    expect(plan.counts).toEqual({ created: 0, updated: 0, unchanged: await productCount() });
    expect(await applyCatalogImport(admin, id)).toEqual(plan.counts);
    expect(await storeState()).toBe(before);
  });

  it("a vendor exports only their own products", async () => {
    const vendor = await asVendor();
    const other = await createVendor();
    const mine = await makeProduct({ vendorId: vendor.userId, status: "pending" });
    await makeProduct({ vendorId: other.id });
    await makeProduct();
    const ids = (await exported(vendor)).slice(1).map((r) => r[col("product_id")]);
    expect(ids).toEqual([mine.id]);
  });
});

describe("HSN code and GST rate", () => {
  /** The product's tax as stored. */
  const taxOf = async (id: string) => {
    const r = await getDb().selectFrom("product").select(["hsn_code", "gst_rate"]).where("id", "=", id).executeTakeFirstOrThrow();
    return [r.hsn_code, Number(r.gst_rate)];
  };
  const rowOf = (records: string[][], id: string) => records.findIndex((r) => r[col("product_id")] === id);

  it("the export writes them (leading zeros kept) and an import changes them; unchanged they change nothing", async () => {
    const admin = await asAdmin();
    const t = tag();
    const { id: sapling } = await createProduct(
      productInput({ name: `Mango Sapling ${t}`, category: "seeds", price: 35_000, stock: 4, hsnCode: "06022010", gstRate: 0 }),
      {},
    );
    const { id: pump } = await createProduct(
      productInput({ name: `Borewell Pump ${t}`, category: "equipment", price: 24_99_900, stock: 2, hsnCode: "84137010", gstRate: 18 }),
      {},
    );
    const records = await exported(admin);
    expect(records[0]).toEqual([...CATALOG_COLUMNS]);
    const at = (id: string) => records[rowOf(records, id)] ?? expect.fail(`no row for ${id}`);
    expect([at(sapling)[col("hsn_code")], at(sapling)[col("gst_rate")]]).toEqual(["06022010", "0"]);
    expect([at(pump)[col("hsn_code")], at(pump)[col("gst_rate")]]).toEqual(["84137010", "18"]);

    const unchanged = await upload(admin, fileOf(records));
    // (Other tests' products with formula text would read back changed: this file writes the records out again.)
    const mine = (await preview(admin, unchanged)).products.filter((p) => "id" in p && (p.id === pump || p.id === sapling));
    expect(mine.map((p) => p.kind)).toEqual(["unchanged", "unchanged"]);

    at(pump)[col("gst_rate")] = "5";
    at(pump)[col("hsn_code")] = "8413 70 10";
    at(sapling)[col("hsn_code")] = "06029090";
    const changed = await upload(admin, fileOf(records));
    const plan = await preview(admin, changed);
    expect(plan.errors).toEqual([]);
    expect(plan.products.find((p) => p.kind === "update" && p.id === pump)).toMatchObject({
      changes: [{ column: "gst_rate", detail: "18 → 5" }],
    });
    expect(plan.products.find((p) => p.kind === "update" && p.id === sapling)).toMatchObject({
      changes: [{ column: "hsn_code", detail: "06022010 → 06029090" }],
    });
    await applyCatalogImport(admin, changed);
    expect(await taxOf(pump)).toEqual(["84137010", 5]);
    expect(await taxOf(sapling)).toEqual(["06029090", 0]);
  });

  it("a new product's come from its row; a bad one is a problem of its row and column, and nothing is written", async () => {
    const admin = await asAdmin();
    const t = tag();
    const rows = [
      { ...sizeRow("good", "1 piece", "450"), name: `Spade ${t}`, category: "tools", hsn_code: "8201 10 00", gst_rate: "0" }, // row 2
      { ...sizeRow("short", "1 piece", "450"), name: `Rake ${t}`, category: "tools", hsn_code: "12" }, // row 3
      { ...sizeRow("long", "1 piece", "450"), name: `Hoe ${t}`, category: "tools", hsn_code: "123456789" }, // row 4
      { ...sizeRow("letters", "1 piece", "450"), name: `Fork ${t}`, category: "tools", hsn_code: "12ab" }, // row 5
      { ...sizeRow("rate", "1 piece", "450"), name: `Sickle ${t}`, category: "tools", gst_rate: "12" }, // row 6
      { ...sizeRow("word", "1 piece", "450"), name: `Axe ${t}`, category: "tools", gst_rate: "abc" }, // row 7
      { ...sizeRow("none", "1 piece", "450"), name: `Trowel ${t}`, category: "tools", hsn_code: "", gst_rate: "" }, // row 8
      { ...sizeRow("zero", "1 piece", "450"), name: `Sapling ${t}`, category: "seeds", hsn_code: "6022010", gst_rate: "0" }, // row 9
    ];
    const before = await storeState();
    const id = await upload(admin, fileOf(recordsOf(rows)));
    const plan = await preview(admin, id);
    expect(plan.errors.map((e) => [e.row, e.column, said(e.message)])).toEqual([
      [3, "hsn_code", HSN_ERROR],
      [4, "hsn_code", HSN_ERROR],
      [5, "hsn_code", HSN_ERROR],
      [6, "gst_rate", 'Unknown GST rate "12". Use 0, 5, 18 or 40, a plain number such as 5.'],
      [7, "gst_rate", 'Unknown GST rate "abc". Use 0, 5, 18 or 40, a plain number such as 5.'],
      [8, "hsn_code", "Enter the HSN code: a new product needs one (4 to 8 digits)."],
      [8, "gst_rate", "Enter the GST rate: a new product needs one (0, 5, 18 or 40)."],
      [9, "hsn_code", expect.stringMatching(/^HSN codes have 4, 6 or 8 digits; "6022010" has 7\. If it began with 0/)],
    ]);
    await expect(applyCatalogImport(admin, id)).rejects.toBeInstanceOf(ImportRefused);
    expect(await storeState()).toBe(before);
    const auditOf = (upload: string) =>
      getDb().selectFrom("audit_entry").select(["kind", "changes"]).where("object_id", "=", upload).execute();
    // A refused file leaves no trace in the audit trail; an applied one, one entry with its counts.
    expect(await auditOf(id)).toEqual([]);

    const good = await upload(admin, fileOf(recordsOf([rows[0] ?? expect.fail("row 2")])));
    expect(await applyCatalogImport(admin, good)).toMatchObject({ created: 1 });
    expect(await auditOf(good)).toEqual([
      { kind: "product.import", changes: JSON.stringify({ created: [null, 1], updated: [null, 0], unchanged: [null, 0] }) },
    ]);
    const spade = await getDb().selectFrom("product").select("id").where("name", "=", `Spade ${t}`).executeTakeFirstOrThrow();
    expect(await taxOf(spade.id)).toEqual(["82011000", 0]);
  });

  it("an older file without the columns updates a product and keeps its code and rate; it cannot add one", async () => {
    const admin = await asAdmin();
    const t = tag();
    const { id } = await createProduct(
      productInput({ name: `Drip Kit ${t}`, category: "equipment", price: 49_99_900, stock: 3, hsnCode: "84248210", gstRate: 5 }),
      {},
    );
    const older = CATALOG_COLUMNS.filter((c) => c !== "hsn_code" && c !== "gst_rate");
    const records = (await exported(admin)).map((r) => older.map((c) => r[col(c)] ?? ""));
    const row = records.findIndex((r) => r[older.indexOf("product_id")] === id);
    const mine = records[row] ?? expect.fail("the product's row");
    mine[older.indexOf("name")] = `Drip Kit (1 acre) ${t}`;
    const newRow = older.map(
      (c) =>
        ({
          handle: "new",
          name: `Sprinkler ${t}`,
          category: "equipment",
          size_label: "1 piece",
          pack_quantity: "1",
          pack_unit: "piece",
          price_rupees: "999",
          stock: "3",
        })[c as string] ?? "",
    );
    const refused = await upload(admin, fileOf([older, mine, newRow]));
    expect((await preview(admin, refused)).errors.map((e) => [e.row, e.column])).toEqual([
      [3, "hsn_code"],
      [3, "gst_rate"],
    ]);
    const ok = await upload(admin, fileOf([older, mine]));
    expect(await applyCatalogImport(admin, ok)).toMatchObject({ updated: 1 });
    expect(await taxOf(id)).toEqual(["84248210", 5]);
    expect((await getDb().selectFrom("product").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name).toBe(
      `Drip Kit (1 acre) ${t}`,
    );
  });

  it("a 5- or 7-digit code the product has already reads back unchanged; a new one is refused as a likely lost 0", async () => {
    const admin = await asAdmin();
    const t = tag();
    const { id } = await createProduct(
      productInput({ name: `Odd Code ${t}`, category: "tools", price: 10_000, stock: 3, hsnCode: "82011", gstRate: 0 }),
      {},
    );
    const records = await exported(admin);
    const mine = records[rowOf(records, id)] ?? expect.fail("the product's row");
    expect((await preview(admin, await upload(admin, fileOf(records)))).errors).toEqual([]);
    mine[col("hsn_code")] = "6022010";
    const plan = await preview(admin, await upload(admin, fileOf(records)));
    expect(plan.errors).toEqual([
      {
        row: rowOf(records, id) + 1,
        column: "hsn_code",
        message: expect.stringMatching(/^HSN codes have 4, 6 or 8 digits; "6022010" has 7/),
      },
    ]);
  });
});

describe("a vendor adds products", () => {
  it("previews new products of several sizes without writing anything, then applies them, waiting for approval", async () => {
    const vendor = await asVendor();
    const t = tag();
    const file = fileOf(
      recordsOf([
        { ...sizeRow("neem", "100 ml", "120"), name: `Neem Oil ${t}`, category: "Fertilizers", crops: "Tomato, Chilli", season: "Kharif" },
        sizeRow("neem", "500 ml", "499.50", { mrp_rupees: "550", sku: `NEEM-${t}-500` }),
        sizeRow("neem", "1 l", "1,299", { stock: "0" }),
        { ...sizeRow("hoe", "1 piece", "350"), name: `Hand Hoe ${t}`, category: "tools", brand: "Falcon" },
      ]),
    );
    const before = await storeState();
    const id = await upload(vendor, file);
    const plan = await preview(vendor, id);
    expect(plan.errors).toEqual([]);
    expect(plan.counts).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(plan.rowCount).toBe(4);
    expect(await storeState()).toBe(before);

    expect(await applyCatalogImport(vendor, id)).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const listings = (await listVendorProducts(vendor.userId)).rows;
    const neem = listings.find((l) => l.name === `Neem Oil ${t}`);
    expect(neem).toMatchObject({ status: "pending", category: "fertilizers", sizes: 3, stock: 20, pricePaise: 12_000 });
    expect(listings.find((l) => l.name === `Hand Hoe ${t}`)).toMatchObject({ status: "pending", sizes: 1 });
    const sizes = await getDb()
      .selectFrom("product_variant")
      .select(["id", "label", "sku", "mrp_paise", "price_paise", "position"])
      .where("product_id", "=", neem?.id ?? "")
      .orderBy("position")
      .execute();
    // A blank MRP is what the size is charged with its 5% GST: ₹120 + ₹3 + ₹3 = ₹126;
    // ₹1,299 + ₹32.48 + ₹32.48 (each half of ₹64.95 rounded up) = ₹1,363.96.
    expect(sizes.map((s) => [s.label, s.sku, Number(s.mrp_paise), Number(s.price_paise)])).toEqual([
      ["100 ml", `AG-${neem?.id.toUpperCase()}`, 12_600, 12_000],
      ["500 ml", `NEEM-${t}-500`, 55_000, 49_950],
      ["1 l", `AG-${sizes[2]?.id.toUpperCase()}`, 1_36_396, 1_29_900],
    ]);
    // Its first size has the product's id, as the form's new products do.
    expect(sizes[0]?.id).toBe(neem?.id);
    const crops = await getDb()
      .selectFrom("product_crop")
      .select("crop")
      .where("product_id", "=", neem?.id ?? "")
      .orderBy("crop")
      .execute();
    expect(crops.map((c) => c.crop)).toEqual(["chilli", "tomato"]);
    // And the vendor's export of them reads back as no change.
    const again = await upload(vendor, fileOf(await exported(vendor)));
    expect((await preview(vendor, again)).counts).toEqual({ created: 0, updated: 0, unchanged: 2 });
  });
});

describe("every row's problem, and nothing written", () => {
  it("names each problem by row and column: category, price above MRP, SKUs, a missing name, a bad number, products not the vendor's", async () => {
    const vendor = await asVendor();
    const other = await createVendor();
    const t = tag();
    const taken = `TAKEN-${t}`;
    await makeProduct({ variants: [{ label: "1 kg", pricePaise: 10_000, stock: 1, sku: taken }] });
    const theirs = await makeProduct({ vendorId: other.id });
    const store = await makeProduct();
    const mine = await makeProduct({ vendorId: vendor.userId });
    const file = fileOf(
      recordsOf([
        { ...sizeRow("a", "1 kg", "100"), name: "Seed A", category: "rockets" }, // row 2
        { ...sizeRow("g", "2 kg", "195", { mrp_rupees: "200" }), name: "Seed G", category: "seeds" }, // row 3: below the MRP before GST, not with it
        { ...sizeRow("b", "1 kg", "100", { sku: `DUP-${t}` }), name: "Seed B", category: "seeds" }, // row 4
        { ...sizeRow("c", "1 kg", "100", { sku: `dup-${t}` }), name: "Seed C", category: "seeds" }, // row 5
        { ...sizeRow("d", "1 kg", "100", { sku: taken }), name: "Seed D", category: "seeds" }, // row 6
        { ...sizeRow("e", "1 kg", "100"), category: "seeds" }, // row 7
        { ...sizeRow("f", "1 kg", "12.5.0", { stock: "lots" }), name: "Seed F", category: "seeds" }, // row 8
        { ...sizeRow("", "1 kg", "100"), product_id: theirs.id, name: "Hijack", category: "seeds" }, // row 9
        { ...sizeRow("", "1 kg", "100"), product_id: store.id, name: "Hijack", category: "seeds" }, // row 10
        { ...sizeRow("", "1 kg", "100", { variant_id: theirs.id }), product_id: mine.id, name: "Mine", category: "seeds" }, // row 11
      ]),
    );
    const before = await storeState();
    const id = await upload(vendor, file);
    const plan = await preview(vendor, id);
    expect(plan.errors.map((e) => [e.row, e.column, said(e.message)])).toEqual([
      [2, "category", 'Unknown category "rockets". Use seeds, equipment, tools or fertilizers.'],
      [3, "price_rupees", PRICE_ABOVE_MRP],
      [5, "sku", `The SKU DUP-${t} is also in row 4, for another product. Each size needs its own SKU.`],
      [6, "sku", SKU_TAKEN],
      [7, "name", "Enter the product name."],
      [8, "price_rupees", "The price must be above ₹0 (at most two decimals)."],
      [8, "stock", "Stock must be a whole number, 0 or more."],
      [9, "product_id", "None of your products has this id."],
      [10, "product_id", "None of your products has this id."],
      [11, "variant_id", "This is not one of this product's sizes. Leave variant_id blank to add a size."],
    ]);
    await expect(applyCatalogImport(vendor, id)).rejects.toBeInstanceOf(ImportRefused);
    expect(await storeState()).toBe(before);
    // The refused upload is still there, to preview again.
    expect(await getImportUpload(vendor.userId, "vendor", id)).not.toBeNull();
  });

  it("refuses what is not a product CSV before keeping it", async () => {
    const admin = await asAdmin();
    const refused = async (file: File | null) => {
      const r = await uploadCatalogCsv(admin, file);
      return r.ok ? "accepted" : [r.status, r.error];
    };
    expect(await refused(null)).toEqual([400, CHOOSE_CSV_FILE]);
    expect(await refused(new File([], "empty.csv"))).toEqual([400, CSV_EMPTY]);
    expect(await refused(new File([CSV_BOM, "  \r\n"], "blank.csv"))).toEqual([422, CSV_EMPTY]);
    expect(await refused(new File([new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x41)], "big.csv"))).toEqual([413, CSV_TOO_LARGE]);
    // Windows-1252 (Excel's plain "CSV"): ₹ cannot be written, é is one byte that is not UTF-8.
    expect(await refused(new File([new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0d, 0x0a, 0x43, 0x61, 0x66, 0xe9])], "ansi.csv"))).toEqual([
      422,
      CSV_NOT_UTF8,
    ]);
    expect(await refused(new File([new Uint8Array([0xff, 0xfe, 0x6e, 0x00])], "utf16.csv"))).toEqual([422, CSV_NOT_UTF8]);
    // NUL bytes (PostgreSQL cannot store one) in the cells and the file's name are dropped, as forms drop them.
    const withNul = await uploadCatalogCsv(
      admin,
      new File(
        [csvRows(recordsOf([{ ...sizeRow("n\u0000ul", "1 kg", "10"), name: "N\u0000UL seed", category: "seeds" }]))],
        "a\u0000b.csv",
      ),
    );
    if (!withNul.ok) throw new Error(withNul.error.code);
    const nul = await previewCatalogImport(admin, withNul.id);
    expect(nul?.upload.fileName).toBe("ab.csv");
    expect(nul?.plan.errors).toEqual([]);
    expect(nul?.plan.products[0]?.name).toBe("NUL seed");
    const row = CATALOG_COLUMNS.map(() => "x");
    expect(await refused(fileOf([CATALOG_COLUMNS, ...Array.from({ length: 10_001 }, () => row)]))).toEqual([413, CSV_TOO_MANY_ROWS]);
  });
});

describe("changing existing products", () => {
  it("changes what the file changes: a vendor's changed listing waits for approval again; an unchanged one is not touched", async () => {
    const vendor = await asVendor();
    const t = tag();
    const changed = await makeProduct({
      vendorId: vendor.userId,
      status: "live",
      variants: [
        { label: "5 kg", pricePaise: 25_000, stock: 4, sku: `VC-${t}-5` },
        { label: "25 kg", pricePaise: 99_900, stock: 2, sku: `VC-${t}-25` },
      ],
    });
    const untouched = await makeProduct({ vendorId: vendor.userId, status: "live" });
    const versions = [await versionOf(changed.id), await versionOf(untouched.id)];
    const records = await exported(vendor);
    const rowsOf = (id: string) => records.filter((r) => r[col("product_id")] === id);
    const [five, twentyFive] = rowsOf(changed.id);
    if (!five || !twentyFive) throw new Error("two rows");
    five[col("price_rupees")] = "240";
    five[col("stock")] = "9";
    // The 25 kg size is dropped; a 50 kg one added.
    const fifty = twentyFive.map((c, i) => (i === col("variant_id") || i === col("sku") ? "" : c));
    fifty[col("size_label")] = "50 kg";
    fifty[col("pack_quantity")] = "50";
    records.splice(records.indexOf(twentyFive), 1, fifty);
    const id = await upload(vendor, fileOf(records));
    const plan = await preview(vendor, id);
    expect(plan.errors).toEqual([]);
    expect(plan.counts).toEqual({ created: 0, updated: 1, unchanged: 1 });
    const update = plan.products.find((p) => p.kind === "update");
    expect(update?.kind === "update" ? update.changes : []).toEqual([
      { column: "price_rupees", detail: "5 kg: 250.00 → 240.00" },
      { column: "stock", detail: "5 kg: 4 → 9" },
      { column: "size_label", detail: "new size 50 kg at ₹999.00" },
      { column: "size_label", detail: `size 25 kg (SKU VC-${t}-25) removed` },
    ]);
    await applyCatalogImport(vendor, id);
    const rows = await getDb()
      .selectFrom("product")
      .select(["id", "status", "version", "price_paise", "stock", "variant_count"])
      .where("id", "in", [changed.id, untouched.id])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(changed.id)).toMatchObject({ status: "pending", version: (versions[0] ?? 0) + 1, price_paise: 24_000, stock: 11 });
    expect(Number(byId.get(changed.id)?.variant_count)).toBe(2);
    expect(byId.get(untouched.id)).toMatchObject({ status: "live", version: versions[1] });
  });

  it("keeps a lot-tracked size's stock what its lots hold, whatever the file says (docs/decisions/056-lots.md)", async () => {
    const vendor = await asVendor();
    const t = tag();
    const product = await makeProduct({
      vendorId: vendor.userId,
      category: "seeds",
      variants: [
        { label: "10 g", pricePaise: 15_000, stock: 0, sku: `LT-${t}-10` },
        { label: "50 g", pricePaise: 60_000, stock: 3, sku: `LT-${t}-50` },
      ],
    });
    const [lotted] = await getDb().selectFrom("product_variant").select("id").where("sku", "=", `LT-${t}-10`).execute();
    if (!lotted) throw new Error("a size");
    await createLot(lotted.id, { quantity: 12 });
    const records = await exported(vendor);
    for (const row of records.filter((r) => r[col("product_id")] === product.id)) row[col("stock")] = "500";
    const id = await upload(vendor, fileOf(records));
    const plan = await preview(vendor, id);
    expect(plan.errors).toEqual([]);
    // The preview says only what the import will do: the 50 g size's stock, not the lot-tracked 10 g's.
    const update = plan.products.find((p) => p.kind === "update");
    expect(update?.kind === "update" ? update.changes : []).toEqual([{ column: "stock", detail: "50 g: 3 → 500" }]);
    await applyCatalogImport(vendor, id);
    const stock = await getDb()
      .selectFrom("product_variant")
      .select(["sku", "stock"])
      .where("product_id", "=", product.id)
      .orderBy("sku")
      .execute();
    expect(stock.map((s) => [s.sku, Number(s.stock)])).toEqual([
      [`LT-${t}-10`, 12],
      [`LT-${t}-50`, 500],
    ]);
  });

  it("sets and clears how to use in Hindi (how_to_use_hi); the next export writes what was set", async () => {
    const admin = await asAdmin();
    const product = await makeProduct();
    const howToUseOf = async () =>
      getDb().selectFrom("product").select(["how_to_use", "how_to_use_hi"]).where("id", "=", product.id).executeTakeFirstOrThrow();
    const mine = async () => (await exported(admin)).filter((r, i) => i === 0 || r[col("product_id")] === product.id);
    const importing = async (records: string[][]) => {
      const id = await upload(admin, fileOf(records));
      const plan = await preview(admin, id);
      expect(plan.errors).toEqual([]);
      await applyCatalogImport(admin, id);
      return plan.products.flatMap((p) => (p.kind === "update" ? p.changes.map((c) => c.column) : []));
    };

    const records = await mine();
    const row = records[1] ?? expect.fail("its row");
    expect(row[col("how_to_use_hi")]).toBe("");
    row[col("how_to_use_hi")] = "बुवाई से पहले 2 किलो प्रति एकड़ मिट्टी में मिलाएँ।";
    expect(await importing(records)).toEqual(["how_to_use_hi"]);
    expect(await howToUseOf()).toEqual({ how_to_use: null, how_to_use_hi: "बुवाई से पहले 2 किलो प्रति एकड़ मिट्टी में मिलाएँ।" });

    const again = await mine();
    expect(again[1]?.[col("how_to_use_hi")]).toBe("बुवाई से पहले 2 किलो प्रति एकड़ मिट्टी में मिलाएँ।");
    (again[1] ?? expect.fail("its row"))[col("how_to_use_hi")] = "";
    expect(await importing(again)).toEqual(["how_to_use_hi"]);
    expect(await howToUseOf()).toEqual({ how_to_use: null, how_to_use_hi: null });
  });

  it("does not overwrite a product sold after the export, unless its version is cleared", async () => {
    const admin = await asAdmin();
    const product = await makeProduct({ stock: 10, pricePaise: 50_000 });
    const records = (await exported(admin)).filter((r, i) => i === 0 || r[col("product_id")] === product.id);
    const row = records[1];
    if (!row) throw new Error("its row");
    row[col("price_rupees")] = "450";
    await placeOrder(await createCustomer(), checkoutInput([{ productId: product.id, quantity: 3 }]));

    const stale = await upload(admin, fileOf(records));
    expect((await preview(admin, stale)).errors).toEqual([{ row: 2, column: "version", message: PRODUCT_CHANGED_SINCE_EXPORT }]);
    await expect(applyCatalogImport(admin, stale)).rejects.toBeInstanceOf(ImportRefused);
    expect(await getDb().selectFrom("product").select("stock").where("id", "=", product.id).executeTakeFirstOrThrow()).toMatchObject({
      stock: 7,
    });

    // A cleared version is the user saying "overwrite": the file's stock is the stock.
    row[col("version")] = "";
    const forced = await upload(admin, fileOf(records));
    expect((await preview(admin, forced)).errors).toEqual([]);
    await applyCatalogImport(admin, forced);
    expect(
      await getDb().selectFrom("product").select(["stock", "price_paise"]).where("id", "=", product.id).executeTakeFirstOrThrow(),
    ).toMatchObject({
      stock: 10,
      price_paise: 45_000,
    });
  });

  it("lets a product's sizes swap their SKUs", async () => {
    const admin = await asAdmin();
    const t = tag();
    const product = await makeProduct({
      variants: [
        { label: "1 kg", pricePaise: 10_000, stock: 1, sku: `A-${t}` },
        { label: "2 kg", pricePaise: 19_000, stock: 1, sku: `B-${t}` },
      ],
    });
    const records = (await exported(admin)).filter((r, i) => i === 0 || r[col("product_id")] === product.id);
    const [, one, two] = records;
    if (!one || !two) throw new Error("two rows");
    [one[col("sku")], two[col("sku")]] = [two[col("sku")] ?? "", one[col("sku")] ?? ""];
    const id = await upload(admin, fileOf(records));
    expect((await preview(admin, id)).errors).toEqual([]);
    await applyCatalogImport(admin, id);
    const skus = await getDb()
      .selectFrom("product_variant")
      .select("sku")
      .where("product_id", "=", product.id)
      .orderBy("position")
      .execute();
    expect(skus.map((s) => s.sku)).toEqual([`B-${t}`, `A-${t}`]);
  });
});

describe("all or nothing", () => {
  it("10,000 rows: a problem in row 9,999 writes nothing, as does a SKU taken between the preview and Apply", {
    timeout: 240_000,
  }, async () => {
    const admin = await asAdmin();
    const t = tag();
    const rows: Partial<Record<CatalogColumn, string>>[] = [];
    for (let p = 0; p < 2_500; p++) {
      for (let s = 0; s < 4; s++) {
        rows.push({
          ...sizeRow(`bulk-${p}`, `${(s + 1) * 250} g`, String(100 + s * 75), {
            sku: `BULK-${t}-${p}-${s}`,
            mrp_rupees: String(120 + s * 80),
          }),
          ...(s === 0 ? { name: `Bulk Seed ${t} ${p}`, category: "seeds", crops: p % 2 ? "tomato" : "" } : {}),
        });
      }
    }
    const bad = rows.map((r) => ({ ...r }));
    const nearTheEnd = bad[9_997];
    if (nearTheEnd) nearTheEnd.price_rupees = "195"; // with GST above its MRP of ₹200, in spreadsheet row 9,999
    const before = await productCount();
    const refused = await upload(admin, fileOf(recordsOf(bad)));
    const plan = await preview(admin, refused);
    expect(shown(plan.errors)).toEqual([{ row: 9_999, column: "price_rupees", message: PRICE_ABOVE_MRP }]);
    await expect(applyCatalogImport(admin, refused)).rejects.toBeInstanceOf(ImportRefused);
    expect(await productCount()).toBe(before);

    const id = await upload(admin, fileOf(recordsOf(rows)));
    expect((await preview(admin, id)).counts).toEqual({ created: 2_500, updated: 0, unchanged: 0 });
    // Between the preview and Apply, someone else lists a product with the SKU of row 9,999.
    const thief = await makeProduct({ variants: [{ label: "x", pricePaise: 100, stock: 1, sku: `BULK-${t}-2499-1` }] });
    const error = await applyCatalogImport(admin, id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportRefused);
    expect(shown((error as ImportRefused).plan.errors)).toEqual([{ row: 9_999, column: "sku", message: SKU_TAKEN }]);
    expect(await productCount()).toBe(before + 1);

    await getDb().deleteFrom("product").where("id", "=", thief.id).execute();
    expect(await applyCatalogImport(admin, id)).toEqual({ created: 2_500, updated: 0, unchanged: 0 });
    expect(await productCount()).toBe(before + 2_500);
    const sizes = await getDb()
      .selectFrom("product_variant")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("sku", "like", `BULK-${t}-%`)
      .executeTakeFirstOrThrow();
    expect(Number(sizes.n)).toBe(10_000);
  });

  it("applies an upload once: a second Apply finds it gone, and two at once write it once", async () => {
    const vendor = await asVendor();
    const t = tag();
    const file = () => fileOf(recordsOf([{ ...sizeRow("x", "1 kg", "10"), name: `Once ${t}`, category: "seeds" }]));
    const count = async () => (await getDb().selectFrom("product").select("id").where("name", "=", `Once ${t}`).execute()).length;
    const first = await upload(vendor, file());
    await applyCatalogImport(vendor, first);
    await expect(applyCatalogImport(vendor, first)).rejects.toBeInstanceOf(ImportGone);
    const second = await upload(vendor, file());
    const results = await Promise.allSettled([applyCatalogImport(vendor, second), applyCatalogImport(vendor, second)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: expect.any(ImportGone) });
    expect(await count()).toBe(2);
  });
});

describe("two imports at once", () => {
  it("adding the same SKUs in opposite orders: one is imported, the other writes nothing and says why", async () => {
    const [a, b] = [await asAdmin(), await asAdmin()];
    const t = tag();
    const rows = Array.from({ length: 300 }, (_, i) => ({
      ...sizeRow(`race-${i}`, "1 kg", "10", { sku: `RACE-${t}-${i}` }),
      name: `Race ${t} ${i}`,
      category: "seeds",
    }));
    const before = await productCount();
    const ids = [await upload(a, fileOf(recordsOf(rows))), await upload(b, fileOf(recordsOf([...rows].reverse())))];
    const results = await Promise.allSettled([applyCatalogImport(a, ids[0] ?? ""), applyCatalogImport(b, ids[1] ?? "")]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.status === "rejected" ? refused.reason : null).toBeInstanceOf(ImportRefused);
    expect(await productCount()).toBe(before + 300);
  });
});

describe("whose upload it is", () => {
  it("is the uploader's, on the page it was uploaded on, for an hour", async () => {
    const vendor = await asVendor();
    const other = await asVendor();
    const file = fileOf(recordsOf([{ ...sizeRow("x", "1 kg", "10"), name: "Mine only", category: "seeds" }]));
    const id = await upload(vendor, file);
    expect(await previewCatalogImport(other, id)).toBeNull();
    expect(await previewCatalogImport({ role: "admin", userId: vendor.userId }, id)).toBeNull();
    await expect(applyCatalogImport(other, id)).rejects.toBeInstanceOf(ImportGone);
    expect(await previewCatalogImport(vendor, id)).not.toBeNull();
    for (const bogus of ["", "\u0000abc", "../../x", newId(32)]) expect(await previewCatalogImport(vendor, bogus)).toBeNull();
    const old = await storeImportUpload(vendor.userId, "vendor", "old.csv", "x", new Date(Date.now() - 61 * 60 * 1000));
    expect(await previewCatalogImport(vendor, old)).toBeNull();
  });
});

describe("a vendor's import and the approval rules", () => {
  it("is refused while the approval queue is full, writing nothing", async () => {
    setEnv({ LISTING_MAX_PENDING: "2" });
    const vendor = await asVendor();
    await makeProduct({ vendorId: vendor.userId, status: "pending" });
    await makeProduct({ vendorId: vendor.userId, status: "pending" });
    const id = await upload(vendor, fileOf(recordsOf([{ ...sizeRow("x", "1 kg", "10"), name: "Queued", category: "seeds" }])));
    const error = await applyCatalogImport(vendor, id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListingRefused);
    expect((error as ListingRefused).status).toBe(409);
    expect((await listVendorProducts(vendor.userId)).rows).toHaveLength(2);
    expect(await getImportUpload(vendor.userId, "vendor", id)).not.toBeNull();
  });

  it("counts an import that adds listings once against the listing rate limit", async () => {
    setEnv({ RATE_LIMIT_LISTING_MAX: "2" });
    const vendor = await asVendor();
    const many = recordsOf(
      Array.from({ length: 30 }, (_, i) => ({ ...sizeRow(`p${i}`, "1 kg", "10"), name: `Rated ${i}`, category: "seeds" })),
    );
    await applyCatalogImport(vendor, await upload(vendor, fileOf(many)));
    await applyCatalogImport(vendor, await upload(vendor, fileOf(many)));
    const error = await applyCatalogImport(vendor, await upload(vendor, fileOf(many))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListingRefused);
    expect((error as ListingRefused).status).toBe(429);
    expect((await listVendorProducts(vendor.userId)).total).toBe(60);
  });
});

describe("the catalogue's counts", () => {
  it("stay exact per status and category through an import, edits that move products, and deletes", async () => {
    const counted = async () =>
      (await getDb().selectFrom("product_count").select(["status", "category", "n"]).execute())
        .filter((r) => Number(r.n) !== 0)
        .map((r) => `${r.status}/${r.category}=${Number(r.n)}`)
        .sort();
    const actual = async () =>
      (
        await getDb()
          .selectFrom("product")
          .select(["status", "category", (eb) => eb.fn.countAll<number>().as("n")])
          .groupBy(["status", "category"])
          .execute()
      )
        .map((r) => `${r.status}/${r.category}=${Number(r.n)}`)
        .sort();
    const vendor = await asVendor();
    const t = tag();
    const rows = Array.from({ length: 40 }, (_, i) => ({
      ...sizeRow(`c${i}`, "1 kg", "10"),
      name: `Counted ${t} ${i}`,
      category: ["seeds", "tools", "fertilizers", "equipment"][i % 4] ?? "seeds",
    }));
    await applyCatalogImport(vendor, await upload(vendor, fileOf(recordsOf(rows))));
    expect(await counted()).toEqual(await actual());
    // Every product of one category moves to another, in one statement.
    await getDb().updateTable("product").set({ category: "tools", status: "live" }).where("name", "like", `Counted ${t} %`).execute();
    expect(await counted()).toEqual(await actual());
    await getDb().deleteFrom("product").where("name", "like", `Counted ${t} %`).execute();
    expect(await counted()).toEqual(await actual());
  });
});

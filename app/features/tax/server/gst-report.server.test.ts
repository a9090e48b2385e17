import { beforeAll, describe, expect, it } from "vitest";
import { createCustomer, createVendor } from "../../../../tests/factories";
import { insertOrders } from "../../../../tests/pagination";
import { type DocumentSpec, type LineSpec, taxDocumentRow } from "../../../../tests/tax-documents";
import { getDb } from "~/platform/db/db.server";
import { STORE_GST_SELLER, vendorGstSeller } from "~/features/tax/domain/gst-sellers";
import { defined } from "~/platform/defined";
import { readCsv } from "~/platform/csv.server";
import { newId } from "~/platform/ids";
import { GST_CSV_HEADER, GST_CSV_SECTIONS, gstReportCsv } from "./gst-report-csv.server";
import { gstReport } from "./gst-report.server";

/*
 * The store sells in Maharashtra (27): a sale delivered there is CGST + SGST, one to Karnataka
 * (29) IGST. November 2026 in India runs from 2026-10-31T18:30Z to 2026-11-30T18:30Z.
 */
const SEEDS: LineSpec = { description: "Tomato Seeds (Arka Rakshak)", hsn: "1209", quantity: 2, unitPricePaise: 15_000, rate: 0 };
const KHURPI: LineSpec = { description: "Khurpi hand weeder", hsn: "8201", quantity: 1, unitPricePaise: 129_950, rate: 5 };
const DELIVERY_5: LineSpec = { description: "Delivery", hsn: "9965", quantity: 1, unitPricePaise: 9_900, rate: 5 };
const TILLER: LineSpec = { description: "Power tiller", hsn: "8432", quantity: 1, unitPricePaise: 4_500_000, rate: 5 };
const SPRAY: LineSpec = { description: "=Neem oil spray", hsn: "3808", quantity: 3, unitPricePaise: 49_900, rate: 18 };
const DELIVERY_18: LineSpec = { ...DELIVERY_5, unitPricePaise: 14_900, rate: 18 };

let customerId: string;
let vendorA: { id: string; name: string };
let vendorB: { id: string; name: string };

/** Issues a document; an invoice gets an order of its own (one invoice per seller per order), a credit note names its invoice's. */
async function issue(spec: Omit<DocumentSpec, "orderId"> & { orderId?: string }) {
  const orderId = spec.orderId ?? defined((await insertOrders(1, { userId: customerId }))[0], "a new order");
  const row = taxDocumentRow(newId(), { ...spec, orderId });
  await getDb().insertInto("tax_document").values(row).execute();
  return row;
}

const store = (kind: DocumentSpec["kind"], sequence: number, issuedAt: string, placeOfSupply: string, lines: LineSpec[]) =>
  issue({ kind, seller: "store", sequence, issuedAt, placeOfSupply, lines });

let november: {
  invoices: Awaited<ReturnType<typeof issue>>[];
  creditNote: Awaited<ReturnType<typeof issue>>;
};

beforeAll(async () => {
  customerId = (await createCustomer()).id;
  vendorA = { id: (await createVendor({ businessName: "Kisan Tools & Co." })).id, name: "Kisan Tools & Co." };
  vendorB = { id: (await createVendor({ businessName: "Bharat Beej" })).id, name: "Bharat Beej" };

  // 31 October, 23:59:59.999 in India: October's.
  await store("invoice", 1, "2026-10-31T18:29:59.999Z", "27", [KHURPI]);
  // 1 November, 00:30 in India.
  const first = await store("invoice", 2, "2026-10-31T19:00:00.000Z", "27", [SEEDS, KHURPI, DELIVERY_5]);
  const second = await issue({
    kind: "invoice",
    seller: "store",
    sequence: 3,
    issuedAt: "2026-11-15T06:00:00.000Z",
    placeOfSupply: "29",
    lines: [TILLER, SPRAY, DELIVERY_18],
  });
  // One of the three sprays comes back.
  const creditNote = await issue({
    kind: "credit_note",
    seller: "store",
    sequence: 1,
    issuedAt: "2026-11-20T10:00:00.000Z",
    placeOfSupply: "29",
    lines: [{ ...SPRAY, quantity: 1 }],
    orderId: second.order_id,
    refersTo: { id: second.id, number: second.number, issuedAt: second.issued_at },
  });
  // 30 November, 23:59:59.999 in India: still November.
  const last = await store("invoice", 4, "2026-11-30T18:29:59.999Z", "27", [{ ...KHURPI, unitPricePaise: 10_000, quantity: 2 }]);
  // 1 December, 00:00 in India.
  await store("invoice", 5, "2026-11-30T18:30:00.000Z", "27", [KHURPI]);
  november = { invoices: [first, second, last], creditNote };

  // The vendors' own series, in the same month: never in the store's report, nor in each other's.
  await issue({
    kind: "invoice",
    seller: vendorA.id,
    prefix: "KIS",
    sequence: 1,
    issuedAt: "2026-11-10T05:00:00.000Z",
    placeOfSupply: "27",
    gstin: "27KISAN1234K1Z5",
    lines: [{ ...KHURPI, unitPricePaise: 77_700 }],
  });
  await issue({
    kind: "invoice",
    seller: vendorB.id,
    prefix: "BHA",
    sequence: 1,
    issuedAt: "2026-11-11T05:00:00.000Z",
    placeOfSupply: "29",
    gstin: "27BHARAT234K1Z5",
    lines: [{ ...SEEDS, unitPricePaise: 33_300 }],
  });
});

describe("gstReport", () => {
  it("takes the month in India time: 1 November 00:00 to 30 November 23:59:59.999", async () => {
    const report = await gstReport({ month: "2026-11" });
    expect(report.monthLabel).toBe("November 2026");
    expect(report.seller).toBe("store");
    expect(report.documents.map((d) => d.number)).toEqual(["ANG/26-27/000002", "ANG/26-27/000003", "ANGC/26-27/00001", "ANG/26-27/000004"]);
    expect(report.documents.map((d) => d.issuedOn)).toEqual(["2026-11-01", "2026-11-15", "2026-11-20", "2026-11-30"]);
    const october = await gstReport({ month: "2026-10" });
    expect(october.documents.map((d) => d.number)).toEqual(["ANG/26-27/000001"]);
    const december = await gstReport({ month: "2026-12" });
    expect(december.documents.map((d) => d.number)).toEqual(["ANG/26-27/000005"]);
  });

  it("groups B2C supplies by place of supply and rate, credit notes taken away", async () => {
    const { byPlaceAndRate } = await gstReport({ month: "2026-11" });
    expect(byPlaceAndRate.rows).toEqual([
      // Seeds, nil-rated, in Maharashtra.
      { placeOfSupply: { code: "27", name: "Maharashtra" }, rate: 0, taxable: 30_000, cgst: 0, sgst: 0, igst: 0, total: 30_000 },
      // Khurpi 1,299.50 (CGST 32.49 each half) + delivery 99 (2.48) + two khurpis at 100 (5.00).
      { placeOfSupply: { code: "27", name: "Maharashtra" }, rate: 5, taxable: 159_850, cgst: 3_997, sgst: 3_997, igst: 0, total: 167_844 },
      { placeOfSupply: { code: "29", name: "Karnataka" }, rate: 5, taxable: 4_500_000, cgst: 0, sgst: 0, igst: 225_000, total: 4_725_000 },
      // Three sprays (IGST 269.46) and delivery (26.82), less one spray returned (89.82).
      { placeOfSupply: { code: "29", name: "Karnataka" }, rate: 18, taxable: 114_700, cgst: 0, sgst: 0, igst: 20_646, total: 135_346 },
    ]);
    expect(byPlaceAndRate.totals).toEqual({ taxable: 4_804_550, cgst: 3_997, sgst: 3_997, igst: 245_646, total: 5_058_190 });
  });

  it("sums the HSN summary per HSN, rate and unit, delivery's SAC 9965 among them, net of the credit note", async () => {
    const { hsn } = await gstReport({ month: "2026-11" });
    expect(hsn.rows).toEqual([
      {
        hsn: "1209",
        description: SEEDS.description,
        uqc: "PCS",
        quantity: 2,
        rate: 0,
        taxable: 30_000,
        cgst: 0,
        sgst: 0,
        igst: 0,
        total: 30_000,
      },
      {
        hsn: "3808",
        description: SPRAY.description,
        uqc: "PCS",
        quantity: 2,
        rate: 18,
        taxable: 99_800,
        cgst: 0,
        sgst: 0,
        igst: 17_964,
        total: 117_764,
      },
      {
        hsn: "8201",
        description: KHURPI.description,
        uqc: "PCS",
        quantity: 3,
        rate: 5,
        taxable: 149_950,
        cgst: 3_749,
        sgst: 3_749,
        igst: 0,
        total: 157_448,
      },
      {
        hsn: "8432",
        description: TILLER.description,
        uqc: "PCS",
        quantity: 1,
        rate: 5,
        taxable: 4_500_000,
        cgst: 0,
        sgst: 0,
        igst: 225_000,
        total: 4_725_000,
      },
      // A service: GSTN's UQC "NA" and no quantity.
      {
        hsn: "9965",
        description: "Delivery",
        uqc: "NA",
        quantity: 0,
        rate: 5,
        taxable: 9_900,
        cgst: 248,
        sgst: 248,
        igst: 0,
        total: 10_396,
      },
      {
        hsn: "9965",
        description: "Delivery",
        uqc: "NA",
        quantity: 0,
        rate: 18,
        taxable: 14_900,
        cgst: 0,
        sgst: 0,
        igst: 2_682,
        total: 17_582,
      },
    ]);
  });

  it("lists the documents and each series' range, and the totals reconcile", async () => {
    const report = await gstReport({ month: "2026-11" });
    const note = defined(report.documents[2], "the credit note");
    expect(note).toMatchObject({
      kind: "credit_note",
      number: "ANGC/26-27/00001",
      refersTo: "ANG/26-27/000003",
      orderId: november.invoices[1]?.order_id,
      placeOfSupply: { code: "29", name: "Karnataka" },
      taxable: 49_900,
      tax: 8_982,
      total: 58_882,
    });
    expect(report.series).toEqual([
      {
        kind: "invoice",
        financialYear: "26-27",
        first: "ANG/26-27/000002",
        last: "ANG/26-27/000004",
        count: 3,
        missing: [],
        missingCount: 0,
      },
      {
        kind: "credit_note",
        financialYear: "26-27",
        first: "ANGC/26-27/00001",
        last: "ANGC/26-27/00001",
        count: 1,
        missing: [],
        missingCount: 0,
      },
    ]);
    const invoiceTotal = november.invoices.reduce((s, d) => s + d.total_paise, 0);
    expect(report.totals.invoices).toMatchObject({ count: 3, total: invoiceTotal });
    expect(report.totals.creditNotes).toMatchObject({ count: 1, total: november.creditNote.total_paise });
    expect(report.totals.net.total).toBe(invoiceTotal - november.creditNote.total_paise);
    expect(report.byPlaceAndRate.totals).toEqual(report.totals.net);
    expect(report.hsn.totals).toEqual(report.totals.net);
    expect(report.totals.reconciles).toBe(true);
    expect(report.problems).toEqual([]);
    expect(report.gstins).toEqual(["27AAICA4417K1ZK"]);
  });

  it("shows a vendor only their own documents, and the store only the store's", async () => {
    const a = await gstReport({ month: "2026-11", seller: vendorA.id });
    expect(a.documents.map((d) => d.number)).toEqual(["KIS/26-27/000001"]);
    expect(a.gstins).toEqual(["27KISAN1234K1Z5"]);
    expect(a.byPlaceAndRate.totals.taxable).toBe(77_700);
    const b = await gstReport({ month: "2026-11", seller: vendorB.id });
    expect(b.documents.map((d) => d.number)).toEqual(["BHA/26-27/000001"]);
    const own = await gstReport({ month: "2026-11", seller: "store" });
    expect(own.documents.every((d) => d.number.startsWith("ANG"))).toBe(true);
    expect(await gstReport({ month: "2026-11", seller: newId(24) })).toMatchObject({ documents: [], series: [], problems: [] });
  });

  it("reports missing numbers inside a month, and before the first in April (a new financial year)", async () => {
    for (const [sequence, day] of [
      [6, "2027-01-03"],
      [9, "2027-01-04"],
      [10, "2027-01-05"],
      [40, "2027-01-06"],
    ] as const) {
      await store("invoice", sequence, `${day}T06:00:00.000Z`, "27", [KHURPI]);
    }
    const january = await gstReport({ month: "2027-01" });
    const series = defined(january.series[0], "January's invoices");
    expect(series).toMatchObject({ first: "ANG/26-27/000006", last: "ANG/26-27/000040", count: 4, missingCount: 31 });
    expect(series.missing).toHaveLength(20);
    expect(series.missing.slice(0, 3)).toEqual(["ANG/26-27/000007", "ANG/26-27/000008", "ANG/26-27/000011"]);

    await store("invoice", 3, "2027-04-02T06:00:00.000Z", "27", [KHURPI]);
    const april = await gstReport({ month: "2027-04" });
    expect(april.series).toEqual([
      {
        kind: "invoice",
        financialYear: "27-28",
        first: "ANG/27-28/000003",
        last: "ANG/27-28/000003",
        count: 1,
        missing: ["ANG/27-28/000001", "ANG/27-28/000002"],
        missingCount: 2,
      },
    ]);
  });

  it("says which document does not add up instead of reporting figures that do not reconcile", async () => {
    const row = taxDocumentRow(newId(), {
      kind: "invoice",
      seller: "store",
      sequence: 1,
      issuedAt: "2027-03-01T06:00:00.000Z",
      placeOfSupply: "27",
      lines: [KHURPI],
      orderId: defined((await insertOrders(2, { userId: customerId }))[0], "an order"),
      prefix: "ZZZ",
    });
    await getDb()
      .insertInto("tax_document")
      .values({ ...row, total_paise: row.total_paise + 1 })
      .execute();
    await getDb()
      .insertInto("tax_document")
      .values({
        ...row,
        id: newId(),
        order_id: defined((await insertOrders(1, { userId: customerId }))[0], "another order"),
        number: "ZZZ/26-27/000002",
        sequence: 2,
        snapshot: "{not json",
      })
      .execute();
    const march = await gstReport({ month: "2027-03" });
    expect(march.totals.reconciles).toBe(false);
    expect(march.problems).toEqual([
      "ZZZ/26-27/000001: its lines add up to ₹1,364.48, but the document says ₹1,364.49.",
      "ZZZ/26-27/000002: its stored details cannot be read, so its lines are missing from the tables.",
    ]);
  });

  it("refuses a month that is not one", async () => {
    await expect(gstReport({ month: "2026-13" })).rejects.toThrow();
  });
});

describe("gstReportCsv", () => {
  it("writes one CSV with a section column, rupees with two decimals, formula-safe text", async () => {
    const report = await gstReport({ month: "2026-11" });
    const text = gstReportCsv(report, STORE_GST_SELLER);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const records = readCsv(text.slice(1), 1000);
    expect(records[0]).toEqual([...GST_CSV_HEADER]);
    const col = (name: (typeof GST_CSV_HEADER)[number]) => GST_CSV_HEADER.indexOf(name);
    const section = (name: string) => records.filter((r) => r[0] === name);
    expect(records.every((r) => r.length === GST_CSV_HEADER.length)).toBe(true);
    expect(defined(section(GST_CSV_SECTIONS.report)[0], "the report row")[col("Description")]).toBe(
      "GST report for November 2026: Store, GSTIN 27AAICA4417K1ZK",
    );

    const b2c = section(GST_CSV_SECTIONS.b2c);
    expect(b2c).toHaveLength(5);
    const karnataka18 = defined(b2c[3], "Karnataka at 18%");
    expect([karnataka18[col("Place of supply")], karnataka18[col("Rate (%)")]]).toEqual(["29-Karnataka", "18"]);
    expect(karnataka18.slice(col("Taxable value (₹)"), col("Total (₹)") + 1)).toEqual(["1147.00", "0.00", "0.00", "206.46", "1353.46"]);
    const b2cTotal = defined(b2c[4], "the B2C total");
    expect(b2cTotal[col("Place of supply")]).toBe("Total");
    expect(b2cTotal[col("Total (₹)")]).toBe("50581.90");

    const hsn = section(GST_CSV_SECTIONS.hsn);
    expect(hsn.map((r) => r[col("HSN/SAC")])).toEqual(["1209", "3808", "8201", "8432", "9965", "9965", "Total"]);
    const spray = defined(hsn[1], "the spray row");
    // Written as text that starts with "=": a spreadsheet must not run it.
    expect(text).toContain("'=Neem oil spray");
    expect([spray[col("UQC")], spray[col("Quantity")], spray[col("IGST (₹)")]]).toEqual(["PCS", "2", "179.64"]);

    const documents = section(GST_CSV_SECTIONS.documents);
    expect(documents.map((r) => r[col("Document number")] || r[col("Document type")])).toEqual([
      "ANG/26-27/000002",
      "ANG/26-27/000003",
      "ANGC/26-27/00001",
      "ANG/26-27/000004",
      "Invoices total",
      "Credit notes total",
      "Net (invoices minus credit notes)",
    ]);
    const note = defined(documents[2], "the credit note's row");
    expect([note[col("Document type")], note[col("Date (IST)")], note[col("Refers to")], note[col("Total (₹)")]]).toEqual([
      "Credit Note",
      "2026-11-20",
      "ANG/26-27/000003",
      "588.82",
    ]);
    expect(defined(documents[6], "the net row")[col("Total (₹)")]).toBe("50581.90");

    const series = section(GST_CSV_SECTIONS.series);
    expect(
      series.map((r) => [
        r[col("Document type")],
        r[col("First number")],
        r[col("Last number")],
        r[col("Count")],
        r[col("Missing numbers")],
      ]),
    ).toEqual([
      ["Tax Invoice", "ANG/26-27/000002", "ANG/26-27/000004", "3", "None"],
      ["Credit Note", "ANGC/26-27/00001", "ANGC/26-27/00001", "1", "None"],
    ]);
  });

  it("names a vendor's report by their business name", () => {
    expect(vendorGstSeller("u1", "Kisan Tools & Co.").slug).toBe("kisan-tools-co");
    expect(vendorGstSeller("u1", "!!!").slug).toBe("vendor");
  });
});

import { describe, expect, it } from "vitest";
import { type DocumentSpec, type LineSpec, taxDocumentRow } from "../../../../tests/tax-documents";
import { summariseGstDocuments, type GstDocumentRow } from "./gst-report";

/** The report's rows as the service reads them from tax_document (camelCase, paise). */
function row(id: string, spec: DocumentSpec): GstDocumentRow {
  const r = taxDocumentRow(id, spec);
  return {
    id: r.id,
    orderId: r.order_id,
    kind: r.kind,
    number: r.number,
    financialYear: r.financial_year,
    sequence: r.sequence,
    issuedAt: r.issued_at,
    placeOfSupply: r.place_of_supply,
    taxable: r.taxable_paise,
    cgst: r.cgst_paise,
    sgst: r.sgst_paise,
    igst: r.igst_paise,
    total: r.total_paise,
    snapshot: r.snapshot,
  };
}

const DAP: LineSpec = { description: "DAP 50 kg", hsn: "3105", quantity: 10, unitPricePaise: 135_000, rate: 5 };
const SPRAY: LineSpec = { description: "Neem oil 1 L", hsn: "3808", quantity: 3, unitPricePaise: 49_900, rate: 18 };
const SEEDS: LineSpec = { description: "Tomato seeds 10 g", hsn: "1209", quantity: 2, unitPricePaise: 15_000, rate: 0 };
const FPO = { legalName: "Sahyadri Farmers Producer Company Ltd", gstin: "27AAPFU0939F1ZV" };

describe("summariseGstDocuments: buyers registered for GST (B2B)", () => {
  const b2bInvoice = row("d1", {
    kind: "invoice",
    seller: "store",
    orderId: "o1",
    sequence: 1,
    issuedAt: "2026-11-10T06:00:00.000Z",
    placeOfSupply: "27",
    lines: [DAP, SPRAY],
    business: FPO,
  });
  const b2cInvoice = row("d2", {
    kind: "invoice",
    seller: "store",
    orderId: "o2",
    sequence: 2,
    issuedAt: "2026-11-11T06:00:00.000Z",
    placeOfSupply: "29",
    lines: [SEEDS, SPRAY],
  });
  // One bag of DAP comes back from the FPO.
  const b2bCredit = row("d3", {
    kind: "credit_note",
    seller: "store",
    orderId: "o1",
    sequence: 1,
    issuedAt: "2026-11-20T06:00:00.000Z",
    placeOfSupply: "27",
    lines: [{ ...DAP, quantity: 1 }],
    refersTo: { id: "d1", number: "ANG/26-27/000001", issuedAt: "2026-11-10T06:00:00.000Z" },
    business: FPO,
  });
  const report = summariseGstDocuments([b2cInvoice, b2bCredit, b2bInvoice], "2026-11");

  it("reports an invoice made out to a GSTIN in table 4A, per rate, and not in table 7", () => {
    expect(report.b2b.rows.map((r) => [r.gstin, r.legalName, r.number, r.rate, r.taxable, r.cgst, r.sgst, r.igst])).toEqual([
      [FPO.gstin, FPO.legalName, "ANG/26-27/000001", 5, 1_350_000, 33_750, 33_750, 0],
      [FPO.gstin, FPO.legalName, "ANG/26-27/000001", 18, 149_700, 13_473, 13_473, 0],
    ]);
    expect(report.b2b.rows.every((r) => r.documentValue === b2bInvoice.total && r.issuedOn === "2026-11-10")).toBe(true);
    // Table 7 holds only the unregistered buyer's supply (Karnataka, IGST).
    expect(report.byPlaceAndRate.rows.map((r) => [r.placeOfSupply.code, r.rate, r.taxable])).toEqual([
      ["29", 0, 30_000],
      ["29", 18, 149_700],
    ]);
  });

  it("reports a credit note on it in table 9B, naming its invoice, and leaves table 7 alone", () => {
    expect(report.creditNotesRegistered.rows).toHaveLength(1);
    expect(report.creditNotesRegistered.rows[0]).toMatchObject({
      gstin: FPO.gstin,
      number: "ANGC/26-27/00001",
      refersTo: "ANG/26-27/000001",
      rate: 5,
      taxable: 135_000,
      cgst: 3_375,
      sgst: 3_375,
    });
  });

  it("reconciles: 4A − 9B + 7 and the HSN table both equal the invoices minus the credit notes", () => {
    const { b2b, creditNotesRegistered, byPlaceAndRate, hsn, totals } = report;
    expect(b2b.totals.total - creditNotesRegistered.totals.total + byPlaceAndRate.totals.total).toBe(totals.net.total);
    expect(hsn.totals).toEqual(totals.net);
    expect(totals.reconciles).toBe(true);
    expect(report.problems).toEqual([]);
  });

  it("with no registered buyer, tables 4A and 9B are empty and table 7 holds everything, as before", () => {
    const b2cOnly = summariseGstDocuments([b2cInvoice], "2026-11");
    expect(b2cOnly.b2b.rows).toEqual([]);
    expect(b2cOnly.creditNotesRegistered.rows).toEqual([]);
    expect(b2cOnly.byPlaceAndRate.totals).toEqual(b2cOnly.totals.net);
    expect(b2cOnly.totals.reconciles).toBe(true);
  });
});

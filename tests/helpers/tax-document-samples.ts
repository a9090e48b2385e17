import { halfTax, SHIPPING_SAC } from "~/features/tax/domain/gst";
import { type DocumentLine, documentTotals, type TaxDocument } from "~/features/tax/domain/tax-documents";

/**
 * Tax documents to render in tests: the store (Karnataka) selling in and out of its State, a vendor
 * (Maharashtra) with its own series, a credit note, and a long order. Lines are taxed as the GST
 * engine taxes them, so every figure adds up.
 */
export function sampleLine(
  description: string,
  hsn: string,
  quantity: number,
  unitPricePaise: number,
  rate: number,
  intraState: boolean,
): DocumentLine {
  const taxable = quantity * unitPricePaise;
  const half = halfTax(taxable, rate);
  const cgst = intraState ? half : 0;
  const igst = intraState ? 0 : 2 * half;
  return { description, hsn, quantity, unit: "pc", unitPricePaise, taxable, rate, cgst, sgst: cgst, igst, total: taxable + 2 * half };
}

const STORE = {
  name: "Angle Agro Stores Private Limited",
  address: ["No. 14, 2nd Cross, APMC Yard, Yeshwanthpur", "Bengaluru, Karnataka 560022"],
  gstin: "29AABCA1234F1Z5",
  stateName: "Karnataka",
  stateCode: "29",
};

const VENDOR = {
  name: "Sahyadri Seeds & Saplings",
  address: ["Gat No. 112, Narayangaon", "Junnar, Pune, Maharashtra 410504"],
  gstin: "27AAFCS9876K1Z2",
  stateName: "Maharashtra",
  stateCode: "27",
};

const BUYER_KARNATAKA = {
  name: "Ramesh Gowda",
  email: "ramesh.gowda@example.in",
  phone: "+91 98450 12345",
  billingAddress: ["Survey No. 45, Hosahalli Village", "Doddaballapura Taluk, Bengaluru Rural", "Karnataka 561203"],
  deliveryAddress: ["C/o Gowda Farms, Near Panchayat Office", "Hosahalli, Doddaballapura, Karnataka 561203"],
  stateName: "Karnataka",
  stateCode: "29",
};

function lines(intraState: boolean): DocumentLine[] {
  return [
    sampleLine("टमाटर बीज (Tomato seeds) Arka Rakshak F1, 10 g", "1209", 3, 45_000, 5, intraState),
    sampleLine(
      "Knapsack battery sprayer, 16 L, with lance and 4 nozzles (double motor, 12 V 8 Ah battery)",
      "8424",
      1,
      3_49_900,
      18,
      intraState,
    ),
    sampleLine("Neem cake organic fertiliser, 25 kg bag", "3101", 4, 1_12_550, 5, intraState),
    sampleLine("Delivery charge", SHIPPING_SAC, 1, 15_000, 18, intraState),
  ];
}

function document(overrides: Partial<TaxDocument> & Pick<TaxDocument, "lines" | "intraState">): TaxDocument {
  return {
    kind: "invoice",
    number: "ANG/26-27/000123",
    issuedAt: "2026-11-22T04:30:00.000Z",
    orderId: "hjb23sjrs89f64edtp",
    orderPlacedAt: "2026-11-20T15:10:00.000Z",
    seller: STORE,
    buyer: BUYER_KARNATAKA,
    placeOfSupply: { stateName: "Karnataka", stateCode: "29" },
    taxMode: "by_rate",
    totals: documentTotals(overrides.lines),
    reverseCharge: false,
    ...overrides,
  };
}

/** The store selling within Karnataka: CGST + SGST. */
export const intraStateInvoice = (): TaxDocument => document({ lines: lines(true), intraState: true });

/** A Maharashtra vendor selling to Karnataka: IGST, the vendor's own series. */
export const interStateInvoice = (): TaxDocument =>
  document({ number: "SAH/26-27/000007", seller: VENDOR, lines: lines(false), intraState: false });

/** A credit note against the intra-State invoice, for the sprayer returned. */
export const creditNote = (): TaxDocument => {
  const returned = [sampleLine("Knapsack battery sprayer, 16 L (returned)", "8424", 1, 3_49_900, 18, true)];
  return document({
    kind: "credit_note",
    number: "ANGC/26-27/00004",
    issuedAt: "2026-11-28T09:00:00.000Z",
    refersTo: { number: "ANG/26-27/000123", issuedAt: "2026-11-22T04:30:00.000Z" },
    lines: returned,
    intraState: true,
  });
};

/** Sixty lines: the table continues over further pages. */
export const longInvoice = (): TaxDocument => {
  const many = Array.from({ length: 60 }, (_, i) =>
    sampleLine(
      `Seed packet no. ${i + 1}${i % 7 === 0 ? ", hybrid variety for kharif and rabi seasons, 50 g" : ""}`,
      "1209",
      (i % 5) + 1,
      9_900 + i * 150,
      5,
      true,
    ),
  );
  return document({ number: "ANG/26-27/000124", lines: many, intraState: true });
};

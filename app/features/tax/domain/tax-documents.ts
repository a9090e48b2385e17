import { indiaToday } from "../../../platform/core/india-day";
import type { TaxMode } from "./gst";
import type { LineLot } from "../../lots/domain/line-lots";

/**
 * Tax invoices and credit notes (issue 14, docs/decisions/022-gst.md): what one document holds, as
 * stored (`tax_document.snapshot`, JSON) and drawn into its PDF. A document is written once, when it
 * is issued, and never changes: later edits to products, sellers or settings do not reach it.
 */
export type TaxDocumentKind = "invoice" | "credit_note";
export const TAX_DOCUMENT_TITLES: Record<TaxDocumentKind, string> = { invoice: "Tax Invoice", credit_note: "Credit Note" };

/**
 * The Hindi of a document's labels (docs/hindi-glossary.md). A PDF is the same whatever language
 * the store was in: every label is printed in English and Hindi, so a tax inspector and a farmer
 * both read it; numbers, names and addresses are printed once, as stored.
 */
export const TAX_DOCUMENT_HINDI = {
  title: { invoice: "टैक्स इनवॉइस", credit_note: "क्रेडिट नोट" } satisfies Record<TaxDocumentKind, string>,
  number: { invoice: "इनवॉइस नंबर", credit_note: "क्रेडिट नोट नंबर" } satisfies Record<TaxDocumentKind, string>,
  date: { invoice: "इनवॉइस की तारीख", credit_note: "क्रेडिट नोट की तारीख" } satisfies Record<TaxDocumentKind, string>,
  orderId: "ऑर्डर आईडी",
  /** A line's discount allowed before supply (issue 31): it is off the taxable value. */
  discount: "छूट",
  orderDate: "ऑर्डर की तारीख",
  ewayBill: "ई-वे बिल नंबर",
  lot: "लॉट",
  gstin: "जीएसटीआईएन",
  state: "राज्य और कोड",
  againstInvoice: "मूल इनवॉइस",
  billTo: "खरीदार",
  shipTo: "डिलीवरी का पता",
  phone: "फ़ोन",
  email: "ईमेल",
  placeOfSupply: "आपूर्ति का स्थान",
  continued: "जारी",
  amountInWords: "राशि शब्दों में",
  reverseCharge: "रिवर्स चार्ज पर देय कर",
  yes: "हाँ",
  no: "नहीं",
  signatory: "अधिकृत हस्ताक्षरकर्ता",
  computerGenerated: "कंप्यूटर से बना दस्तावेज़",
  page: "पृष्ठ",
  columns: {
    serial: "क्र.",
    description: "विवरण",
    hsn: "एचएसएन",
    quantity: "मात्रा",
    unitPrice: "एक की कीमत",
    taxable: "कर योग्य मूल्य",
    rate: "दर",
    amount: "राशि",
    total: "कुल",
  },
  gst: { CGST: "सीजीएसटी", SGST: "एसजीएसटी", IGST: "आईजीएसटी" },
} as const;

/** The store's own series; a vendor's is "store" replaced by their user id. */
export const STORE_SELLER = "store";

export type DocumentParty = {
  name: string;
  /** Address lines, first to last ("12 Market Road", "Pune, Maharashtra 411001"). */
  address: string[];
  gstin: string;
  stateName: string;
  stateCode: string;
};

export type DocumentBuyer = {
  name: string;
  /**
   * A buyer registered for GST (docs/decisions/051-business-buyers.md): the invoice is made out to its
   * legal name and GSTIN, a B2B supply in GSTR-1. Absent for a sale to an unregistered buyer.
   */
  business?: { legalName: string; gstin: string };
  email: string;
  phone: string;
  billingAddress: string[];
  deliveryAddress: string[];
  stateName: string;
  stateCode: string;
};

export type DocumentLine = {
  description: string;
  /** The line in Hindi (its product's Hindi name, its size in Hindi), printed under the English; absent when the same. */
  descriptionHi?: string;
  /** HSN for goods, SAC for the delivery charge. */
  hsn: string;
  /** The lots its units came from (docs/decisions/058-warehouse-work.md); absent for a size without lots. */
  lots?: LineLot[];
  quantity: number;
  /** "pc" for a pack; a loose quantity would carry its unit. */
  unit: string;
  unitPricePaise: number;
  /**
   * The discount allowed on the line before supply (issue 31, docs/decisions/050-offers.md), already
   * off `taxable`; absent or 0 when none.
   */
  discount?: number;
  taxable: number;
  rate: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** taxable + cgst + sgst + igst. */
  total: number;
};

export type DocumentTotals = { taxable: number; cgst: number; sgst: number; igst: number; total: number };

export type TaxDocument = {
  kind: TaxDocumentKind;
  number: string;
  /** When it was issued (ISO instant); its date is read in India. */
  issuedAt: string;
  orderId: string;
  orderPlacedAt: string;
  /** A credit note's invoice. */
  refersTo?: { number: string; issuedAt: string };
  seller: DocumentParty;
  buyer: DocumentBuyer;
  placeOfSupply: { stateName: string; stateCode: string };
  /** Same State: CGST + SGST; else IGST. */
  intraState: boolean;
  taxMode: TaxMode;
  lines: DocumentLine[];
  totals: DocumentTotals;
  /** Rule 46(p): B2C supplies of goods are never under reverse charge. */
  reverseCharge: false;
  /**
   * The order's e-way bill number, recorded after the invoice was issued (docs/decisions/058-warehouse-work.md):
   * never in the stored snapshot, added when the PDF is drawn.
   */
  ewayBillNo?: string;
};

export function documentTotals(lines: readonly DocumentLine[]): DocumentTotals {
  const sum = (key: keyof DocumentTotals) => lines.reduce((s, l) => s + l[key], 0);
  return { taxable: sum("taxable"), cgst: sum("cgst"), sgst: sum("sgst"), igst: sum("igst"), total: sum("total") };
}

/**
 * India's financial year (1 April – 31 March, India time) of an instant, as on invoice numbers:
 * "26-27" for 2026-04-01T00:00+05:30 onwards, "25-26" for an instant a second before.
 */
export function financialYear(at: Date): string {
  const [year, month] = indiaToday(at).split("-").map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  const two = (n: number) => String(n % 100).padStart(2, "0");
  return `${two(start)}-${two(start + 1)}`;
}

/** The letters a seller's numbers start with: the store's "ANG"; a vendor's from their business name. */
export function sellerPrefix(businessName: string | null): string {
  if (businessName === null) return "ANG";
  const letters = businessName.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return (letters.slice(0, 3) || "VEN").padEnd(3, "X");
}

/**
 * A document's number: at most 16 characters of letters, digits, '-' and '/' (rule 46(b)),
 * unique within its seller's series for the year. Invoices "ANG/25-26/000123", credit notes
 * "ANGC/25-26/00012".
 */
export function documentNumber(prefix: string, kind: TaxDocumentKind, year: string, sequence: number): string {
  const number =
    kind === "invoice"
      ? `${prefix}/${year}/${String(sequence).padStart(6, "0")}`
      : `${prefix}C/${year}/${String(sequence).padStart(5, "0")}`;
  if (number.length > 16 || !/^[A-Z0-9/-]+$/.test(number)) throw new Error(`Document number ${number} breaks rule 46(b).`);
  return number;
}

/** The counter's key: one series per seller, per kind, per financial year. */
export function seriesKey(seller: string, kind: TaxDocumentKind): string {
  return `${seller}:${kind}`;
}

import { halfTax } from "../app/features/tax/domain/gst";
import { indianStateByGstCode } from "../app/platform/core/indian-states";
import {
  type DocumentLine,
  documentTotals,
  financialYear,
  type TaxDocument,
  type TaxDocumentKind,
} from "../app/features/tax/domain/tax-documents";

/**
 * Tax invoices and credit notes as the issuing code stores them (a TaxDocument snapshot and its
 * totals in columns), for the GST report's tests: issuing itself is built and tested elsewhere.
 * Client-safe (no database): the service tests insert with Kysely, the end-to-end tests with SQL.
 */

export type LineSpec = { description: string; hsn: string; quantity: number; unitPricePaise: number; rate: number; unit?: string };

/** A line taxed as the engine taxes it: two halves rounded half-up; CGST + SGST within one State, else IGST. */
export function taxLine(spec: LineSpec, intraState: boolean): DocumentLine {
  const taxable = spec.unitPricePaise * spec.quantity;
  const half = halfTax(taxable, spec.rate);
  return {
    description: spec.description,
    hsn: spec.hsn,
    quantity: spec.quantity,
    unit: spec.unit ?? "pc",
    unitPricePaise: spec.unitPricePaise,
    taxable,
    rate: spec.rate,
    cgst: intraState ? half : 0,
    sgst: intraState ? half : 0,
    igst: intraState ? 0 : 2 * half,
    total: taxable + 2 * half,
  };
}

export type DocumentSpec = {
  kind: TaxDocumentKind;
  /** "store" or a vendor's user id. */
  seller: string;
  orderId: string;
  /** The series' letters ("ANG"; a credit note's number adds "C"). */
  prefix?: string;
  sequence: number;
  issuedAt: string;
  placeOfSupply: string;
  /** The seller's GST State code (the store's: Maharashtra, 27). */
  sellerStateCode?: string;
  gstin?: string;
  lines: LineSpec[];
  /** A credit note's invoice. */
  refersTo?: { id: string; number: string; issuedAt: string };
  /** A registered buyer the document is made out to (a B2B supply). */
  business?: { legalName: string; gstin: string };
};

export type TaxDocumentRow = {
  id: string;
  order_id: string;
  seller: string;
  kind: TaxDocumentKind;
  number: string;
  financial_year: string;
  sequence: number;
  issued_at: string;
  refers_to: string | null;
  place_of_supply: string;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  snapshot: string;
};

const stateName = (code: string) => indianStateByGstCode(code)?.name ?? "Unknown";

/** The tax_document row for a spec, with its snapshot; `id` is the row's id. */
export function taxDocumentRow(id: string, spec: DocumentSpec): TaxDocumentRow {
  const sellerState = spec.sellerStateCode ?? "27";
  const intraState = spec.placeOfSupply === sellerState;
  const lines = spec.lines.map((l) => taxLine(l, intraState));
  const totals = documentTotals(lines);
  const year = financialYear(new Date(spec.issuedAt));
  const prefix = spec.prefix ?? "ANG";
  const number =
    spec.kind === "invoice"
      ? `${prefix}/${year}/${String(spec.sequence).padStart(6, "0")}`
      : `${prefix}C/${year}/${String(spec.sequence).padStart(5, "0")}`;
  const snapshot: TaxDocument = {
    kind: spec.kind,
    number,
    issuedAt: spec.issuedAt,
    orderId: spec.orderId,
    orderPlacedAt: spec.issuedAt,
    ...(spec.refersTo ? { refersTo: { number: spec.refersTo.number, issuedAt: spec.refersTo.issuedAt } } : {}),
    seller: {
      name: spec.seller === "store" ? "Angle Agri Stores Pvt. Ltd." : "Kisan Tools",
      address: ["Gat No. 112, Chakan MIDC Phase II", "Khed, Pune, Maharashtra 410501"],
      gstin: spec.gstin ?? "27AAICA4417K1ZK",
      stateName: stateName(sellerState),
      stateCode: sellerState,
    },
    buyer: {
      name: "Ramesh Patil",
      email: "ramesh@example.in",
      phone: "+91 98765 43210",
      billingAddress: ["1 Test Street", "Pune"],
      deliveryAddress: ["1 Test Street", "Pune"],
      stateName: stateName(spec.placeOfSupply),
      stateCode: spec.placeOfSupply,
      ...(spec.business ? { business: spec.business } : {}),
    },
    placeOfSupply: { stateName: stateName(spec.placeOfSupply), stateCode: spec.placeOfSupply },
    intraState,
    taxMode: "by_rate",
    lines,
    totals,
    reverseCharge: false,
  };
  return {
    id,
    order_id: spec.orderId,
    seller: spec.seller,
    kind: spec.kind,
    number,
    financial_year: year,
    sequence: spec.sequence,
    issued_at: spec.issuedAt,
    refers_to: spec.refersTo?.id ?? null,
    place_of_supply: spec.placeOfSupply,
    taxable_paise: totals.taxable,
    cgst_paise: totals.cgst,
    sgst_paise: totals.sgst,
    igst_paise: totals.igst,
    total_paise: totals.total,
    snapshot: JSON.stringify(snapshot),
  };
}

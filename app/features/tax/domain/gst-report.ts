import { z } from "zod";
import { indiaToday } from "../../../platform/core/india-day";
import { indianStateByGstCode } from "../../../platform/core/indian-states";
import { formatPaise } from "../../../platform/core/money";
import type { DocumentTotals, TaxDocumentKind } from "./tax-documents";

/**
 * The monthly GST report (issue 14): the tables one GSTIN files in GSTR-1 for a month, made from
 * that month's tax invoices and credit notes. Pure: the service reads the rows
 * (app/features/tax/server/gst-report.server.ts) and this adds them up, in integer paise.
 *
 * A sale to an unregistered buyer (B2C) is reported by place of supply and rate (table 7), net of
 * the month's credit notes on such sales, which reduce them. An invoice made out to a registered
 * buyer's GSTIN (docs/decisions/051-business-buyers.md) is reported on its own, per invoice and rate
 * (table 4A, B2B), and a credit note on it likewise (table 9B, credit notes to registered persons).
 * The HSN summary (table 12) nets all of them. The documents themselves are listed too, with each
 * series' range (table 13), so the credit notes are seen on their own as well.
 */

/** One tax_document row as the report reads it: amounts in paise, `snapshot` the stored TaxDocument JSON. */
export type GstDocumentRow = {
  id: string;
  orderId: string;
  kind: TaxDocumentKind;
  number: string;
  financialYear: string;
  sequence: number;
  issuedAt: string;
  placeOfSupply: string;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  snapshot: string;
};

export type Amounts = DocumentTotals;
export type PlaceOfSupply = { code: string; name: string };
/** Table 7: invoices minus credit notes, per place of supply and rate. */
export type PlaceRateRow = Amounts & { placeOfSupply: PlaceOfSupply; rate: number };
/**
 * Table 4A (B2B invoices) and 9B (credit notes to registered persons): one row per document and rate,
 * with the recipient's GSTIN and name, the document's own value (all its rates) and its place of supply.
 */
export type RegisteredRow = Amounts & {
  gstin: string;
  legalName: string;
  number: string;
  issuedOn: string;
  /** The whole document's value, GST included (GSTR-1's "invoice value" / "note value"). */
  documentValue: number;
  placeOfSupply: PlaceOfSupply;
  rate: number;
  /** A credit note's invoice. */
  refersTo: string | null;
};
/** Table 12: per HSN (or SAC), rate and unit; `uqc` is GSTN's unit code ("PCS", "KGS"; "NA" for a service). */
export type HsnRow = Amounts & { hsn: string; description: string; uqc: string; quantity: number; rate: number };
export type DocumentEntry = Amounts & {
  id: string;
  kind: TaxDocumentKind;
  number: string;
  issuedAt: string;
  /** The day it was issued in India, "2026-11-01". */
  issuedOn: string;
  orderId: string;
  placeOfSupply: PlaceOfSupply;
  /** cgst + sgst + igst. */
  tax: number;
  /** A credit note's invoice number. */
  refersTo: string | null;
};
/** Table 13: one series (a kind, in a financial year) as far as the month shows it. */
export type DocumentSeries = {
  kind: TaxDocumentKind;
  financialYear: string;
  first: string;
  last: string;
  count: number;
  /** Numbers missing between the month's first and last (and before the first, in April): at most MISSING_SHOWN of them. */
  missing: string[];
  missingCount: number;
};
export type CountedAmounts = Amounts & { count: number };

export type GstReportSummary = {
  /** Table 4A: invoices to registered buyers. */
  b2b: { rows: RegisteredRow[]; totals: Amounts };
  /** Table 9B: credit notes on them. */
  creditNotesRegistered: { rows: RegisteredRow[]; totals: Amounts };
  /** Table 7: supplies to unregistered buyers, net of their credit notes. */
  byPlaceAndRate: { rows: PlaceRateRow[]; totals: Amounts };
  hsn: { rows: HsnRow[]; totals: Amounts };
  documents: DocumentEntry[];
  series: DocumentSeries[];
  totals: {
    invoices: CountedAmounts;
    creditNotes: CountedAmounts;
    /** Invoices minus credit notes, from the documents' own totals. */
    net: Amounts;
    /** Tables 4A − 9B + 7 add up to `net`, amount by amount, and so does table 12; every document's lines add up to its totals. */
    reconciles: boolean;
  };
  /** The seller GSTINs the documents were issued under (one, unless the registration changed). */
  gstins: string[];
  /** What does not add up, one sentence per document. */
  problems: string[];
};

/** One seller's report for one month: the tables, and which month ("2026-11", "November 2026") and seller it is. */
export type GstReport = GstReportSummary & { month: string; monthLabel: string; seller: string };

export const MISSING_SHOWN = 20;

const LineSchema = z.object({
  description: z.string(),
  hsn: z.string(),
  quantity: z.number(),
  unit: z.string(),
  rate: z.number(),
  taxable: z.int(),
  cgst: z.int(),
  sgst: z.int(),
  igst: z.int(),
  total: z.int(),
});
const SnapshotSchema = z.object({
  refersTo: z.object({ number: z.string() }).optional(),
  seller: z.object({ gstin: z.string() }),
  buyer: z.object({ business: z.object({ gstin: z.string(), legalName: z.string() }).optional() }).optional(),
  lines: z.array(LineSchema),
});
type SnapshotLine = z.infer<typeof LineSchema>;

const AMOUNT_KEYS = ["taxable", "cgst", "sgst", "igst", "total"] as const;
const zero = (): Amounts => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });
function add(into: Amounts, from: Amounts, sign: 1 | -1) {
  for (const key of AMOUNT_KEYS) into[key] += sign * from[key];
}
function sameAmounts(a: Amounts, b: Amounts) {
  return AMOUNT_KEYS.every((key) => a[key] === b[key]);
}

/** GSTN's unit quantity code for a line's unit. Services (SAC, chapter 99) have none: "NA". */
export function uqcOf(unit: string, hsn: string): string {
  if (hsn.startsWith("99")) return "NA";
  const codes: Record<string, string> = { nos: "NOS", pc: "PCS", piece: "PCS", kg: "KGS", g: "GMS", l: "LTR", ml: "MLT" };
  return codes[unit.toLowerCase()] ?? "OTH";
}

export function placeOfSupply(code: string): PlaceOfSupply {
  return { code, name: indianStateByGstCode(code)?.name ?? "Unknown State" };
}

/** Another number of the same series: the digits at its end replaced, at the same width. */
function numberInSeries(example: string, sequence: number): string {
  return example.replace(/\d+$/, (digits) => String(sequence).padStart(digits.length, "0"));
}

function compareDocuments(a: GstDocumentRow, b: GstDocumentRow) {
  if (a.issuedAt !== b.issuedAt) return a.issuedAt < b.issuedAt ? -1 : 1;
  if (a.kind !== b.kind) return a.kind === "invoice" ? -1 : 1;
  return a.sequence - b.sequence;
}

/**
 * The report's tables from one seller's documents of `month` ("2026-11"). Credit notes hold
 * positive amounts; here they are taken away from the invoices'.
 */
export function summariseGstDocuments(rows: readonly GstDocumentRow[], month: string): GstReportSummary {
  const documents = [...rows].sort(compareDocuments);
  const places = new Map<string, PlaceRateRow>();
  const registered = { invoice: new Map<string, RegisteredRow>(), credit_note: new Map<string, RegisteredRow>() };
  const hsns = new Map<string, HsnRow>();
  const counted = { invoice: { ...zero(), count: 0 }, credit_note: { ...zero(), count: 0 } };
  const gstins = new Set<string>();
  const problems: string[] = [];
  const entries: DocumentEntry[] = [];

  for (const doc of documents) {
    const sign = doc.kind === "invoice" ? 1 : -1;
    const columns: Amounts = { taxable: doc.taxable, cgst: doc.cgst, sgst: doc.sgst, igst: doc.igst, total: doc.total };
    add(counted[doc.kind], columns, 1);
    counted[doc.kind].count += 1;
    const place = placeOfSupply(doc.placeOfSupply);
    let refersTo: string | null = null;

    const parsed = readSnapshot(doc.snapshot);
    if (!parsed) {
      problems.push(`${doc.number}: its stored details cannot be read, so its lines are missing from the tables.`);
    } else {
      refersTo = parsed.refersTo?.number ?? null;
      gstins.add(parsed.seller.gstin);
      const fromLines = zero();
      for (const line of parsed.lines) {
        add(fromLines, line, 1);
        if (line.taxable + line.cgst + line.sgst + line.igst !== line.total) {
          problems.push(`${doc.number}: the line "${line.description}" has a total that is not its taxable value plus its tax.`);
        }
        const business = parsed.buyer?.business;
        if (business) addRegistered(registered[doc.kind], doc, business, place, line, refersTo);
        else addPlaceRate(places, place, line, sign);
        addHsn(hsns, line, sign);
      }
      if (!sameAmounts(fromLines, columns)) {
        problems.push(
          `${doc.number}: its lines add up to ${formatPaise(fromLines.total)}, but the document says ${formatPaise(doc.total)}.`,
        );
      }
    }
    entries.push({
      id: doc.id,
      kind: doc.kind,
      number: doc.number,
      issuedAt: doc.issuedAt,
      issuedOn: indiaToday(new Date(doc.issuedAt)),
      orderId: doc.orderId,
      placeOfSupply: place,
      ...columns,
      tax: doc.cgst + doc.sgst + doc.igst,
      refersTo,
    });
  }

  const placeRows = [...places.values()].sort((a, b) => a.placeOfSupply.code.localeCompare(b.placeOfSupply.code) || a.rate - b.rate);
  const hsnRows = [...hsns.values()]
    .map((row) => ({ ...row, quantity: Math.round(row.quantity * 1000) / 1000 }))
    .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rate - b.rate || a.uqc.localeCompare(b.uqc));
  const placeTotals = zero();
  for (const row of placeRows) add(placeTotals, row, 1);
  const hsnTotals = zero();
  for (const row of hsnRows) add(hsnTotals, row, 1);
  const net = zero();
  add(net, counted.invoice, 1);
  add(net, counted.credit_note, -1);
  const b2b = registeredTable(registered.invoice);
  const cdnr = registeredTable(registered.credit_note);
  const bySupply = zero();
  add(bySupply, b2b.totals, 1);
  add(bySupply, cdnr.totals, -1);
  add(bySupply, placeTotals, 1);

  return {
    b2b,
    creditNotesRegistered: cdnr,
    byPlaceAndRate: { rows: placeRows, totals: placeTotals },
    hsn: { rows: hsnRows, totals: hsnTotals },
    documents: entries,
    series: documentSeries(documents, month),
    totals: {
      invoices: counted.invoice,
      creditNotes: counted.credit_note,
      net,
      reconciles: problems.length === 0 && sameAmounts(bySupply, net) && sameAmounts(hsnTotals, net),
    },
    gstins: [...gstins].sort(),
    problems,
  };
}

function readSnapshot(text: string) {
  try {
    const result = SnapshotSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

function addPlaceRate(rows: Map<string, PlaceRateRow>, place: PlaceOfSupply, line: SnapshotLine, sign: 1 | -1) {
  const key = `${place.code}|${line.rate}`;
  let row = rows.get(key);
  if (!row) {
    row = { placeOfSupply: place, rate: line.rate, ...zero() };
    rows.set(key, row);
  }
  add(row, line, sign);
}

function addRegistered(
  rows: Map<string, RegisteredRow>,
  doc: GstDocumentRow,
  business: { gstin: string; legalName: string },
  place: PlaceOfSupply,
  line: SnapshotLine,
  refersTo: string | null,
) {
  const key = `${doc.id}|${line.rate}`;
  let row = rows.get(key);
  if (!row) {
    row = {
      gstin: business.gstin,
      legalName: business.legalName,
      number: doc.number,
      issuedOn: indiaToday(new Date(doc.issuedAt)),
      documentValue: doc.total,
      placeOfSupply: place,
      rate: line.rate,
      refersTo,
      ...zero(),
    };
    rows.set(key, row);
  }
  add(row, line, 1);
}

/** A registered table's rows in document order (as read: by date, then number), then rate, with its totals. */
function registeredTable(rows: Map<string, RegisteredRow>): { rows: RegisteredRow[]; totals: Amounts } {
  const list = [...rows.values()];
  const totals = zero();
  for (const row of list) add(totals, row, 1);
  return { rows: list, totals };
}

function addHsn(rows: Map<string, HsnRow>, line: SnapshotLine, sign: 1 | -1) {
  const uqc = uqcOf(line.unit, line.hsn);
  const key = `${line.hsn}|${line.rate}|${uqc}`;
  let row = rows.get(key);
  if (!row) {
    row = { hsn: line.hsn, description: line.description, uqc, quantity: 0, rate: line.rate, ...zero() };
    rows.set(key, row);
  }
  add(row, line, sign);
  // GSTN takes no quantity for a service: its UQC is NA and its quantity 0.
  if (uqc !== "NA") row.quantity += sign * line.quantity;
}

/**
 * Each series' first and last number in the month, how many, and any number missing between them.
 * A series starts at 1 each financial year (1 April, India time), so in April a first number
 * above 1 is a gap too; in other months the numbers before the month's first are last month's.
 */
function documentSeries(documents: readonly GstDocumentRow[], month: string): DocumentSeries[] {
  const groups = new Map<string, GstDocumentRow[]>();
  for (const doc of documents) {
    const key = `${doc.kind}|${doc.financialYear}`;
    groups.set(key, [...(groups.get(key) ?? []), doc]);
  }
  const startsYear = month.endsWith("-04");
  const series: DocumentSeries[] = [];
  for (const docs of groups.values()) {
    const sorted = [...docs].sort((a, b) => a.sequence - b.sequence);
    const first = sorted[0];
    const last = sorted.at(-1);
    if (!first || !last) continue;
    const missing: string[] = [];
    let missingCount = 0;
    let expected = startsYear ? 1 : first.sequence;
    for (const doc of sorted) {
      for (let n = expected; n < doc.sequence; n++) {
        missingCount += 1;
        if (missing.length < MISSING_SHOWN) missing.push(numberInSeries(first.number, n));
        // A jump of millions is counted, not walked number by number.
        if (missing.length >= MISSING_SHOWN) {
          missingCount += doc.sequence - n - 1;
          break;
        }
      }
      expected = Math.max(expected, doc.sequence + 1);
    }
    series.push({
      kind: first.kind,
      financialYear: first.financialYear,
      first: first.number,
      last: last.number,
      count: sorted.length,
      missing,
      missingCount,
    });
  }
  const kindOrder = (kind: TaxDocumentKind) => (kind === "invoice" ? 0 : 1);
  return series.sort((a, b) => a.financialYear.localeCompare(b.financialYear) || kindOrder(a.kind) - kindOrder(b.kind));
}

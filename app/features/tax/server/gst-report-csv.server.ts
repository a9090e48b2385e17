import { CSV_BOM, type CsvValue } from "~/platform/core/csv";
import type { Amounts, GstReport, PlaceOfSupply, RegisteredRow } from "~/features/tax/domain/gst-report";
import type { GstSeller } from "~/features/tax/domain/gst-sellers";
import { paiseToRupeeText } from "~/platform/core/rupee-input";
import { TAX_DOCUMENT_TITLES } from "~/features/tax/domain/tax-documents";
import { csvRows } from "~/platform/csv.server";

export const GST_CSV_HEADER = [
  "Section",
  "Place of supply",
  "Rate (%)",
  "HSN/SAC",
  "Description",
  "UQC",
  "Quantity",
  "Document type",
  "Document number",
  "Date (IST)",
  "Order ID",
  "Refers to",
  "Taxable value (₹)",
  "CGST (₹)",
  "SGST (₹)",
  "IGST (₹)",
  "Total (₹)",
  "First number",
  "Last number",
  "Count",
  "Missing numbers",
  "Recipient GSTIN",
  "Recipient name",
  "Document value (₹)",
] as const;
type Column = (typeof GST_CSV_HEADER)[number];

export const GST_CSV_SECTIONS = {
  report: "Report",
  b2b: "B2B invoices (table 4A)",
  cdnr: "Credit notes to registered persons (table 9B)",
  b2c: "B2C by place of supply and rate (table 7)",
  hsn: "HSN summary (table 12)",
  documents: "Documents",
  series: "Document series (table 13)",
} as const;

const at = new Map(GST_CSV_HEADER.map((name, i) => [name, i]));
function row(section: string, cells: Partial<Record<Column, CsvValue>>): CsvValue[] {
  const out: CsvValue[] = GST_CSV_HEADER.map(() => "");
  out[0] = section;
  for (const [name, value] of Object.entries(cells)) out[at.get(name as Column) ?? 0] = value;
  return out;
}
const money = (a: Amounts) => ({
  "Taxable value (₹)": paiseToRupeeText(a.taxable),
  "CGST (₹)": paiseToRupeeText(a.cgst),
  "SGST (₹)": paiseToRupeeText(a.sgst),
  "IGST (₹)": paiseToRupeeText(a.igst),
  "Total (₹)": paiseToRupeeText(a.total),
});
/** As GSTN's offline tool writes a place of supply: "29-Karnataka". */
const place = (p: PlaceOfSupply) => `${p.code}-${p.name}`;

/**
 * The report as one CSV an accountant opens in Excel: a Section column to filter on, one row per
 * table row, each table closed by its totals; amounts in rupees with two decimals, dates in India.
 */
export function gstReportCsv(report: GstReport, seller: GstSeller): string {
  const { report: r, b2b, cdnr, b2c, hsn, documents, series } = GST_CSV_SECTIONS;
  const gstin = report.gstins.length ? `, GSTIN ${report.gstins.join(" / ")}` : "";
  const rows: CsvValue[][] = [[...GST_CSV_HEADER], row(r, { Description: `GST report for ${report.monthLabel}: ${seller.name}${gstin}` })];

  const registered = (section: string, table: { rows: RegisteredRow[]; totals: Amounts }, kind: string) => {
    for (const b of table.rows) {
      rows.push(
        row(section, {
          "Recipient GSTIN": b.gstin,
          "Recipient name": b.legalName,
          "Document type": kind,
          "Document number": b.number,
          "Date (IST)": b.issuedOn,
          "Refers to": b.refersTo ?? "",
          "Document value (₹)": paiseToRupeeText(b.documentValue),
          "Place of supply": place(b.placeOfSupply),
          "Rate (%)": b.rate,
          ...money(b),
        }),
      );
    }
    rows.push(row(section, { "Recipient GSTIN": "Total", ...money(table.totals) }));
  };
  registered(b2b, report.b2b, TAX_DOCUMENT_TITLES.invoice);
  registered(cdnr, report.creditNotesRegistered, TAX_DOCUMENT_TITLES.credit_note);

  for (const p of report.byPlaceAndRate.rows)
    rows.push(row(b2c, { "Place of supply": place(p.placeOfSupply), "Rate (%)": p.rate, ...money(p) }));
  rows.push(row(b2c, { "Place of supply": "Total", ...money(report.byPlaceAndRate.totals) }));

  for (const h of report.hsn.rows) {
    rows.push(
      row(hsn, { "HSN/SAC": h.hsn, Description: h.description, UQC: h.uqc, Quantity: h.quantity, "Rate (%)": h.rate, ...money(h) }),
    );
  }
  rows.push(row(hsn, { "HSN/SAC": "Total", ...money(report.hsn.totals) }));

  for (const d of report.documents) {
    rows.push(
      row(documents, {
        "Document type": TAX_DOCUMENT_TITLES[d.kind],
        "Document number": d.number,
        "Date (IST)": d.issuedOn,
        "Order ID": d.orderId,
        "Refers to": d.refersTo ?? "",
        "Place of supply": place(d.placeOfSupply),
        ...money(d),
      }),
    );
  }
  const { invoices, creditNotes, net } = report.totals;
  rows.push(row(documents, { "Document type": "Invoices total", Count: invoices.count, ...money(invoices) }));
  rows.push(row(documents, { "Document type": "Credit notes total", Count: creditNotes.count, ...money(creditNotes) }));
  rows.push(row(documents, { "Document type": "Net (invoices minus credit notes)", ...money(net) }));

  for (const s of report.series) {
    const more = s.missingCount > s.missing.length ? ` and ${s.missingCount - s.missing.length} more` : "";
    rows.push(
      row(series, {
        "Document type": TAX_DOCUMENT_TITLES[s.kind],
        "First number": s.first,
        "Last number": s.last,
        Count: s.count,
        "Missing numbers": s.missingCount ? `${s.missing.join(" ")}${more}` : "None",
      }),
    );
  }
  return CSV_BOM + csvRows(rows);
}

import type { ReactNode } from "react";
import { Link } from "react-router";
import { type Column, DataTable } from "~/components/ui/data-table";
import type { Amounts, DocumentEntry, DocumentSeries, GstReport, HsnRow, PlaceRateRow } from "~/domain/gst-report";
import { formatPaiseExact } from "~/domain/money";
import { TAX_DOCUMENT_TITLES } from "~/domain/tax-documents";

type GstReportTablesProps = {
  /** Its `documents` may be the first of the month's only (a page lists a few hundred; the CSV has them all). */
  report: GstReport;
  sellerName: string;
  /** Where an order id links to (the admin's order page); plain text when absent. */
  orderHref?: (orderId: string) => string;
};

const money = (paise: number) => formatPaiseExact(paise);
/** "20 Nov 2026", in India (the same on server and client). */
const shortDate = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });
const rate = (percent: number) => `${percent}%`;

/** The taxable value, CGST, SGST, IGST and total columns, with their totals. */
function amountColumns<T extends Amounts>(totals: Amounts): Column<T>[] {
  return [
    { header: "Taxable value", nowrap: true, align: "right", cell: (r) => money(r.taxable), total: money(totals.taxable) },
    { header: "CGST", nowrap: true, align: "right", cell: (r) => money(r.cgst), total: money(totals.cgst) },
    { header: "SGST", nowrap: true, align: "right", cell: (r) => money(r.sgst), total: money(totals.sgst) },
    { header: "IGST", nowrap: true, align: "right", cell: (r) => money(r.igst), total: money(totals.igst) },
    {
      header: "Total",
      nowrap: true,
      align: "right",
      cell: (r) => <span className="font-semibold">{money(r.total)}</span>,
      total: money(totals.total),
    },
  ];
}

function Section({ id, title, note, children }: { id: string; title: string; note: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-lg font-bold text-stone-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{note}</p>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A GST report's figures: the summary, then the B2C, HSN and documents tables (GSTR-1 tables 7, 12 and 13). */
export function GstReportTables({ report, sellerName, orderHref }: GstReportTablesProps) {
  const { invoices, creditNotes, net } = report.totals;
  const { documents } = report;
  const documentCount = invoices.count + creditNotes.count;
  const gstin = report.gstins.length ? ` · GSTIN ${report.gstins.join(", ")}` : "";
  if (documentCount === 0) {
    return (
      <p className="mt-6 rounded-xl bg-white p-8 text-center text-stone-600 ring-1 ring-stone-200" data-testid="gst-empty">
        No invoices or credit notes in {report.monthLabel}.
      </p>
    );
  }
  const placeColumns: Column<PlaceRateRow>[] = [
    {
      header: "Place of supply",
      cell: (r) => `${r.placeOfSupply.code} ${r.placeOfSupply.name}`,
      total: "Total",
    },
    { header: "Rate", nowrap: true, align: "right", cell: (r) => rate(r.rate) },
    ...amountColumns<PlaceRateRow>(report.byPlaceAndRate.totals),
  ];
  const hsnColumns: Column<HsnRow>[] = [
    { header: "HSN/SAC", nowrap: true, cell: (r) => <span className="font-mono">{r.hsn}</span>, total: "Total" },
    { header: "Description", cell: (r) => r.description },
    { header: "UQC", nowrap: true, cell: (r) => r.uqc },
    { header: "Quantity", nowrap: true, align: "right", cell: (r) => r.quantity.toLocaleString("en-IN") },
    { header: "Rate", nowrap: true, align: "right", cell: (r) => rate(r.rate) },
    ...amountColumns<HsnRow>(report.hsn.totals),
  ];
  const documentColumns: Column<DocumentEntry>[] = [
    {
      header: "Document",
      cell: (d) => (
        <>
          <span className="whitespace-nowrap font-mono font-semibold">{d.number}</span>
          <span className="block text-xs text-stone-600">
            {TAX_DOCUMENT_TITLES[d.kind]}
            {d.refersTo ? ` for ${d.refersTo}` : ""}
          </span>
        </>
      ),
      total: "Net",
    },
    { header: "Date", nowrap: true, cell: (d) => shortDate.format(new Date(d.issuedAt)) },
    {
      header: "Order",
      nowrap: true,
      cell: (d) =>
        orderHref ? (
          <Link to={orderHref(d.orderId)} className="text-brand-800 hover:underline">
            #{d.orderId}
          </Link>
        ) : (
          `#${d.orderId}`
        ),
    },
    { header: "Place of supply", cell: (d) => `${d.placeOfSupply.code} ${d.placeOfSupply.name}` },
    { header: "Taxable value", nowrap: true, align: "right", cell: (d) => money(d.taxable), total: money(net.taxable) },
    { header: "Tax", nowrap: true, align: "right", cell: (d) => money(d.tax), total: money(net.cgst + net.sgst + net.igst) },
    {
      header: "Total",
      nowrap: true,
      align: "right",
      cell: (d) => <span className="font-semibold">{money(d.total)}</span>,
      total: money(net.total),
    },
  ];
  const seriesColumns: Column<DocumentSeries>[] = [
    { header: "Document", cell: (s) => TAX_DOCUMENT_TITLES[s.kind] },
    { header: "Financial year", nowrap: true, cell: (s) => s.financialYear },
    { header: "First number", nowrap: true, cell: (s) => <span className="font-mono">{s.first}</span> },
    { header: "Last number", nowrap: true, cell: (s) => <span className="font-mono">{s.last}</span> },
    { header: "Issued", nowrap: true, align: "right", cell: (s) => s.count.toLocaleString("en-IN") },
    {
      header: "Missing numbers",
      cell: (s) =>
        s.missingCount === 0 ? (
          "None"
        ) : (
          <span className="font-semibold text-red-800">
            {s.missing.join(", ")}
            {s.missingCount > s.missing.length ? ` and ${s.missingCount - s.missing.length} more` : ""}
          </span>
        ),
    },
  ];

  return (
    <>
      <p className="mt-6 text-sm text-stone-700">
        {report.monthLabel} · {sellerName}
        {gstin}
      </p>
      <dl className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="gst-summary">
        {[
          { label: `Invoices (${invoices.count})`, value: invoices.total },
          { label: `Credit notes (${creditNotes.count})`, value: creditNotes.total },
          { label: "Net of credit notes", value: net.total },
        ].map(({ label, value }) => (
          <div key={label} className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="whitespace-nowrap text-xl font-bold text-stone-900">{money(value)}</dd>
          </div>
        ))}
      </dl>
      {report.totals.reconciles ? (
        <p className="mt-3 text-sm text-stone-700" data-testid="gst-reconciled">
          The tables add up: invoices {money(invoices.total)} minus credit notes {money(creditNotes.total)} is {money(net.total)}.
        </p>
      ) : (
        <div role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">These figures do not add up: check these documents before filing.</p>
          <ul className="mt-1 list-disc pl-5">
            {report.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}

      <Section
        id="gst-b2c"
        title="B2C supplies by place of supply and rate"
        note="GSTR-1 table 7: the month's invoices minus its credit notes, for each State of supply and GST rate."
      >
        <DataTable
          caption={`B2C supplies by place of supply and rate, ${report.monthLabel}`}
          columns={placeColumns}
          rows={report.byPlaceAndRate.rows}
          rowKey={(r) => `${r.placeOfSupply.code}|${r.rate}`}
          rowTestId="gst-b2c-row"
          wide
        />
      </Section>
      <Section
        id="gst-hsn"
        title="HSN summary"
        note="GSTR-1 table 12: by HSN (SAC for services such as delivery), rate and unit, net of credit notes."
      >
        <DataTable
          caption={`HSN summary, ${report.monthLabel}`}
          columns={hsnColumns}
          rows={report.hsn.rows}
          rowKey={(r) => `${r.hsn}|${r.rate}|${r.uqc}`}
          rowTestId="gst-hsn-row"
          wide
        />
      </Section>
      <Section
        id="gst-documents"
        title="Documents issued"
        note={
          documents.length < documentCount
            ? `The first ${documents.length} of ${documentCount} invoices and credit notes; the CSV lists them all. The net row counts them all.`
            : "Every invoice and credit note of the month; the net row takes the credit notes away."
        }
      >
        <DataTable
          caption={`Invoices and credit notes, ${report.monthLabel}`}
          columns={documentColumns}
          rows={documents}
          rowKey={(d) => d.id}
          rowTestId="gst-document-row"
          wide
        />
        <h3 className="mt-6 font-bold text-stone-900">Document series (GSTR-1 table 13)</h3>
        <div className="mt-2">
          <DataTable
            caption={`Document series, ${report.monthLabel}`}
            columns={seriesColumns}
            rows={report.series}
            rowKey={(s) => `${s.kind}|${s.financialYear}`}
            rowTestId="gst-series-row"
            wide
          />
        </div>
      </Section>
    </>
  );
}

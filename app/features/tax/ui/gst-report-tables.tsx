import type { ReactNode } from "react";
import { Link } from "react-router";
import { type Column, DataTable } from "~/ui/data-table";
import { formatDate } from "~/platform/core/dates";
import type {
  Amounts,
  DocumentEntry,
  DocumentSeries,
  GstReport,
  HsnRow,
  PlaceRateRow,
  RegisteredRow,
} from "~/features/tax/domain/gst-report";
import { formatMonth } from "~/features/tax/domain/gst-month";
import { formatPaiseExact } from "~/platform/core/money";
import type { TaxDocumentKind } from "~/features/tax/domain/tax-documents";
import { useLocale, useT } from "~/platform/i18n/i18n";
import { formatOrderId } from "~/platform/core/order-id";

type Translate = ReturnType<typeof useT>;

type GstReportTablesProps = {
  /** Its `documents` may be the first of the month's only (a page lists a few hundred; the CSV has them all). */
  report: GstReport;
  sellerName: string;
  /** Where an order id links to (the admin's order page); plain text when absent. */
  orderHref?: (orderId: string) => string;
};

const money = (paise: number) => formatPaiseExact(paise);
/** "20 Nov 2026", in India (the same on server and client); in Hindi the store's long date, "20 नवंबर 2026". */
const shortDate = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });
const rate = (percent: number) => `${percent}%`;
const documentTitle = (t: Translate, kind: TaxDocumentKind) =>
  kind === "invoice" ? t("ui_orders_tax_invoice") : t("ui_orders_credit_note");

/** The taxable value, CGST, SGST, IGST and total columns, with their totals. */
function amountColumns<T extends Amounts>(t: Translate, totals: Amounts): Column<T>[] {
  return [
    { header: t("ui_vendor_gst_col_taxable"), nowrap: true, align: "right", cell: (r) => money(r.taxable), total: money(totals.taxable) },
    { header: t("ui_vendor_gst_col_cgst"), nowrap: true, align: "right", cell: (r) => money(r.cgst), total: money(totals.cgst) },
    { header: t("ui_vendor_gst_col_sgst"), nowrap: true, align: "right", cell: (r) => money(r.sgst), total: money(totals.sgst) },
    { header: t("ui_vendor_gst_col_igst"), nowrap: true, align: "right", cell: (r) => money(r.igst), total: money(totals.igst) },
    {
      header: t("ui_vendor_gst_col_total"),
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

/** A GST report's figures: the summary, then the B2B, registered credit notes, B2C, HSN and documents tables (GSTR-1 tables 4A, 9B, 7, 12 and 13). */
export function GstReportTables({ report, sellerName, orderHref }: GstReportTablesProps) {
  // The vendor's page is in its language; the admin panel's strings are English.
  const t = useT();
  const locale = useLocale();
  const { invoices, creditNotes, net } = report.totals;
  const { documents } = report;
  const documentCount = invoices.count + creditNotes.count;
  const month = formatMonth(report.month, locale);
  const gstin = report.gstins.length ? ` · ${t("ui_vendor_gst_gstin", { gstins: report.gstins.join(", ") })}` : "";
  const dateOf = (iso: string) => (locale === "en" ? shortDate.format(new Date(iso)) : formatDate(iso, locale));
  if (documentCount === 0) {
    return (
      <p className="mt-6 rounded-xl bg-white p-8 text-center text-stone-600 ring-1 ring-stone-200" data-testid="gst-empty">
        {t("ui_vendor_gst_empty", { month })}
      </p>
    );
  }
  const total = t("ui_vendor_gst_col_total");
  const placeColumns: Column<PlaceRateRow>[] = [
    {
      header: t("ui_vendor_gst_col_place"),
      cell: (r) => `${r.placeOfSupply.code} ${r.placeOfSupply.name}`,
      total,
    },
    { header: t("ui_vendor_gst_col_rate"), nowrap: true, align: "right", cell: (r) => rate(r.rate) },
    ...amountColumns<PlaceRateRow>(t, report.byPlaceAndRate.totals),
  ];
  const registeredColumns = (totals: Amounts): Column<RegisteredRow>[] => [
    {
      header: t("ui_vendor_gst_col_recipient"),
      cell: (r) => (
        <>
          <span className="whitespace-nowrap font-mono font-semibold">{r.gstin}</span>
          <span className="block text-xs text-stone-600">{r.legalName}</span>
        </>
      ),
      total,
    },
    {
      header: t("ui_vendor_gst_col_document"),
      cell: (r) => (
        <>
          <span className="whitespace-nowrap font-mono font-semibold">{r.number}</span>
          <span className="block text-xs text-stone-600">
            {dateOf(`${r.issuedOn}T12:00:00+05:30`)}
            {r.refersTo ? ` · ${t("ui_vendor_gst_refers_to", { number: r.refersTo })}` : ""}
          </span>
        </>
      ),
    },
    { header: t("ui_vendor_gst_col_document_value"), nowrap: true, align: "right", cell: (r) => money(r.documentValue) },
    { header: t("ui_vendor_gst_col_place"), cell: (r) => `${r.placeOfSupply.code} ${r.placeOfSupply.name}` },
    { header: t("ui_vendor_gst_col_rate"), nowrap: true, align: "right", cell: (r) => rate(r.rate) },
    ...amountColumns<RegisteredRow>(t, totals),
  ];
  const hsnColumns: Column<HsnRow>[] = [
    { header: t("ui_vendor_gst_col_hsn"), nowrap: true, cell: (r) => <span className="font-mono">{r.hsn}</span>, total },
    { header: t("ui_vendor_gst_col_description"), cell: (r) => r.description },
    { header: t("ui_vendor_gst_col_uqc"), nowrap: true, cell: (r) => r.uqc },
    { header: t("ui_vendor_gst_col_quantity"), nowrap: true, align: "right", cell: (r) => r.quantity.toLocaleString("en-IN") },
    { header: t("ui_vendor_gst_col_rate"), nowrap: true, align: "right", cell: (r) => rate(r.rate) },
    ...amountColumns<HsnRow>(t, report.hsn.totals),
  ];
  const documentColumns: Column<DocumentEntry>[] = [
    {
      header: t("ui_vendor_gst_col_document"),
      cell: (d) => (
        <>
          <span className="whitespace-nowrap font-mono font-semibold">{d.number}</span>
          <span className="block text-xs text-stone-600">
            {documentTitle(t, d.kind)}
            {d.refersTo ? ` ${t("ui_vendor_gst_refers_to", { number: d.refersTo })}` : ""}
          </span>
        </>
      ),
      total: t("ui_vendor_gst_net"),
    },
    { header: t("ui_vendor_gst_col_date"), nowrap: true, cell: (d) => dateOf(d.issuedAt) },
    {
      header: t("ui_vendor_gst_col_order"),
      nowrap: true,
      cell: (d) =>
        orderHref ? (
          <Link to={orderHref(d.orderId)} className="text-brand-800 hover:underline">
            #{formatOrderId(d.orderId)}
          </Link>
        ) : (
          `#${formatOrderId(d.orderId)}`
        ),
    },
    { header: t("ui_vendor_gst_col_place"), cell: (d) => `${d.placeOfSupply.code} ${d.placeOfSupply.name}` },
    { header: t("ui_vendor_gst_col_taxable"), nowrap: true, align: "right", cell: (d) => money(d.taxable), total: money(net.taxable) },
    {
      header: t("ui_vendor_gst_col_tax"),
      nowrap: true,
      align: "right",
      cell: (d) => money(d.tax),
      total: money(net.cgst + net.sgst + net.igst),
    },
    {
      header: total,
      nowrap: true,
      align: "right",
      cell: (d) => <span className="font-semibold">{money(d.total)}</span>,
      total: money(net.total),
    },
  ];
  const seriesColumns: Column<DocumentSeries>[] = [
    { header: t("ui_vendor_gst_col_document"), cell: (s) => documentTitle(t, s.kind) },
    { header: t("ui_vendor_gst_col_financial_year"), nowrap: true, cell: (s) => s.financialYear },
    { header: t("ui_vendor_gst_col_first"), nowrap: true, cell: (s) => <span className="font-mono">{s.first}</span> },
    { header: t("ui_vendor_gst_col_last"), nowrap: true, cell: (s) => <span className="font-mono">{s.last}</span> },
    { header: t("ui_vendor_gst_col_issued"), nowrap: true, align: "right", cell: (s) => s.count.toLocaleString("en-IN") },
    {
      header: t("ui_vendor_gst_col_missing"),
      cell: (s) =>
        s.missingCount === 0 ? (
          t("ui_vendor_gst_missing_none")
        ) : (
          <span className="font-semibold text-red-800">
            {s.missingCount > s.missing.length
              ? t("ui_vendor_gst_missing_more", { numbers: s.missing.join(", "), count: s.missingCount - s.missing.length })
              : s.missing.join(", ")}
          </span>
        ),
    },
  ];

  return (
    <>
      <p className="mt-6 text-sm text-stone-700">
        {month} · {sellerName}
        {gstin}
      </p>
      <dl className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="gst-summary">
        {[
          { label: t("ui_vendor_gst_invoices", { count: invoices.count }), value: invoices.total },
          { label: t("ui_vendor_gst_credit_notes", { count: creditNotes.count }), value: creditNotes.total },
          { label: t("ui_vendor_gst_net_total"), value: net.total },
        ].map(({ label, value }) => (
          <div key={label} className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="whitespace-nowrap text-xl font-bold text-stone-900">{money(value)}</dd>
          </div>
        ))}
      </dl>
      {report.totals.reconciles ? (
        <p className="mt-3 text-sm text-stone-700" data-testid="gst-reconciled">
          {t("ui_vendor_gst_reconciled", { invoices: money(invoices.total), creditNotes: money(creditNotes.total), net: money(net.total) })}
        </p>
      ) : (
        <div role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{t("ui_vendor_gst_not_reconciled")}</p>
          <ul className="mt-1 list-disc pl-5">
            {report.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}

      {report.b2b.rows.length > 0 ? (
        <Section id="gst-b2b" title={t("ui_vendor_gst_b2b_title")} note={t("ui_vendor_gst_b2b_note")}>
          <DataTable
            caption={t("ui_vendor_gst_b2b_caption", { month })}
            columns={registeredColumns(report.b2b.totals)}
            rows={report.b2b.rows}
            rowKey={(r) => `${r.number}|${r.rate}`}
            rowTestId="gst-b2b-row"
            wide
          />
        </Section>
      ) : null}
      {report.creditNotesRegistered.rows.length > 0 ? (
        <Section id="gst-cdnr" title={t("ui_vendor_gst_cdnr_title")} note={t("ui_vendor_gst_cdnr_note")}>
          <DataTable
            caption={t("ui_vendor_gst_cdnr_caption", { month })}
            columns={registeredColumns(report.creditNotesRegistered.totals)}
            rows={report.creditNotesRegistered.rows}
            rowKey={(r) => `${r.number}|${r.rate}`}
            rowTestId="gst-cdnr-row"
            wide
          />
        </Section>
      ) : null}

      <Section id="gst-b2c" title={t("ui_vendor_gst_b2c_title")} note={t("ui_vendor_gst_b2c_note")}>
        <DataTable
          caption={t("ui_vendor_gst_b2c_caption", { month })}
          columns={placeColumns}
          rows={report.byPlaceAndRate.rows}
          rowKey={(r) => `${r.placeOfSupply.code}|${r.rate}`}
          rowTestId="gst-b2c-row"
          wide
        />
      </Section>
      <Section id="gst-hsn" title={t("ui_vendor_gst_hsn_title")} note={t("ui_vendor_gst_hsn_note")}>
        <DataTable
          caption={t("ui_vendor_gst_hsn_caption", { month })}
          columns={hsnColumns}
          rows={report.hsn.rows}
          rowKey={(r) => `${r.hsn}|${r.rate}|${r.uqc}`}
          rowTestId="gst-hsn-row"
          wide
        />
      </Section>
      <Section
        id="gst-documents"
        title={t("ui_vendor_gst_documents_title")}
        note={
          documents.length < documentCount
            ? t("ui_vendor_gst_documents_some", { shown: documents.length, count: documentCount })
            : t("ui_vendor_gst_documents_all")
        }
      >
        <DataTable
          caption={t("ui_vendor_gst_documents_caption", { month })}
          columns={documentColumns}
          rows={documents}
          rowKey={(d) => d.id}
          rowTestId="gst-document-row"
          wide
        />
        <h3 className="mt-6 font-bold text-stone-900">{t("ui_vendor_gst_series_title")}</h3>
        <div className="mt-2">
          <DataTable
            caption={t("ui_vendor_gst_series_caption", { month })}
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

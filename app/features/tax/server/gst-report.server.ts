import { getDb } from "~/platform/db/db.server";
import { formatMonth, GstMonthSchema, monthBounds } from "~/features/tax/domain/gst-month";
import { type GstReport, summariseGstDocuments } from "~/features/tax/domain/gst-report";
import { STORE_SELLER } from "~/features/tax/domain/tax-documents";

export type GstReportInput = {
  /** A month in India, "2026-11" (GstMonthSchema). */
  month: string;
  /** Whose return: "store" (the default) or a vendor's user id. */
  seller?: string;
};

/**
 * The GSTR-1 tables of one seller for one month in India (app/features/tax/domain/gst-report.ts adds them up).
 *
 * A return belongs to one GSTIN, so a report is always one seller's: the store's own documents
 * ("store", the admin's default), or one vendor's (the admin may look; a vendor sees only their
 * own). It never adds sellers together: their sum is nobody's return.
 *
 * One query over the (seller, issued_at) index reads the month's documents; the tables are made
 * from their snapshot lines in integer paise.
 */
export async function gstReport({ month, seller = STORE_SELLER }: GstReportInput): Promise<GstReport> {
  const valid = GstMonthSchema.parse(month);
  const { startIso, endIso } = monthBounds(valid);
  const rows = await getDb()
    .selectFrom("tax_document")
    .select([
      "id",
      "order_id",
      "kind",
      "number",
      "financial_year",
      "sequence",
      "issued_at",
      "place_of_supply",
      "taxable_paise",
      "cgst_paise",
      "sgst_paise",
      "igst_paise",
      "total_paise",
      "snapshot",
    ])
    .where("seller", "=", seller)
    .where("issued_at", ">=", startIso)
    .where("issued_at", "<", endIso)
    .orderBy("issued_at")
    .execute();
  const summary = summariseGstDocuments(
    rows.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      kind: r.kind,
      number: r.number,
      financialYear: r.financial_year,
      sequence: Number(r.sequence),
      issuedAt: r.issued_at,
      placeOfSupply: r.place_of_supply,
      taxable: Number(r.taxable_paise),
      cgst: Number(r.cgst_paise),
      sgst: Number(r.sgst_paise),
      igst: Number(r.igst_paise),
      total: Number(r.total_paise),
      snapshot: r.snapshot,
    })),
    valid,
  );
  return { ...summary, month: valid, monthLabel: formatMonth(valid), seller };
}

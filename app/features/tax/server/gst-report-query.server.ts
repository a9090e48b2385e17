import { GstMonthSchema, indiaMonth } from "~/features/tax/domain/gst-month";
import type { GstReport } from "~/features/tax/domain/gst-report";
import type { GstSeller } from "~/features/tax/domain/gst-sellers";

/** How many of a month's documents a report page lists; the totals count them all, and the CSV lists them all. */
export const GST_DOCUMENTS_SHOWN = 200;

/** A report as a page sends it to the browser: its documents cut to the first GST_DOCUMENTS_SHOWN. */
export function gstReportForPage(report: GstReport): GstReport {
  return { ...report, documents: report.documents.slice(0, GST_DOCUMENTS_SHOWN) };
}

export type GstReportQuery = { ok: true; month: string; seller: GstSeller } | { ok: false; error: string; month: string; sellerId: string };

/**
 * The month and seller a GST report page or export asks for (?month=2026-11&seller=store). No
 * month: this month in India; no seller: the first of `sellers` (the store). A vendor's own
 * report (`{ own }`) is theirs whatever the address says.
 */
export function readGstReportQuery(
  params: URLSearchParams,
  scope: { sellers: readonly [GstSeller, ...GstSeller[]] } | { own: GstSeller },
): GstReportQuery {
  const rawMonth = params.get("month") ?? indiaMonth();
  const sellers = "own" in scope ? [scope.own] : scope.sellers;
  const sellerId = "own" in scope ? scope.own.id : (params.get("seller") ?? scope.sellers[0].id);
  const month = GstMonthSchema.safeParse(rawMonth);
  if (!month.success) return { ok: false, error: month.error.issues[0]?.message ?? "Choose a month.", month: rawMonth, sellerId };
  const seller = sellers.find((s) => s.id === sellerId);
  if (!seller) return { ok: false, error: "Choose the store or one of its vendors.", month: month.data, sellerId };
  return { ok: true, month: month.data, seller };
}

/** The report as a CSV download: UTF-8 with a byte-order mark, never cached, never sniffed as something else. */
export function gstCsvResponse(text: string, fileName: string) {
  return new Response(text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A refused export: what is wrong, as plain text, with a 400. */
export function gstCsvRefused(error: string) {
  return new Response(`${error}\n`, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });
}

import { Form, Link } from "react-router";
import { formatDate, formatDateTime } from "~/platform/core/dates";
import { formatOrderId } from "~/platform/core/order-id";
import { useLocale, useT } from "~/platform/i18n/i18n";
import { RECALL_REASON_MAX, type HoldState, type LotView, type RecallReportRow } from "~/features/lots/domain/recall";
import { FormError } from "~/ui/form-error";
import { LotStateBadge } from "./lots-list";

type Props = {
  lot: LotView;
  rows: readonly RecallReportRow[];
  /** The lots page (back link); the report's CSV address. */
  base: string;
  csv: string;
  /** Where an order's number links (the admin's order page), or none. */
  orderLink?: (orderId: string) => string;
  error?: string;
  reason?: string;
  busy: boolean;
};

/** A lot's page: what it is, the recall form (or the recall made), and the recall report. */
export function LotRecall({ lot, rows, base, csv, orderLink, error, reason, busy }: Props) {
  const t = useT();
  const locale = useLocale();
  return (
    <div>
      <Link to={base} className="text-sm font-semibold text-brand-700 hover:underline">
        {t("ui_vendor_recall_back")}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-2xl font-bold text-stone-900">{t("ui_vendor_recall_lot_title", { lot: lot.number })}</h1>
        <LotStateBadge state={lot.state} />
      </div>
      <p className="mt-1 text-stone-700">
        {lot.product}
        {lot.size ? ` (${lot.size})` : ""}
        {lot.sku ? <span className="ml-1 font-mono text-sm text-stone-600">SKU {lot.sku}</span> : null}
      </p>
      <p className="text-sm text-stone-600">
        {t("ui_vendor_recall_received", { received: formatDate(lot.receivedAt, locale), quantity: lot.quantity })} ·{" "}
        {t("ui_vendor_recall_col_expires")}:{" "}
        {lot.expiresOn ? formatDate(`${lot.expiresOn}T12:00:00+05:30`, locale) : t("ui_vendor_recall_no_expiry")}
      </p>
      <FormError message={error} />
      {lot.recalledAt ? (
        <section className="mt-4 rounded-xl bg-red-50 p-5 text-red-900 ring-1 ring-red-200" data-testid="lot-recalled">
          <p className="font-semibold">
            {t("ui_vendor_recall_recalled_on", { date: formatDateTime(lot.recalledAt, locale), reason: lot.recallReason ?? "" })}
          </p>
          <p className="mt-1 text-sm">{t("ui_vendor_recall_done", { lot: lot.number, held: lot.heldOrders, told: lot.toldCustomers })}</p>
        </section>
      ) : (
        <Form method="post" className="mt-4 rounded-xl bg-white p-5 ring-1 ring-stone-200">
          <fieldset disabled={busy} className="space-y-3">
            <h2 className="font-bold">{t("ui_vendor_recall_form_title")}</h2>
            <p id="recall-hint" className="text-sm text-stone-600">
              {t("ui_vendor_recall_form_hint")}
            </p>
            <div>
              <label htmlFor="recall-reason" className="text-sm font-medium text-stone-700">
                {t("ui_vendor_recall_reason")}
              </label>
              <textarea
                id="recall-reason"
                name="reason"
                required
                maxLength={RECALL_REASON_MAX}
                defaultValue={reason}
                aria-describedby="recall-hint"
                rows={2}
                className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2"
              />
            </div>
            <button type="submit" className="h-10 rounded-lg bg-red-700 px-4 font-semibold text-white hover:bg-red-800">
              {t("ui_vendor_recall_submit")}
            </button>
          </fieldset>
        </Form>
      )}
      <RecallReport rows={rows} csv={csv} orderLink={orderLink} />
    </div>
  );
}

const HOLD_WORDS = {
  open: "ui_vendor_recall_held_open",
  swapped: "ui_vendor_recall_held_swapped",
  cancelled: "ui_vendor_recall_held_cancelled",
} as const satisfies Record<HoldState, string>;

function RecallReport({ rows, csv, orderLink }: Pick<Props, "rows" | "csv" | "orderLink">) {
  const t = useT();
  const locale = useLocale();
  return (
    <section className="mt-4 rounded-xl bg-white p-5 ring-1 ring-stone-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="font-bold">{t("ui_vendor_recall_report_title")}</h2>
          <p className="text-sm text-stone-600">{t("ui_vendor_recall_report_hint")}</p>
        </div>
        {rows.length > 0 ? (
          <a
            href={csv}
            download
            className="rounded-lg border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {t("ui_vendor_recall_report_csv")}
          </a>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{t("ui_vendor_recall_report_none")}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-left text-stone-600">
              <tr>
                <th className="py-2 pr-3">{t("ui_vendor_recall_col_order")}</th>
                <th className="pr-3">{t("ui_vendor_recall_col_status")}</th>
                <th className="pr-3">{t("ui_vendor_recall_col_customer")}</th>
                <th className="pr-3">{t("ui_vendor_recall_col_units")}</th>
                <th>{t("ui_vendor_recall_col_told")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((r) => (
                <tr key={r.orderId} data-testid="recall-report-row">
                  <td className="py-2 pr-3 font-mono">
                    {orderLink ? (
                      <Link to={orderLink(r.orderId)} className="text-brand-800 underline">
                        #{formatOrderId(r.orderId)}
                      </Link>
                    ) : (
                      `#${formatOrderId(r.orderId)}`
                    )}
                  </td>
                  <td className="pr-3">
                    {t(`ui_vendor_order_status_${r.status}`)}
                    {r.hold ? <span className="block text-xs text-stone-600">{t(HOLD_WORDS[r.hold])}</span> : null}
                  </td>
                  <td className="pr-3 [overflow-wrap:anywhere]">
                    {r.customer}
                    <span className="block text-xs text-stone-600">{[r.phone, r.email, r.pincode].filter(Boolean).join(" · ")}</span>
                  </td>
                  <td className="pr-3">
                    {r.units}
                    {r.unitsBack > 0 ? (
                      <span className="block text-xs text-stone-600">{t("ui_vendor_recall_units_back", { count: r.unitsBack })}</span>
                    ) : null}
                  </td>
                  <td>
                    {r.toldAt === undefined
                      ? "—"
                      : r.toldAt === null
                        ? t("ui_vendor_recall_told_queued")
                        : t("ui_vendor_recall_told_sent", { date: formatDateTime(r.toldAt, locale) })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import { Form, Link } from "react-router";
import { formatDate } from "~/platform/core/dates";
import { useLocale, useT } from "~/platform/i18n/i18n";
import type { LotRow, LotState } from "~/features/lots/domain/recall";

const STATE_STYLE: Record<LotState, string> = {
  selling: "bg-green-100 text-green-800",
  recalled: "bg-red-100 text-red-800",
  resting: "bg-stone-200 text-stone-700",
};

/** A lot's state as a badge: on sale, recalled, or not on sale (empty or past its sell-by day). */
export function LotStateBadge({ state }: { state: LotState }) {
  const t = useT();
  return (
    <span className={`whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_STYLE[state]}`}>
      {t(`ui_vendor_recall_state_${state}`)}
    </span>
  );
}

/** The lots page of the admin or a vendor: a search by lot number or SKU, and the lots, each linking to its page. */
export function LotsList({ lots, q, base }: { lots: readonly LotRow[]; q: string; base: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">{t("ui_vendor_recall_lots_title")}</h1>
      <p className="mt-1 text-sm text-stone-600">{t("ui_vendor_recall_lots_intro")}</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="lot-search" className="mb-1 block text-sm font-medium text-stone-700">
            {t("ui_vendor_recall_search_label")}
          </label>
          <input
            id="lot-search"
            name="q"
            defaultValue={q}
            maxLength={64}
            className="h-10 w-64 max-w-full rounded-lg border border-stone-300 px-3"
          />
        </div>
        <button type="submit" className="h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
          {t("ui_vendor_recall_search")}
        </button>
      </Form>
      {lots.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-8 text-center text-stone-600 ring-1 ring-stone-200">{t("ui_vendor_recall_none")}</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl bg-white ring-1 ring-stone-200">
          <table className="w-full text-sm">
            <thead className="text-left text-stone-600">
              <tr>
                <th className="px-4 py-2">{t("ui_vendor_recall_col_lot")}</th>
                <th className="px-4 py-2">{t("ui_vendor_recall_col_product")}</th>
                <th className="px-4 py-2">{t("ui_vendor_recall_col_on_hand")}</th>
                <th className="px-4 py-2">{t("ui_vendor_recall_col_expires")}</th>
                <th className="px-4 py-2">{t("ui_vendor_recall_col_state")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {lots.map((lot) => (
                <tr key={lot.id} data-testid="lot-row">
                  <td className="px-4 py-2">
                    <Link to={`${base}/${lot.id}`} className="font-mono font-semibold text-brand-800 underline">
                      {lot.number}
                    </Link>
                  </td>
                  <td className="px-4 py-2">
                    {lot.product}
                    {lot.size ? ` (${lot.size})` : ""}
                    {lot.sku ? <span className="block font-mono text-xs text-stone-600">SKU {lot.sku}</span> : null}
                  </td>
                  <td className="px-4 py-2">{lot.quantity}</td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {lot.expiresOn ? formatDate(`${lot.expiresOn}T12:00:00+05:30`, locale) : t("ui_vendor_recall_no_expiry")}
                  </td>
                  <td className="px-4 py-2">
                    <LotStateBadge state={lot.state} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

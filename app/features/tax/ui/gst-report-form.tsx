import { Form } from "react-router";
import Download from "lucide-react/icons/download";
import { FIRST_GST_MONTH } from "~/features/tax/domain/gst-month";
import { useT } from "~/platform/i18n/i18n";
import { useLocalePath } from "~/ui/use-locale-path";

type SellerChoice = { id: string; name: string };

type GstReportFormProps = {
  /** The page the form reloads ("/admin/gst") and its CSV export ("/admin/gst/export"). */
  action: string;
  exportPath: string;
  month: string;
  /** An admin chooses whose report; a vendor has only their own (no choice shown). */
  sellers?: readonly SellerChoice[];
  sellerId: string;
  /** The CSV link is offered only for a report that was made. */
  canExport: boolean;
};

/** The month picker (and the admin's seller choice) above a GST report, with its CSV download. */
export function GstReportForm({ action, exportPath, month, sellers, sellerId, canExport }: GstReportFormProps) {
  const query = new URLSearchParams({ month, ...(sellers ? { seller: sellerId } : {}) });
  // The page's language: Hindi on the vendor's Hindi page, English for the admin.
  const t = useT();
  const localePath = useLocalePath();
  return (
    <div className="mt-4 flex flex-wrap items-end justify-between gap-3 rounded-xl bg-white p-3 ring-1 ring-stone-200">
      <Form method="get" action={action} className="flex flex-wrap items-end gap-2" key={`${month}|${sellerId}`}>
        <div>
          <label htmlFor="gst-month" className="text-sm font-medium text-stone-700">
            {t("ui_vendor_month")}
          </label>
          <input
            id="gst-month"
            name="month"
            type="month"
            required
            min={FIRST_GST_MONTH}
            defaultValue={month}
            placeholder="YYYY-MM"
            className="mt-1 block h-10 rounded-lg border border-stone-300 px-2"
          />
        </div>
        {sellers ? (
          <div>
            <label htmlFor="gst-seller" className="text-sm font-medium text-stone-700">
              {t("ui_vendor_gst_seller")}
            </label>
            <select
              id="gst-seller"
              name="seller"
              defaultValue={sellerId}
              className="mt-1 block h-10 max-w-64 rounded-lg border border-stone-300 bg-white px-2"
            >
              {sellers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="submit" className="h-10 rounded-lg bg-stone-800 px-4 font-semibold text-white">
          {t("ui_vendor_gst_show")}
        </button>
      </Form>
      {canExport ? (
        <a
          href={localePath(`${exportPath}?${query}`)}
          download
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          <Download className="h-4 w-4" aria-hidden="true" /> {t("ui_vendor_download_csv")}
        </a>
      ) : null}
    </div>
  );
}

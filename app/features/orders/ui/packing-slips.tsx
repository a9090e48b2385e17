import { useId } from "react";
import { useT } from "~/platform/i18n/i18n";

/**
 * A day's packing slips or shipping labels as one PDF (a plain GET form: it works without JavaScript).
 * `action`: the admin's or the vendor's download (/admin/packing-slips, /vendor-login/packing-slips).
 */
export function PackingSlipsForm({ action, today }: { action: string; today: string }) {
  const t = useT();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-xl bg-white p-4 ring-1 ring-stone-200" data-testid="packing-slips">
      <h2 id={`${id}-title`} className="font-bold text-stone-900">
        {t("ui_vendor_slips_title")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("ui_vendor_slips_hint")}</p>
      <form method="get" action={action} className="mt-3 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-day`} className="text-sm font-medium text-stone-700">
            {t("ui_vendor_slips_day")}
          </label>
          <input
            id={`${id}-day`}
            name="day"
            type="date"
            required
            max={today}
            defaultValue={today}
            className="mt-1 block h-11 rounded-lg border border-stone-300 px-2"
          />
        </div>
        <div>
          <label htmlFor={`${id}-kind`} className="text-sm font-medium text-stone-700">
            {t("ui_vendor_slips_kind")}
          </label>
          <select
            id={`${id}-kind`}
            name="kind"
            defaultValue="slip"
            className="mt-1 block h-11 rounded-lg border border-stone-300 bg-white px-2"
          >
            <option value="slip">{t("ui_vendor_slips_kind_slip")}</option>
            <option value="label">{t("ui_vendor_slips_kind_label")}</option>
          </select>
        </div>
        <button type="submit" className="h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white">
          {t("ui_vendor_slips_download")}
        </button>
      </form>
    </section>
  );
}

/** One order's packing slip and shipping label, as download links. */
export function PackingSlipLinks({ action, orderId }: { action: string; orderId: string }) {
  const t = useT();
  const href = (kind: "slip" | "label") => `${action}?${new URLSearchParams({ kind, order: orderId })}`;
  return (
    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <a href={href("slip")} download className="inline-flex min-h-11 items-center font-semibold text-brand-800 hover:underline">
        {t("ui_vendor_slip_one")}
      </a>
      <a href={href("label")} download className="inline-flex min-h-11 items-center font-semibold text-brand-800 hover:underline">
        {t("ui_vendor_label_one")}
      </a>
    </p>
  );
}

import { useId } from "react";
import { Form } from "react-router";
import { TextField } from "~/ui/text-field";
import { ALL_LINES, COURIER_MAX, type SellerToShip, TRACKING_MAX } from "~/features/orders/domain/shipments";
import { useT } from "~/platform/i18n/i18n";

export type ShipFormErrors = Partial<Record<"courier" | "tracking" | "seller", string>>;

type Props = {
  /** Hidden fields: the intent, and on the vendor's page the order. */
  hidden: Record<string, string>;
  errors?: ShipFormErrors | undefined;
  /** What was typed before a refusal (a page without JavaScript draws the form again). */
  values?: { courier?: string; tracking?: string } | undefined;
  /** The admin's choice of whose items, when more than one seller has items left to ship. */
  sellers?: readonly SellerToShip[];
  busy: boolean;
  /** Names the form for screen readers when a page has several. */
  label: string;
};

/** Marks items shipped with the courier and the tracking number or https link (issue 15). */
export function ShipForm({ hidden, errors = {}, values = {}, sellers = [], busy, label }: Props) {
  const total = sellers.reduce((n, s) => n + s.items, 0);
  const sellerId = useId();
  // Words in the page's language: Hindi on the vendor's Hindi pages, English for the admin.
  const t = useT();
  return (
    <Form method="post" className="space-y-3" aria-label={label}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-2">
        {sellers.length > 1 ? (
          <div className="sm:col-span-2">
            <label htmlFor={sellerId} className="mb-1 block text-sm font-medium text-stone-800">
              {t("ui_vendor_ship_items_to_ship")}
            </label>
            <select
              id={sellerId}
              name="seller"
              defaultValue={ALL_LINES}
              aria-invalid={errors.seller ? true : undefined}
              className="h-11 w-full rounded-lg border border-stone-300 bg-white px-2"
            >
              <option value={ALL_LINES}>{t("ui_vendor_ship_all_remaining", { total })}</option>
              {sellers.map((s) => (
                <option key={s.seller} value={s.seller}>
                  {s.name}: {s.items} {s.items === 1 ? t("ui_vendor_ship_item_one") : t("ui_vendor_ship_item_other")}
                </option>
              ))}
            </select>
            {errors.seller ? <p className="mt-1 text-sm font-medium text-red-700">{errors.seller}</p> : null}
          </div>
        ) : null}
        <TextField
          label={t("ui_vendor_ship_courier")}
          name="courier"
          required
          minLength={2}
          maxLength={COURIER_MAX}
          autoComplete="off"
          placeholder={t("ui_vendor_ship_courier_placeholder")}
          defaultValue={values.courier}
          error={errors.courier}
        />
        <TextField
          label={t("ui_vendor_ship_tracking")}
          name="tracking"
          required
          minLength={3}
          maxLength={TRACKING_MAX}
          autoComplete="off"
          hint={t("ui_vendor_ship_tracking_hint")}
          defaultValue={values.tracking}
          error={errors.tracking}
        />
        <div className="sm:col-span-2">
          <button
            type="submit"
            className="h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {busy ? t("ui_vendor_saving") : t("ui_vendor_ship_submit")}
          </button>
        </div>
      </fieldset>
    </Form>
  );
}

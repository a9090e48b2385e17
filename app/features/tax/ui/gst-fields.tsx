import { useId, useRef, useState } from "react";
import type { CategoryKey } from "~/features/catalog/domain/categories";
import { GST_RATES } from "~/features/tax/domain/gst";
import { readGstRate, suggestedGstRate } from "~/features/tax/domain/product-gst";
import { useEarlyChoice } from "~/platform/i18n/early-choice";
import { useT } from "~/platform/i18n/i18n";
import { TextField } from "../../../ui/text-field";

type Props = {
  /** the category and "regulated as" chosen on the form now: a new product's rate starts from them */
  category: CategoryKey | "";
  regulatedAs: string;
  /** as stored, or as typed before a refusal ("" when none) */
  hsnCode: string;
  gstRate: string;
  errors: Record<string, string>;
};

/**
 * A product's HSN code and GST rate. Until the seller picks a rate, the select follows the
 * category (seeds nil, a pesticide 18%, anything else 5%), so a new product starts somewhere
 * sensible; a rate already saved or typed is never changed for them. Without JavaScript a new
 * product's select starts at "Choose the GST rate". The server checks both.
 */
export function GstFields({ category, regulatedAs, hsnCode, gstRate, errors }: Props) {
  const id = useId();
  const t = useT();
  const [chosen, setChosen] = useState(gstRate);
  const select = useRef<HTMLSelectElement>(null);
  useEarlyChoice(select, setChosen);
  const error = errors.gstRate;
  // Refused for its rate (a page without JavaScript sent none): the seller picks one, no suggestion.
  const suggested = error ? null : suggestedGstRate(category, regulatedAs);
  // A value that is not one of the rates (a tampered form sent back) shows as not chosen.
  const picked = readGstRate(chosen);
  const rate = picked !== null ? String(picked) : suggested === null ? "" : String(suggested);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 sm:col-span-2 sm:grid-cols-2">
      <TextField
        label={t("ui_catalog_form_hsn")}
        name="hsnCode"
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={16}
        defaultValue={hsnCode}
        hint={t("ui_catalog_form_hsn_hint")}
        error={errors.hsnCode}
      />
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
          {t("ui_catalog_form_gst_rate")}{" "}
          <span className="text-red-700" aria-hidden="true">
            *
          </span>
        </label>
        <select
          ref={select}
          id={id}
          name="gstRate"
          value={rate}
          onChange={(event) => setChosen(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-11 w-full rounded-lg border border-stone-300 bg-white px-3"
        >
          {rate === "" ? (
            <option value="" disabled>
              {t("ui_catalog_form_choose_gst_rate")}
            </option>
          ) : null}
          {GST_RATES.map((r) => (
            <option key={r} value={String(r)}>
              {r === 0 ? t("ui_catalog_form_gst_rate_nil") : `${r}%`}
            </option>
          ))}
        </select>
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

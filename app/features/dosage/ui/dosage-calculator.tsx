import { useId, useState } from "react";
import { Form } from "react-router";
import Calculator from "lucide-react/icons/calculator";
import Check from "lucide-react/icons/check";
import ShoppingCart from "lucide-react/icons/shopping-cart";
import type { DosageCalculatorView } from "~/features/dosage/domain/dosage";
import { StaticHtml } from "../../../ui/static-html";
import { useT } from "~/platform/i18n/i18n";

/** `notes`: whole sentences, with their full stop. */
type Props = DosageCalculatorView & {
  productName: string;
  /** The page's chosen pack size (`size` in the query), kept when the form is submitted. */
  selectedSize?: string;
  onAddAll?: () => void;
  added?: boolean;
};

/**
 * "How much do I need for my field?" A GET form, so it works before JavaScript loads; the page's
 * loader reads `area` and `unit`, plans the packs and passes the result back in, every text
 * already written out (`DosageCalculatorView`), so this component only lays it out.
 */
export function DosageCalculator({
  productName,
  recommended,
  units,
  notes,
  area,
  areaUnit,
  bighaStates,
  bighaState,
  error,
  plan,
  selectedSize,
  onAddAll,
  added = false,
}: Props) {
  const id = useId();
  const t = useT();
  const describedBy = [error ? `${id}-error` : null, `${id}-notes`].filter(Boolean).join(" ");
  // Whose bigha is asked only with bigha chosen (without JavaScript: as the page was asked for).
  const [unit, setUnit] = useState(areaUnit);

  return (
    <section aria-labelledby={`${id}-title`} id="dosage-calculator" className="mt-8 rounded-lg border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold text-stone-900">
        <Calculator className="h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
        {t("ui_store_dosage_calculator")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {t("ui_store_recommended")}{" "}
        <strong className="font-semibold text-stone-900">{t("ui_store_per_acre", { amount: recommended })}</strong>
        <span className="sr-only">{t("ui_store_of_product", { name: productName })}</span>
      </p>

      <Form method="get" preventScrollReset replace className="mt-4">
        {selectedSize ? <input type="hidden" name="size" value={selectedSize} /> : null}
        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,9rem)] gap-3">
          <div className="min-w-0">
            <label htmlFor={`${id}-area`} className="mb-1 block text-sm font-medium text-stone-800">
              {t("ui_store_field_area")}
            </label>
            <input
              id={`${id}-area`}
              name="area"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={area}
              placeholder={t("ui_store_area_example")}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              className={`h-11 w-full rounded-lg border px-3 text-[15px] text-stone-900 focus:outline-none ${
                error ? "border-red-600 focus:border-red-700" : "border-stone-300 focus:border-brand-600"
              }`}
            />
          </div>
          <div className="min-w-0">
            <label htmlFor={`${id}-unit`} className="mb-1 block text-sm font-medium text-stone-800">
              {t("ui_store_unit")}
            </label>
            <select
              id={`${id}-unit`}
              name="unit"
              defaultValue={areaUnit}
              onChange={(e) => setUnit(e.currentTarget.value)}
              className="h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-[15px] text-stone-900 focus:border-brand-600 focus:outline-none"
            >
              {units.map((u) => (
                <option key={u.value} value={u.value}>
                  {u.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {unit === "bigha" ? (
          <div className="mt-3">
            <label htmlFor={`${id}-bigha`} className="mb-1 block text-sm font-medium text-stone-800">
              {t("ui_store_bigha_of")}
            </label>
            <select
              id={`${id}-bigha`}
              name="bigha"
              defaultValue={bighaState}
              aria-describedby={`${id}-notes`}
              className="h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-[15px] text-stone-900 focus:border-brand-600 focus:outline-none"
            >
              {bighaStates.map((b) => (
                <option key={b.value} value={b.value}>
                  {b.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          className="mt-3 inline-flex h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 sm:w-auto"
        >
          {t("ui_store_calculate")}
        </button>
        <ul id={`${id}-notes`} className="mt-3 space-y-0.5 text-xs text-stone-600">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </Form>

      <div aria-live="polite">
        {plan && !error ? (
          <div className="mt-5 border-t border-stone-200 pt-4">
            <StaticHtml html={plan.html} />
            {onAddAll && !plan.none ? (
              <button
                type="button"
                onClick={onAddAll}
                className={`mt-4 inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg px-5 text-sm font-semibold text-white transition-colors sm:w-auto ${
                  added ? "bg-brand-800" : "bg-brand-700 hover:bg-brand-800"
                }`}
              >
                {added ? <Check className="h-4 w-4" aria-hidden="true" /> : <ShoppingCart className="h-4 w-4" aria-hidden="true" />}
                <span>{added ? t("ui_store_added") : t("ui_store_add_these")}</span>
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

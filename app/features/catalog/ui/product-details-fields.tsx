import { useId } from "react";
import { CROPS, SEASONS } from "~/features/catalog/domain/crops";
import { useT } from "~/platform/i18n/i18n";
import { UnitSelect } from "./pack-sizes-fieldset";
import { TextField } from "../../../ui/text-field";

export type ProductDetailsValues = {
  brand: string;
  season: string;
  crops: string[];
  dosageAmount: string;
  dosageUnit: string;
  howToUse: string;
};

/**
 * Brand, season, crops, dosage per acre and how to use: what a farmer asks before buying. The
 * season and crop names are the catalogue's messages, their keys spelled here rather than taken
 * from catalog-labels.ts: sharing its helpers with this form moved them into the storefront's
 * first script (27 bytes over the budget's last few, decision 007).
 */
export function ProductDetailsFields({ values, errors }: { values: Partial<ProductDetailsValues>; errors: Record<string, string> }) {
  const seasonId = useId();
  const t = useT();
  const crops = new Set(values.crops ?? []);
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="text-base font-semibold text-stone-900">{t("ui_catalog_form_details")}</legend>
      <TextField label={t("ui_catalog_form_brand")} name="brand" maxLength={80} defaultValue={values.brand} error={errors.brand} />
      <div>
        <label htmlFor={seasonId} className="mb-1 block text-sm font-medium text-stone-800">
          {t("ui_catalog_form_season")}
        </label>
        <select
          id={seasonId}
          name="season"
          defaultValue={values.season ?? ""}
          aria-invalid={errors.season ? true : undefined}
          className="h-11 w-full rounded-lg border border-stone-300 bg-white px-3"
        >
          <option value="">{t("ui_catalog_form_no_season")}</option>
          {SEASONS.map((s) => (
            <option key={s} value={s}>
              {t(`ui_catalog_season_${s}`)}
            </option>
          ))}
        </select>
        {errors.season ? <p className="mt-1 text-sm font-medium text-red-700">{errors.season}</p> : null}
      </div>
      <fieldset className="min-w-0 sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">{t("ui_catalog_form_crops")}</legend>
        <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
          {CROPS.map((c) => (
            <label key={c.key} className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
              <input type="checkbox" name="crops" value={c.key} defaultChecked={crops.has(c.key)} className="h-5 w-5 accent-brand-700" />
              {t(`ui_catalog_crop_${c.key}`)}
            </label>
          ))}
        </div>
        {errors.crops ? <p className="mt-1 text-sm font-medium text-red-700">{errors.crops}</p> : null}
      </fieldset>
      <div className="grid grid-cols-2 gap-3 sm:col-span-2 sm:grid-cols-4">
        <TextField
          label={t("ui_catalog_form_dosage")}
          name="dosageAmount"
          inputMode="decimal"
          defaultValue={values.dosageAmount}
          error={errors.dosageAmount}
        />
        <UnitSelect
          label={t("ui_catalog_form_dosage_unit")}
          name="dosageUnit"
          allowNone
          defaultValue={values.dosageUnit ?? ""}
          error={errors.dosageUnit}
        />
      </div>
      <TextField
        className="sm:col-span-2"
        label={t("ui_catalog_form_how_to_use")}
        name="howToUse"
        multiline
        maxLength={2000}
        defaultValue={values.howToUse}
        error={errors.howToUse}
      />
    </fieldset>
  );
}

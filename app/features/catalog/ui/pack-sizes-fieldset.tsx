import { useEffect, useId, useRef, useState } from "react";
import { blankVariantRow, type VariantRow, type VariantRowField, variantFieldName } from "~/features/catalog/domain/product-form";
import { PACK_UNITS, type PackUnit } from "~/features/catalog/domain/pack-units";
import { MAX_VARIANTS } from "~/features/catalog/domain/variants";
import { type UiKey, useT } from "~/platform/i18n/i18n";
import { TextField } from "../../../ui/text-field";

/** Rows a form starts with: a new product offers three sizes, an edit its sizes and one blank. */
/** A unit's name in the page's language ("kg" in English, "किलो" in Hindi). */
const unitLabelKey = (unit: PackUnit) => `ui_catalog_form_unit_${unit}` as const satisfies UiKey;

function startingRows(rows: VariantRow[], isNew: boolean) {
  const count = Math.min(MAX_VARIANTS, Math.max(rows.length + (isNew ? 0 : 1), isNew ? 3 : 1));
  return Array.from({ length: count }, (_, i) => rows[i] ?? blankVariantRow());
}

/**
 * The pack sizes of a product, one row each. Without JavaScript the form has its rows and blank
 * ones (a blank row is ignored; clearing a row removes that size); with it, rows can be added and
 * removed.
 */
export function PackSizesFieldset({
  rows,
  isNew,
  errors,
  stockInLots = {},
}: {
  rows: VariantRow[];
  isNew: boolean;
  errors: Record<string, string>;
  /** Lot-tracked sizes by id: their stock is what their sellable lots hold, shown, not typed (docs/decisions/056-lots.md). */
  stockInLots?: StockInLots;
}) {
  const t = useT();
  const nextKey = useRef(0);
  const keyed = (row: VariantRow) => ({ key: nextKey.current++, row });
  const [list, setList] = useState(() => startingRows(rows, isNew).map(keyed));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Errors are keyed by the field's own name (Conform's), e.g. `variants[1].sku`.
  const errorOf = (index: number, field: VariantRowField) => errors[variantFieldName(index, field)];
  const lotStockOf = (row: VariantRow) => (row.id ? stockInLots[row.id] : undefined);
  return (
    <fieldset className="min-w-0 sm:col-span-2">
      <legend className="text-base font-semibold text-stone-900">{t("ui_catalog_form_pack_sizes")}</legend>
      <p id="pack-sizes-hint" className="mt-1 text-xs text-stone-600">
        {t("ui_catalog_form_pack_sizes_hint")}
      </p>
      {errors.variants ? <p className="mt-2 text-sm font-medium text-red-700">{errors.variants}</p> : null}
      <div className="mt-3 grid gap-3">
        {list.map(({ key, row }, index) => (
          <fieldset key={key} className="min-w-0 rounded-lg border border-stone-200 p-3" data-testid="pack-size">
            <legend className="px-1 text-sm font-semibold text-stone-800">{t("ui_catalog_form_size", { number: index + 1 })}</legend>
            {row.id ? <input type="hidden" name={variantFieldName(index, "id")} value={row.id} /> : null}
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <TextField
                className="col-span-2"
                label={t("ui_catalog_form_size_label")}
                name={variantFieldName(index, "label")}
                maxLength={40}
                placeholder={t("ui_catalog_form_size_label_placeholder")}
                defaultValue={row.label}
                error={errorOf(index, "label")}
              />
              <TextField
                label={t("ui_catalog_form_pack_quantity")}
                name={variantFieldName(index, "packQuantity")}
                inputMode="decimal"
                defaultValue={row.packQuantity}
                error={errorOf(index, "packQuantity")}
              />
              <UnitSelect
                label={t("ui_catalog_form_unit")}
                name={variantFieldName(index, "packUnit")}
                defaultValue={row.packUnit}
                error={errorOf(index, "packUnit")}
              />
              <TextField
                className="col-span-2"
                label={t("ui_catalog_form_sku")}
                name={variantFieldName(index, "sku")}
                maxLength={40}
                autoCapitalize="characters"
                defaultValue={row.sku}
                error={errorOf(index, "sku")}
              />
              <TextField
                label={t("ui_catalog_form_mrp")}
                name={variantFieldName(index, "mrp")}
                type="number"
                step="0.01"
                min="0.01"
                inputMode="decimal"
                defaultValue={row.mrp}
                error={errorOf(index, "mrp")}
              />
              <TextField
                label={t("ui_catalog_form_price")}
                name={variantFieldName(index, "price")}
                type="number"
                step="0.01"
                min="0.01"
                inputMode="decimal"
                defaultValue={row.price}
                error={errorOf(index, "price")}
              />
              {lotStockOf(row) ? (
                <LotStock name={variantFieldName(index, "stock")} inLots={lotStockOf(row) ?? { sellable: 0, lots: 0 }} />
              ) : (
                <TextField
                  label={t("ui_catalog_form_stock")}
                  name={variantFieldName(index, "stock")}
                  type="number"
                  step="1"
                  min="0"
                  inputMode="numeric"
                  defaultValue={row.stock}
                  error={errorOf(index, "stock")}
                />
              )}
              <TextField
                label={t("ui_catalog_form_weight")}
                name={variantFieldName(index, "weight")}
                type="number"
                step="1"
                min="1"
                inputMode="numeric"
                defaultValue={row.weight}
                error={errorOf(index, "weight")}
              />
              <TextField
                label={t("ui_catalog_form_reorder_level")}
                hint={t("ui_catalog_form_reorder_level_hint")}
                name={variantFieldName(index, "reorderLevel")}
                type="number"
                step="1"
                min="0"
                inputMode="numeric"
                defaultValue={row.reorderLevel}
                error={errorOf(index, "reorderLevel")}
              />
              <TextField
                className="col-span-2 sm:col-span-4"
                label={t("ui_catalog_form_price_breaks")}
                hint={t("ui_catalog_form_price_breaks_hint")}
                name={variantFieldName(index, "priceBreaks")}
                maxLength={200}
                placeholder="10:1290, 25:1250"
                defaultValue={row.priceBreaks}
                error={errorOf(index, "priceBreaks")}
              />
            </div>
            {hydrated && list.length > 1 ? (
              <button
                type="button"
                onClick={() => setList((l) => l.filter((r) => r.key !== key))}
                className="mt-3 h-10 rounded-lg px-3 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
              >
                {t("ui_catalog_form_remove_size", { number: index + 1 })}
              </button>
            ) : null}
          </fieldset>
        ))}
      </div>
      {hydrated && list.length < MAX_VARIANTS ? (
        <button
          type="button"
          onClick={() => setList((l) => [...l, keyed(blankVariantRow())])}
          className="mt-3 h-10 rounded-lg px-4 text-sm font-semibold text-brand-800 ring-1 ring-stone-300 hover:bg-brand-50"
        >
          {t("ui_catalog_form_add_size")}
        </button>
      ) : null}
    </fieldset>
  );
}

/** A labelled select of pack units; `allowNone` adds an empty choice. */
/** A lot-tracked size's stock per size id: what its sellable lots hold, and in how many lots. */
export type StockInLots = Record<string, { sellable: number; lots: number } | undefined>;

/** A lot-tracked size's stock, read only ("12 in 3 lots"); the save keeps what its lots hold whatever is posted. */
function LotStock({ name, inLots }: { name: string; inLots: { sellable: number; lots: number } }) {
  const t = useT();
  return (
    <div>
      <p className="mb-1 text-sm font-medium text-stone-800">{t("ui_catalog_form_stock")}</p>
      <input type="hidden" name={name} value={inLots.sellable} />
      <p className="min-h-11 py-2 text-[15px] font-semibold text-stone-900" data-testid="stock-in-lots">
        {inLots.lots === 1
          ? t("ui_lots_stock_in_one_lot", { stock: inLots.sellable })
          : t("ui_lots_stock_in_lots", { stock: inLots.sellable, lots: inLots.lots })}
      </p>
      <p className="text-xs text-stone-600">{t("ui_lots_stock_hint")}</p>
    </div>
  );
}

export function UnitSelect({
  label,
  name,
  defaultValue,
  error,
  allowNone,
}: {
  label: string;
  name: string;
  defaultValue: string;
  error?: string;
  allowNone?: boolean;
}) {
  const id = useId();
  const t = useT();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`h-11 w-full rounded-lg border bg-white px-3 ${error ? "border-red-600" : "border-stone-300"}`}
      >
        {allowNone ? <option value="">{t("ui_catalog_form_no_unit")}</option> : null}
        {PACK_UNITS.map((u) => (
          <option key={u} value={u}>
            {t(unitLabelKey(u))}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

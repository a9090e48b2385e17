import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { type ChangeEvent, useCallback, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { CATEGORY_KEYS, type CategoryKey, isCategoryKey } from "~/features/catalog/domain/categories";
import { categoryLabelKey } from "~/features/catalog/domain/catalog-labels";
import { useEarlyChoice } from "~/platform/i18n/early-choice";
import { useT } from "~/platform/i18n/i18n";
import { IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGE_LABEL } from "~/features/catalog/domain/product-image";
import { blankVariantRow, VARIANT_ROW_FIELDS, type VariantRow } from "~/features/catalog/domain/product-form";
import type { VariantInput } from "~/features/catalog/domain/variants";
import { formatPriceBreaksInput } from "~/features/catalog/domain/price-breaks-input";
import { ProductDetailsFields, type ProductDetailsValues } from "./product-details-fields";
import { PackSizesFieldset, type StockInLots } from "./pack-sizes-fieldset";
import { GalleryField } from "./gallery-field";
import { TextField } from "../../../ui/text-field";
import { RegulatedAsField } from "./regulated-as-field";
import { GstFields } from "../../tax/ui/gst-fields";
import { imageSrc } from "~/ui/image-srcset";

export type ProductFormValues = ProductDetailsValues & {
  name: string;
  description: string;
  /** Issue 16: optional, "" when none */
  nameHi: string;
  descriptionHi: string;
  howToUseHi: string;
  category: CategoryKey;
  /** "fertiliser" or "pesticide" for a fertilizers product; the category decides the others */
  regulatedAs: string;
  /** a subsidised fertiliser (docs/decisions/057-territory.md) */
  subsidised: boolean;
  /** the HSN code and GST rate (percent) as typed; "" when none */
  hsnCode: string;
  gstRate: string;
  /** pack sizes as typed (strings) */
  variants: VariantRow[];
  image: string;
  /** extra photos after the cover */
  gallery: string[];
  /** the product's version the form was filled from: a save refuses if the product changed since */
  version?: number;
  rating?: number;
  reviews?: number;
};

const rupees = (paise: number) => (paise / 100).toFixed(2);

/** A stored product as its edit form shows it: every value as it would be typed. */
export function productFormValues(
  product: { name: string; description: string; category: CategoryKey; image: string; version: number; rating?: number; reviews?: number },
  extras: {
    variants: VariantInput[];
    brand: string | null;
    season: string | null;
    crops: string[];
    dosageAmount: number | null;
    dosageUnit: string | null;
    howToUse: string | null;
    nameHi?: string | null;
    descriptionHi?: string | null;
    howToUseHi?: string | null;
    gallery: string[];
    regulatedAs: string | null;
    subsidised: boolean;
    hsnCode: string;
    gstRate: number;
  },
): ProductFormValues {
  return {
    ...product,
    regulatedAs: extras.regulatedAs ?? "",
    subsidised: extras.subsidised,
    hsnCode: extras.hsnCode,
    gstRate: String(extras.gstRate),
    variants: extras.variants.map((v) => ({
      id: v.id ?? "",
      label: v.label,
      packQuantity: String(v.packQuantity),
      packUnit: v.packUnit,
      sku: v.sku,
      // An MRP equal to the price is shown empty ("same as the price"), so raising the price raises it too.
      mrp: v.mrpPaise === v.pricePaise ? "" : rupees(v.mrpPaise),
      price: rupees(v.pricePaise),
      stock: String(v.stock),
      weight: String(v.weightGrams),
      priceBreaks: formatPriceBreaksInput(v.priceBreaks),
      reorderLevel: v.reorderLevel === null || v.reorderLevel === undefined ? "" : String(v.reorderLevel),
    })),
    brand: extras.brand ?? "",
    season: extras.season ?? "",
    crops: extras.crops,
    dosageAmount: extras.dosageAmount === null ? "" : String(extras.dosageAmount),
    dosageUnit: extras.dosageUnit ?? "",
    howToUse: extras.howToUse ?? "",
    nameHi: extras.nameHi ?? "",
    descriptionHi: extras.descriptionHi ?? "",
    howToUseHi: extras.howToUseHi ?? "",
    gallery: extras.gallery,
  };
}

/** A preview 192 px wide of a chosen photo, whole (its own proportions). */
async function previewOf(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file, { resizeWidth: 192, resizeQuality: "medium" });
  const canvas = document.createElement("canvas");
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas.toDataURL("image/jpeg", 0.85);
}

/** The form's values to show: what was stored, or what was typed before a refusal (Conform's initial value). */
function shownValues(initial: unknown): Partial<ProductFormValues> {
  const typed = (initial ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof typed[name] === "string" ? (typed[name] as string) : "");
  const category = text("category");
  const rows = Array.isArray(typed.variants) ? typed.variants : undefined;
  return {
    name: text("name"),
    description: text("description"),
    nameHi: text("nameHi"),
    descriptionHi: text("descriptionHi"),
    howToUseHi: text("howToUseHi"),
    ...(isCategoryKey(category) ? { category } : {}),
    regulatedAs: text("regulatedAs"),
    subsidised: typed.subsidised === "on",
    hsnCode: text("hsnCode"),
    gstRate: text("gstRate"),
    ...(rows ? { variants: rows.map(variantRow) } : {}),
    brand: text("brand"),
    season: text("season"),
    crops: [typed.crops ?? []].flat().filter((c): c is string => typeof c === "string"),
    dosageAmount: text("dosageAmount"),
    dosageUnit: text("dosageUnit"),
    howToUse: text("howToUse"),
  };
}

/** A pack-size row as the form holds it: each field as typed ("" when empty). */
function variantRow(value: unknown): VariantRow {
  const row = blankVariantRow();
  const typed = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  for (const field of VARIANT_ROW_FIELDS) {
    const text = typed[field];
    if (typeof text === "string") row[field] = text;
  }
  return row;
}

/**
 * Each field's first error, by the field's name (`name`, `variants[1].sku`); a crop's error names
 * its place in the list, and the checkboxes share one message.
 */
function firstErrors(all: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, messages] of Object.entries(all)) {
    const field = /^crops\[\d+\]$/.test(name) ? "crops" : name;
    if (messages[0]) out[field] ??= messages[0];
  }
  return out;
}

type Props = {
  values?: ProductFormValues;
  /** the action's answer to a refused save (Conform's reply): what was typed and each field's error */
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
  /** Lot-tracked sizes' stock, shown read only. */
  stockInLots?: StockInLots;
};

/** The product fields shared by the admin's and a vendor's forms (image upload included). */
export function ProductForm({ values, lastResult, submitLabel, stockInLots }: Props) {
  const t = useT();
  const [form] = useForm({ id: "product-form", defaultValue: values, lastResult });
  const shown = shownValues(form.initialValue);
  const errors = firstErrors(form.allErrors);
  const error = form.errors?.[0];
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [preview, setPreview] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const chosen = useRef<File | null>(null);
  // A convenience only: the server refuses an oversized photo too, and keeps the form.
  const choosePhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0] ?? null;
    chosen.current = file;
    setPreview(null);
    setImageError(null);
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      event.currentTarget.value = "";
      setImageError(t("ui_catalog_form_image_too_large", { size: MAX_IMAGE_LABEL }));
      return;
    }
    // A small decoded copy, as a data: URL: no blob URL to fetch, and a file the browser cannot
    // decode simply gets no preview (the server says what is wrong with it).
    previewOf(file).then(
      (url) => chosen.current === file && setPreview(url),
      () => undefined,
    );
  };
  const photoError = imageError ?? errors.image;
  // What the law regulates it as follows the category; only fertilizers offer a choice.
  const [category, setCategory] = useState<CategoryKey | "">(shown.category ?? "");
  const [regulatedAs, setRegulatedAs] = useState(shown.regulatedAs ?? "");
  // A category picked before hydration: the GST rate's suggestion and "regulated as" follow it.
  const categorySelect = useRef<HTMLSelectElement>(null);
  const takeCategory = useCallback((value: string) => setCategory(isCategoryKey(value) ? value : ""), []);
  useEarlyChoice(categorySelect, takeCategory);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form, { ariaAttributes: false })}
      className="mt-4 max-w-2xl rounded-xl bg-white p-5 ring-1 ring-stone-200"
    >
      {error ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {values?.version !== undefined ? <input type="hidden" name="version" value={values.version} /> : null}
      <fieldset disabled={busy} className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          className="sm:col-span-2"
          label={t("ui_catalog_form_name")}
          name="name"
          required
          maxLength={200}
          defaultValue={shown.name}
          error={errors.name}
        />
        <TextField
          className="sm:col-span-2"
          label={t("ui_catalog_form_description")}
          name="description"
          multiline
          maxLength={2000}
          defaultValue={shown.description}
          error={errors.description}
        />
        {/* Labelled in Hindi, the language typed in them (and so that "Name" names one field only). */}
        <fieldset className="grid min-w-0 grid-cols-1 gap-4 rounded-lg border border-stone-200 p-4 sm:col-span-2">
          <legend className="px-1 text-sm font-semibold text-stone-800">{t("ui_catalog_form_hindi_legend")}</legend>
          <p className="-mt-2 text-xs text-stone-600">{t("ui_catalog_form_hindi_hint")}</p>
          <TextField
            label={t("ui_catalog_form_name_hi")}
            name="nameHi"
            lang="hi"
            maxLength={200}
            defaultValue={shown.nameHi}
            error={errors.nameHi}
          />
          <TextField
            label={t("ui_catalog_form_description_hi")}
            name="descriptionHi"
            lang="hi"
            multiline
            maxLength={2000}
            defaultValue={shown.descriptionHi}
            error={errors.descriptionHi}
          />
          <TextField
            label={t("ui_catalog_form_how_to_use_hi")}
            name="howToUseHi"
            lang="hi"
            multiline
            maxLength={2000}
            defaultValue={shown.howToUseHi}
            error={errors.howToUseHi}
          />
        </fieldset>
        <div>
          <label htmlFor="product-category" className="mb-1 block text-sm font-medium text-stone-800">
            {t("ui_catalog_form_category")}{" "}
            <span className="text-red-700" aria-hidden="true">
              *
            </span>
          </label>
          <select
            ref={categorySelect}
            id="product-category"
            name="category"
            defaultValue={shown.category ?? ""}
            onChange={(event) => setCategory(event.currentTarget.value as CategoryKey)}
            aria-invalid={errors.category ? true : undefined}
            className="h-11 w-full rounded-lg border border-stone-300 bg-white px-3"
          >
            <option value="" disabled>
              {t("ui_catalog_form_choose_category")}
            </option>
            {CATEGORY_KEYS.map((k) => (
              <option key={k} value={k}>
                {t(categoryLabelKey(k))}
              </option>
            ))}
          </select>
          {errors.category ? <p className="mt-1 text-sm font-medium text-red-700">{errors.category}</p> : null}
        </div>
        <RegulatedAsField category={category} defaultValue={shown.regulatedAs ?? ""} error={errors.regulatedAs} onChange={setRegulatedAs} />
        {category === "fertilizers" && regulatedAs !== "pesticide" ? (
          <label className="flex items-start gap-3 sm:col-span-2">
            <input
              type="checkbox"
              name="subsidised"
              defaultChecked={shown.subsidised ?? false}
              aria-describedby="product-subsidised-hint"
              className="mt-1 h-4 w-4 accent-green-700"
            />
            <span>
              <span className="font-medium text-stone-900">{t("ui_catalog_form_subsidised")}</span>
              <br />
              <span id="product-subsidised-hint" className="text-sm text-stone-600">
                {t("ui_catalog_form_subsidised_hint")}
              </span>
            </span>
          </label>
        ) : null}
        <GstFields
          category={category}
          regulatedAs={regulatedAs}
          hsnCode={shown.hsnCode ?? ""}
          gstRate={shown.gstRate ?? ""}
          errors={errors}
        />
        <PackSizesFieldset rows={shown.variants ?? []} isNew={!values} errors={errors} stockInLots={stockInLots} />
        <div className="sm:col-span-2">
          <label htmlFor="product-image" className="mb-1 block text-sm font-medium text-stone-800">
            {t("ui_catalog_form_image", { size: MAX_IMAGE_LABEL })}
          </label>
          <div className="flex items-center gap-3">
            {preview ? (
              <img
                src={preview}
                alt={t("ui_catalog_form_preview_alt")}
                data-testid="image-preview"
                width={96}
                height={96}
                className="h-24 w-24 shrink-0 rounded-lg bg-white object-contain ring-1 ring-stone-200"
              />
            ) : values?.image ? (
              <img
                src={imageSrc(values.image)}
                alt={t("ui_catalog_form_current_image_alt")}
                width={96}
                height={96}
                className="h-24 w-24 shrink-0 rounded-lg bg-white object-contain ring-1 ring-stone-200"
              />
            ) : null}
            <input
              id="product-image"
              name="image"
              type="file"
              accept={IMAGE_TYPES}
              onChange={choosePhoto}
              aria-invalid={photoError ? true : undefined}
              aria-describedby={photoError ? "product-image-error" : "product-image-hint"}
              className="min-w-0 max-w-full flex-1 text-sm"
            />
          </div>
          {/* Always present, so a screen reader announces the error the moment a file is refused. */}
          <div aria-live="polite">
            {photoError ? (
              <p id="product-image-error" className="mt-1 text-sm font-medium text-red-700">
                {photoError}
              </p>
            ) : null}
          </div>
          {photoError ? null : (
            <p id="product-image-hint" className="mt-1 text-xs text-stone-600">
              {t("ui_catalog_form_image_hint")}
            </p>
          )}
        </div>
        <GalleryField current={values?.gallery ?? []} error={errors.gallery} />
        <ProductDetailsFields values={shown} errors={errors} />
        {values?.rating !== undefined ? (
          <p className="text-sm text-stone-600 sm:col-span-2">
            {t("ui_catalog_form_rating", {
              rating: values.rating.toFixed(1),
              reviews: values.reviews ?? 0,
            })}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <button
            type="submit"
            className="h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {busy ? t("ui_catalog_form_saving") : submitLabel}
          </button>
        </div>
      </fieldset>
    </Form>
  );
}

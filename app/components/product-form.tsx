import { Form, useNavigation } from "react-router";
import { CATEGORY_KEYS, CATEGORY_LABELS, type CategoryKey } from "~/domain/categories";
import { TextField } from "./ui/text-field";

export type ProductFormValues = {
  name: string;
  description: string;
  category: CategoryKey;
  price: string;
  stock: number;
  image: string;
  /** the product's version the form was filled from: a save refuses if the product changed since */
  version?: number;
  rating?: number;
  reviews?: number;
};

type Props = {
  values?: ProductFormValues;
  errors?: Record<string, string>;
  error?: string;
  submitLabel: string;
};

/** The product fields shared by the admin's and a vendor's forms (image upload included). */
export function ProductForm({ values, errors = {}, error, submitLabel }: Props) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="mt-4 max-w-2xl rounded-xl bg-white p-5 ring-1 ring-stone-200">
      {error ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {values?.version !== undefined ? <input type="hidden" name="version" value={values.version} /> : null}
      <fieldset disabled={busy} className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          className="sm:col-span-2"
          label="Name"
          name="name"
          required
          maxLength={200}
          defaultValue={values?.name}
          error={errors.name}
        />
        <TextField
          className="sm:col-span-2"
          label="Description"
          name="description"
          multiline
          maxLength={2000}
          defaultValue={values?.description}
          error={errors.description}
        />
        <div>
          <label htmlFor="product-category" className="mb-1 block text-sm font-medium text-stone-800">
            Category{" "}
            <span className="text-red-700" aria-hidden="true">
              *
            </span>
          </label>
          <select
            id="product-category"
            name="category"
            defaultValue={values?.category ?? ""}
            aria-invalid={errors.category ? true : undefined}
            className="h-11 w-full rounded-lg border border-stone-300 bg-white px-3"
          >
            <option value="" disabled>
              Choose a category
            </option>
            {CATEGORY_KEYS.map((k) => (
              <option key={k} value={k}>
                {CATEGORY_LABELS[k]}
              </option>
            ))}
          </select>
          {errors.category ? <p className="mt-1 text-sm font-medium text-red-700">{errors.category}</p> : null}
        </div>
        <TextField
          label="Price (₹)"
          name="price"
          type="number"
          step="0.01"
          min="0.01"
          inputMode="decimal"
          required
          defaultValue={values?.price}
          error={errors.price}
        />
        <TextField
          label="Stock"
          name="stock"
          type="number"
          step="1"
          min="0"
          inputMode="numeric"
          required
          defaultValue={values?.stock ?? 0}
          error={errors.stock}
        />
        <div className="sm:col-span-2">
          <label htmlFor="product-image" className="mb-1 block text-sm font-medium text-stone-800">
            Image (JPEG, PNG or WebP, up to 5 MB)
          </label>
          <div className="flex items-center gap-3">
            {values?.image ? (
              <img src={values.image} alt="Current product" width={64} height={64} className="h-16 w-16 shrink-0 rounded-lg bg-stone-100" />
            ) : null}
            <input
              id="product-image"
              name="image"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="min-w-0 max-w-full flex-1 text-sm"
            />
          </div>
          {errors.image ? <p className="mt-1 text-sm font-medium text-red-700">{errors.image}</p> : null}
        </div>
        {values?.rating !== undefined ? (
          <p className="text-sm text-stone-600 sm:col-span-2">
            Rating {values.rating.toFixed(1)} from {values.reviews ?? 0} reviews (read-only)
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <button
            type="submit"
            className="h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {busy ? "Saving..." : submitLabel}
          </button>
        </div>
      </fieldset>
    </Form>
  );
}

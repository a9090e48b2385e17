import { readVersion } from "~/domain/version";
import { fieldErrors } from "~/domain/form-errors";
import { PRODUCT_FORM_INVALID, ProductFormSchema, type ProductFormInput } from "~/domain/product-form";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "~/domain/product-image";
import { ImageRefused, storeProductImage } from "~/services/media/store-product-image.server";
import { PRODUCT_CHANGED } from "./save-product.server";

export type ParsedProductForm =
  | { ok: true; input: ProductFormInput; image?: string; version?: number }
  | { ok: false; error: string; fields: Record<string, string>; stale?: true };

/** Validates the product form and, only when it is valid, stores an uploaded image. */
export async function parseProductForm(form: FormData, options: { editing: boolean }): Promise<ParsedProductForm> {
  const parsed = ProductFormSchema.safeParse({
    name: form.get("name") ?? "",
    description: form.get("description") ?? "",
    category: form.get("category") ?? "",
    price: form.get("price") ?? "",
    stock: form.get("stock") === "" ? undefined : form.get("stock"),
  });
  const file = form.get("image");
  if (!parsed.success) {
    // An oversized photo is said at once too, not only after the other fields are put right.
    const fields: Record<string, string> = { ...fieldErrors(parsed.error) };
    if (file instanceof File && file.size > MAX_IMAGE_BYTES) fields.image = IMAGE_TOO_LARGE;
    return { ok: false, error: PRODUCT_FORM_INVALID, fields };
  }
  // The product's version the form was filled from (a whole number); anything else is a form
  // from before versions (or tampered with), so the product may have changed since.
  // An edit must say which version it was drawn from (checked before any photo is stored).
  const read = readVersion(form.get("version"));
  if (read === "stale" || (read === "missing" && options.editing)) return { ok: false, error: PRODUCT_CHANGED, fields: {}, stale: true };
  const version = read === "missing" ? undefined : read;
  if (file instanceof File && file.size > 0) {
    try {
      return { ok: true, input: parsed.data, image: await storeProductImage(file), version };
    } catch (error) {
      if (error instanceof ImageRefused) return { ok: false, error: error.message, fields: { image: error.message } };
      throw error;
    }
  }
  return { ok: true, input: parsed.data, version };
}

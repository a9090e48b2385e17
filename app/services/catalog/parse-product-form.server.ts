import { fieldErrors } from "~/domain/form-errors";
import { PRODUCT_FORM_INVALID, ProductFormSchema, type ProductFormInput } from "~/domain/product-form";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "~/domain/product-image";
import { ImageRefused, storeProductImage } from "~/services/media/store-product-image.server";
import { PRODUCT_CHANGED } from "./save-product.server";

export type ParsedProductForm =
  | { ok: true; input: ProductFormInput; image?: string; version?: number }
  | { ok: false; error: string; fields: Record<string, string> };

/** Validates the product form and, only when it is valid, stores an uploaded image. */
export async function parseProductForm(form: FormData): Promise<ParsedProductForm> {
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
  const v = form.get("version");
  const version = typeof v === "string" && v ? (/^\d{1,15}$/.test(v) ? Number(v) : null) : undefined;
  if (version === null) return { ok: false, error: PRODUCT_CHANGED, fields: {} };
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

import { readVersion } from "~/platform/core/version";
import {
  GALLERY_FULL,
  MAX_GALLERY,
  PRODUCT_FORM_INVALID,
  ProductFormSchema,
  type ProductFormInput,
  productFormErrors,
  productFormFields,
} from "~/features/catalog/domain/product-form";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "~/features/catalog/domain/product-image";
import { discardProductImage, ImageRefused, storeProductImage } from "~/features/catalog/server/store-product-image.server";
import { PRODUCT_CHANGED } from "./save-product.server";

export type ParsedProductForm =
  | { ok: true; input: ProductFormInput; image?: string; galleryAdd: string[]; galleryRemove: string[]; version?: number }
  | { ok: false; error: string; fields: Record<string, string>; stale?: true };

const chosenFiles = (form: FormData, name: string) => form.getAll(name).filter((f): f is File => f instanceof File && f.size > 0);

/**
 * Validates the product form and, only when all of it is valid, stores the uploaded pictures: the
 * cover (`image`) and extra photos (`gallery`, several). `current` is the product's extra photos
 * now (an edit), for the count and for what `removeGallery` may name.
 */
export async function parseProductForm(
  form: FormData,
  options: { editing: boolean; gallery?: readonly string[] },
): Promise<ParsedProductForm> {
  const parsed = ProductFormSchema.safeParse(productFormFields(form));
  const file = form.get("image");
  const extra = chosenFiles(form, "gallery");
  const current = options.gallery ?? [];
  const galleryRemove = form.getAll("removeGallery").filter((p): p is string => typeof p === "string" && current.includes(p));
  const fields: Record<string, string> = parsed.success ? {} : productFormErrors(parsed.error);
  // An oversized photo is said at once too, not only after the other fields are put right.
  if (file instanceof File && file.size > MAX_IMAGE_BYTES) fields.image = IMAGE_TOO_LARGE;
  if (extra.some((f) => f.size > MAX_IMAGE_BYTES)) fields.gallery = IMAGE_TOO_LARGE;
  else if (current.length - galleryRemove.length + extra.length > MAX_GALLERY) fields.gallery = GALLERY_FULL;
  if (!parsed.success || Object.keys(fields).length) return { ok: false, error: PRODUCT_FORM_INVALID, fields };
  // The product's version the form was filled from (a whole number); anything else is a form
  // from before versions (or tampered with), so the product may have changed since.
  // An edit must say which version it was drawn from (checked before any photo is stored).
  const read = readVersion(form.get("version"));
  if (read === "stale" || (read === "missing" && options.editing)) return { ok: false, error: PRODUCT_CHANGED, fields: {}, stale: true };
  const version = read === "missing" ? undefined : read;
  const stored: string[] = [];
  const store = async (field: string, f: File) => {
    try {
      const path = await storeProductImage(f);
      stored.push(path);
      return path;
    } catch (error) {
      if (error instanceof ImageRefused) throw new FieldRefused(field, error.message);
      throw error;
    }
  };
  try {
    const image = file instanceof File && file.size > 0 ? await store("image", file) : undefined;
    const galleryAdd: string[] = [];
    for (const f of extra) galleryAdd.push(await store("gallery", f));
    return { ok: true, input: parsed.data, ...(image ? { image } : {}), galleryAdd, galleryRemove, version };
  } catch (error) {
    // One refused picture refuses the save: the ones already stored go.
    await Promise.all(stored.map((path) => discardProductImage(path)));
    if (error instanceof FieldRefused) return { ok: false, error: error.message, fields: { [error.field]: error.message } };
    throw error;
  }
}

class FieldRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Removes the pictures a parsed form stored, when the save is then refused. */
export async function discardParsedPictures(parsed: { image?: string; galleryAdd: readonly string[] }) {
  await Promise.all([parsed.image, ...parsed.galleryAdd].map((path) => discardProductImage(path)));
}

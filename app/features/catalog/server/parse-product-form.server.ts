import type { z } from "zod";
import { readVersion } from "~/platform/core/version";
import { type Refusal, refusal } from "~/platform/core/refusal";
import {
  MAX_GALLERY,
  ProductFormSchema,
  type ProductFormInput,
  productFormFields,
  productFormIssues,
  variantErrorKey,
} from "~/features/catalog/domain/product-form";
import { mrpRefusalParams, settleMrp } from "~/features/catalog/domain/mrp";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { MAX_IMAGE_BYTES } from "~/features/catalog/domain/product-image";
import { discardProductImage, ImageRefused, storeProductImage } from "~/features/catalog/server/store-product-image.server";
import { issueRefusal, renderRefusal } from "~/platform/i18n/render-refusal.server";

export type ParsedProductForm =
  | { ok: true; input: ProductFormInput; image?: string; galleryAdd: string[]; galleryRemove: string[]; version?: number }
  | { ok: false; error: string; fields: Record<string, string>; stale?: true };

/** A refused product form's field errors, by key (`name`, `variants.2.sku`), in the request's language (or `locale`). */
export function productFormErrors(error: z.ZodError, locale?: Parameters<typeof renderRefusal>[1]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, issue] of Object.entries(productFormIssues(error))) out[key] = renderRefusal(issueRefusal(issue), locale);
  return out;
}

const chosenFiles = (form: FormData, name: string) => form.getAll(name).filter((f): f is File => f instanceof File && f.size > 0);

/**
 * Validates the product form and, only when all of it is valid, stores the uploaded pictures: the
 * cover (`image`) and extra photos (`gallery`, several). `current` is the product's extra photos
 * now (an edit), for the count and for what `removeGallery` may name. A refusal is in the request's
 * language: this is the product pages' actions' parser.
 */
export async function parseProductForm(
  form: FormData,
  options: { editing: boolean; gallery?: readonly string[] },
): Promise<ParsedProductForm> {
  const parsed = ProductFormSchema.safeParse(productFormFields(form));
  const { taxMode } = await getGeneralSettings();
  const settled = parsed.success ? settleMrp(parsed.data.variants, parsed.data.gstRate, taxMode) : undefined;
  const file = form.get("image");
  const extra = chosenFiles(form, "gallery");
  const current = options.gallery ?? [];
  const galleryRemove = form.getAll("removeGallery").filter((p): p is string => typeof p === "string" && current.includes(p));
  const fields: Record<string, string> = parsed.success ? {} : productFormErrors(parsed.error);
  const say = (refused: Refusal) => renderRefusal(refused);
  for (const problem of settled?.problems ?? []) {
    const row = parsed.success ? parsed.data.variantRows?.[problem.index] : undefined;
    const key = row === undefined ? "price" : variantErrorKey(row, "price");
    fields[key] = say(refusal("product.price_above_mrp", mrpRefusalParams(problem)));
  }
  // An oversized photo is said at once too, not only after the other fields are put right.
  if (file instanceof File && file.size > MAX_IMAGE_BYTES) fields.image = say(refusal("product.image_too_large"));
  if (extra.some((f) => f.size > MAX_IMAGE_BYTES)) fields.gallery = say(refusal("product.image_too_large"));
  else if (current.length - galleryRemove.length + extra.length > MAX_GALLERY)
    fields.gallery = say(refusal("product.gallery_full", { max: MAX_GALLERY }));
  if (!parsed.success || !settled || Object.keys(fields).length) return { ok: false, error: say(refusal("product.invalid")), fields };
  // The product's version the form was filled from (a whole number); anything else is a form
  // from before versions (or tampered with), so the product may have changed since.
  // An edit must say which version it was drawn from (checked before any photo is stored).
  const read = readVersion(form.get("version"));
  if (read === "stale" || (read === "missing" && options.editing))
    return { ok: false, error: say(refusal("product.changed")), fields: {}, stale: true };
  const version = read === "missing" ? undefined : read;
  const stored: string[] = [];
  const store = async (field: string, f: File) => {
    try {
      const path = await storeProductImage(f);
      stored.push(path);
      return path;
    } catch (error) {
      if (error instanceof ImageRefused) throw new FieldRefused(field, say(error.refusal));
      throw error;
    }
  };
  try {
    const image = file instanceof File && file.size > 0 ? await store("image", file) : undefined;
    const galleryAdd: string[] = [];
    for (const f of extra) galleryAdd.push(await store("gallery", f));
    return {
      ok: true,
      input: { ...parsed.data, variants: settled.variants },
      ...(image ? { image } : {}),
      galleryAdd,
      galleryRemove,
      version,
    };
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

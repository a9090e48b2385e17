import { MAX_IMAGE_BYTES } from "~/features/catalog/domain/product-image";
import { discardProductImage, ImageRefused, storeProductImage } from "~/features/catalog/server/store-product-image.server";
import { type Refusal, refusal } from "~/platform/core/refusal";

/** At most this many photos with one return. */
const MAX_RETURN_PHOTOS = 3;

type Stored = { ok: true; photos: string[] } | { ok: false; refusal: Refusal; status: 400 | 413 | 422 };

/**
 * The photos a return form sent (its `photos` file fields; an empty picker sends one empty file),
 * stored as product photos are: checked by content to be JPEG, PNG or WebP, stripped of their
 * metadata (a phone's GPS position included), re-encoded as WebP under a random name. All or none:
 * one refused photo discards those already stored.
 */
export async function storeReturnPhotos(entries: readonly FormDataEntryValue[]): Promise<Stored> {
  const files = entries.filter((e): e is File => typeof e !== "string" && e.size > 0);
  if (files.length > MAX_RETURN_PHOTOS) return { ok: false, refusal: refusal("orders.photo_count"), status: 400 };
  if (files.some((f) => f.size > MAX_IMAGE_BYTES)) return { ok: false, refusal: refusal("orders.photo_invalid"), status: 413 };
  const photos: string[] = [];
  try {
    for (const file of files) photos.push(await storeProductImage(file));
  } catch (error) {
    await discardReturnPhotos(photos);
    if (error instanceof ImageRefused) return { ok: false, refusal: refusal("orders.photo_invalid"), status: 422 };
    throw error;
  }
  return { ok: true, photos };
}

/** Removes photos stored for a return that was then refused. */
export async function discardReturnPhotos(photos: readonly string[]) {
  await Promise.all(photos.map((p) => discardProductImage(p)));
}

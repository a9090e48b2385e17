import sharp from "sharp";
import { MAX_IMAGE_BYTES } from "~/features/catalog/domain/product-image";
import { RefusalError, type Refusal, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import { newId } from "~/platform/ids";
import { IMMUTABLE, type FileStorage } from "~/platform/storage/file-storage.server";
import { fileStorage } from "~/platform/storage/storage.server";
import { SMALL_IMAGE_WIDTH } from "~/ui/image-srcset";

/** A 48/50-megapixel phone photo decodes; anything bigger is refused before it eats memory. */
const MAX_INPUT_PIXELS = 52_000_000;
/** Letterbox colour: the white of the product cards. */
const BACKGROUND = { r: 255, g: 255, b: 255, alpha: 1 };
const ACCEPTED = new Set(["jpeg", "png", "webp"]);

/** A picture that is not stored: what is wrong with it. */
export class ImageRefused extends RefusalError {
  constructor(refused: Refusal) {
    super(refused, { status: 422, english: english(refused) });
  }
}

/**
 * Checks an uploaded file really is a JPEG, PNG or WebP (by its content, not its name), strips its
 * metadata, fits it into an 800 px square (a non-square photo is letterboxed on white, never cropped:
 * the seller sees exactly what they chose) and stores it as WebP, with a 400 px copy beside it.
 * Returns the public URL of the 800 px one.
 */
export async function storeProductImage(file: File, storage?: Pick<FileStorage, "put">): Promise<string> {
  if (file.size === 0) throw new ImageRefused(refusal("product.image_empty"));
  if (file.size > MAX_IMAGE_BYTES) throw new ImageRefused(refusal("product.image_too_large"));
  const input = Buffer.from(await file.arrayBuffer());
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    throw new ImageRefused(refusal("product.image_unreadable"));
  }
  if (!format || !ACCEPTED.has(format)) throw new ImageRefused(refusal("product.image_type"));
  let output: Buffer;
  let small: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(800, 800, { fit: "contain", background: BACKGROUND })
      .flatten({ background: BACKGROUND })
      .webp({ quality: 80 })
      .toBuffer();
    small = await sharp(output).resize(SMALL_IMAGE_WIDTH, SMALL_IMAGE_WIDTH).webp({ quality: 78 }).toBuffer();
  } catch {
    // A damaged file or one too large to decode: the header looked fine, the pixels did not.
    throw new ImageRefused(refusal("product.image_unprocessable"));
  }
  // The small copy (for cards and phones, see imageSrcSet) first: the main one's URL is what is saved.
  const id = newId();
  const store = storage ?? (await fileStorage());
  const webp = { contentType: "image/webp", cacheControl: IMMUTABLE };
  await store.put(`${id}-${SMALL_IMAGE_WIDTH}.webp`, small, webp);
  await store.put(`${id}.webp`, output, webp);
  return `/uploads/${id}.webp`;
}

/**
 * Removes a photo stored for a save that was then refused (a stale form, a vendor over a limit), so
 * refused requests leave nothing in the file store. Only our own `/uploads/<id>.webp` names are touched.
 */
export async function discardProductImage(url: string | undefined) {
  const id = url ? /^\/uploads\/([a-z0-9]{8,40})\.webp$/.exec(url)?.[1] : undefined;
  if (!id) return;
  const storage = await fileStorage();
  await Promise.all([`${id}.webp`, `${id}-${SMALL_IMAGE_WIDTH}.webp`].map((name) => storage.delete(name)));
}

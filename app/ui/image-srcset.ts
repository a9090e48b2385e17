const UPLOADED = /^\/uploads\/([a-z0-9]{8,40})\.webp$/;
const SAMPLE = /^\/images\/products\/([a-z0-9-]+)\.webp$/;

/** Width of the smaller copy kept of every uploaded photo (the full one is 800 px). */
export const SMALL_IMAGE_WIDTH = 400;

/**
 * Uploaded photos are stored at 800 px and at 400 px, and so are the sample catalogue's pictures
 * (scripts/make-product-images.mjs): with this srcset the browser downloads the one the screen needs
 * (a product card on a phone needs the small one). Any other picture (an older store's sample SVGs) needs none.
 */
export function imageSrcSet(src: string): string | undefined {
  const m = UPLOADED.exec(src);
  if (m) return `/uploads/${m[1]}-${SMALL_IMAGE_WIDTH}.webp ${SMALL_IMAGE_WIDTH}w, ${src} 800w`;
  const sample = SAMPLE.exec(src);
  return sample ? `/images/products/${sample[1]}-${SMALL_IMAGE_WIDTH}.webp ${SMALL_IMAGE_WIDTH}w, ${src} 800w` : undefined;
}

const UPLOADED = /^\/uploads\/([a-z0-9]{8,40})\.webp$/;
const SAMPLE = /^\/images\/products\/([a-z0-9-]+)\.webp$/;

/** Width of the smaller copy kept of every uploaded photo (the full one is 800 px). */
export const SMALL_IMAGE_WIDTH = 400;

/**
 * What stands for `/uploads/` in a picture's address: the store's own route, or the bucket's public
 * address (PUBLIC_ASSET_BASE, decision 067). The same in every request of a process, so it is set once
 * per request on the server (the root's middleware) and from the root's data in the browser, before
 * anything draws.
 */
let uploadBase = "/uploads/";
export function setUploadBase(base: string) {
  uploadBase = base;
}

/** The address to load a picture from: the database's `/uploads/<name>` mapped to where uploads are served. */
export function imageSrc(src: string): string {
  return src.startsWith("/uploads/") ? `${uploadBase}${src.slice("/uploads/".length)}` : src;
}

/**
 * Uploaded photos are stored at 800 px and at 400 px, and so are the sample catalogue's pictures
 * (scripts/make-product-images.mjs): with this srcset the browser downloads the one the screen needs
 * (a product card on a phone needs the small one). Any other picture (an older store's sample SVGs) needs none.
 */
export function imageSrcSet(src: string): string | undefined {
  const m = UPLOADED.exec(src);
  if (m) return `${uploadBase}${m[1]}-${SMALL_IMAGE_WIDTH}.webp ${SMALL_IMAGE_WIDTH}w, ${imageSrc(src)} 800w`;
  const sample = SAMPLE.exec(src);
  return sample ? `/images/products/${sample[1]}-${SMALL_IMAGE_WIDTH}.webp ${SMALL_IMAGE_WIDTH}w, ${src} 800w` : undefined;
}

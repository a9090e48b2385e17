const UPLOADED = /^\/uploads\/([a-z0-9]{8,40})\.webp$/;

/** Width of the smaller copy kept of every uploaded photo (the full one is 800 px). */
export const SMALL_IMAGE_WIDTH = 400;

/**
 * Uploaded photos are stored at 800 px and at 400 px: with this srcset the browser downloads the
 * one the screen needs (a product card on a phone needs the small one). Catalogue SVGs need none.
 */
export function imageSrcSet(src: string): string | undefined {
  const m = UPLOADED.exec(src);
  return m ? `/uploads/${m[1]}-${SMALL_IMAGE_WIDTH}.webp ${SMALL_IMAGE_WIDTH}w, ${src} 800w` : undefined;
}

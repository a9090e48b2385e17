/**
 * Product photos: a phone camera's JPEG (often 6–12 MB) is accepted up to this size and downscaled
 * on the server. The form checks it too, as a convenience; the server's check is the one that counts.
 */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
export const MAX_IMAGE_LABEL = "15 MB";
export const IMAGE_TYPES = "image/jpeg,image/png,image/webp";

/** Set by the server (never by a visitor) on a product form post too large to read: see server/app.ts. */
export const BODY_TOO_LARGE_HEADER = "x-angle-body-too-large";

import { BODY_TOO_LARGE_HEADER, IMAGE_TOO_LARGE } from "~/features/catalog/domain/product-image";

/**
 * True when the server dropped a product form's body for being far over the photo limit (see
 * server/app.ts): the action answers with the photo's field error instead of reading the form.
 */
export function isOversizedUpload(request: Request) {
  return request.headers.get(BODY_TOO_LARGE_HEADER) === "1";
}

export const OVERSIZED_UPLOAD = { ok: false as const, error: IMAGE_TOO_LARGE, fields: { image: IMAGE_TOO_LARGE } };

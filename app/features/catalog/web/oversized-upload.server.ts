import { BODY_TOO_LARGE_HEADER } from "~/features/catalog/domain/product-image";
import { refusal } from "~/platform/core/refusal";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";

/**
 * True when the server dropped a product form's body for being far over the photo limit (see
 * server/app.ts): the action answers with the photo's field error instead of reading the form.
 */
export function isOversizedUpload(request: Request) {
  return request.headers.get(BODY_TOO_LARGE_HEADER) === "1";
}

/** That answer, in the request's language. */
export function oversizedUpload() {
  const tooLarge = renderRefusal(refusal("product.image_too_large"));
  return { ok: false as const, error: tooLarge, fields: { image: tooLarge } };
}

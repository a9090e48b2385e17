import { type Refusal, refusal } from "../../../platform/core/refusal";
import { GST_RATES } from "./gst";

// What the product forms and the catalogue CSV need of GST, apart from ./gst: that module is in every
// storefront page's first script (decision 007), these are not.

/** An HSN code: 4 to 8 digits (CBIC's harmonised codes; 4 digits is the chapter heading). */
export const HSN_PATTERN = /^\d{4,8}$/;
export const HSN_ERROR = refusal("product.hsn");
export const GST_RATE_ERROR = refusal("product.gst_rate", { rates: GST_RATES.join(", ") });
export function validateHsn(input: string): { ok: true; hsn: string } | { ok: false; error: Refusal } {
  const hsn = input.replace(/\s+/g, "");
  return HSN_PATTERN.test(hsn) ? { ok: true, hsn } : { ok: false, error: HSN_ERROR };
}

import { PRODUCT_FORM_INVALID, type VariantRow, variantErrorKey } from "~/features/catalog/domain/product-form";
import type { SkuTaken } from "./save-product.server";

/** A form's answer when a size's SKU is another product's: the error sits on that SKU's field. */
export function skuTakenReply<V>(error: SkuTaken, rows: VariantRow[] | undefined, values: V) {
  const index = rows?.findIndex((r) => r.sku.trim().toUpperCase() === error.sku) ?? -1;
  const field = index >= 0 ? variantErrorKey(index, "sku") : "variants";
  return { ok: false as const, error: PRODUCT_FORM_INVALID, fields: { [field]: error.message } as Record<string, string>, values };
}

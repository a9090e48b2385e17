import { type VariantRow, variantErrorKey } from "~/features/catalog/domain/product-form";
import { refusal } from "~/platform/core/refusal";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import type { SkuTaken } from "./save-product.server";

/** A form's answer when a size's SKU is another product's: the error sits on that SKU's field (in the request's language). */
export function skuTakenReply<V>(error: SkuTaken, rows: VariantRow[] | undefined, values: V) {
  const index = rows?.findIndex((r) => r.sku.trim().toUpperCase() === error.sku) ?? -1;
  const field = index >= 0 ? variantErrorKey(index, "sku") : "variants";
  const fields = { [field]: renderRefusal(error.refusal) } as Record<string, string>;
  return { ok: false as const, error: renderRefusal(refusal("product.invalid")), fields, values };
}

import type { PackUnit } from "./pack-units";
import type { PriceBreak } from "./price-breaks";

/** A pack size as the forms and services pass it: money in paise, weight in grams. */
export type VariantInput = {
  /** Present when the form edits a size that exists. */
  id?: string;
  label: string;
  packQuantity: number;
  packUnit: PackUnit;
  sku: string;
  mrpPaise: number;
  /**
   * False when the seller left the MRP blank (a form or CSV row): settleMrp (mrp.ts) then makes the
   * MRP what a unit is charged with GST. Absent: the MRP is as given.
   */
  mrpTyped?: boolean;
  pricePaise: number;
  stock: number;
  weightGrams: number;
  /** Quantity prices (issue 31), quantities rising and prices falling; absent or empty: none. */
  priceBreaks?: PriceBreak[];
  /**
   * At or below this many on hand the size is in the low-stock alerts (docs/decisions/058-warehouse-work.md);
   * null: never. Absent (a CSV import, a script): left as it is.
   */
  reorderLevel?: number | null;
};

/** What the storefront shows of a pack size: client-safe. */
export type VariantView = Omit<VariantInput, "id" | "weightGrams" | "reorderLevel"> & { id: string };

export const MAX_VARIANTS = 8;

/** The SKU a product made before pack sizes (or with one size and no SKU typed) gets. */
export function defaultSku(productId: string) {
  return `AG-${productId.toUpperCase()}`;
}

/** One size from a price and stock: a product sold as it always was. */
export function singleVariant(input: { price: number; stock: number; sku: string }): VariantInput {
  return {
    label: "Standard",
    packQuantity: 1,
    packUnit: "piece",
    sku: input.sku,
    mrpPaise: input.price,
    pricePaise: input.price,
    stock: input.stock,
    weightGrams: 1000,
  };
}

/** "Save ₹40 (20%)": the saving of a price against its MRP, or null when there is none. */
export function saving(mrpPaise: number, pricePaise: number): { paise: number; percent: number } | null {
  if (!(mrpPaise > pricePaise) || pricePaise <= 0) return null;
  const paise = mrpPaise - pricePaise;
  return { paise, percent: Math.floor((paise * 100) / mrpPaise) };
}

/** An order line's or cart line's name with its size: "Hybrid Tomato Seeds (50 g)"; the name alone for a product with one size. */
export function sizeName(name: string, label: string | null | undefined) {
  return label ? `${name} (${label})` : name;
}

import { refusal } from "../../../platform/core/refusal";

/** How much one cart may hold: lines, and units of one product (the cart page and checkout both enforce it). */
export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 999;

export const TOO_MANY_OF_ONE = refusal("checkout.too_many_of_one", { max: MAX_LINE_QUANTITY });

/**
 * The lines of a cart with each pack size once: lines for one size add up (three lines of 999
 * are one order of 2,997, not three of 999), in the order each size first appears. A line from
 * before pack sizes names only its product; it means the product's first size, whose id is the
 * product's (0013-pack-sizes). The per-size cap applies to these sums.
 */
export function mergeCartLines<T extends { productId: string; variantId?: string | undefined; quantity: number }>(items: readonly T[]) {
  const merged = new Map<string, { productId: string; variantId: string; quantity: number }>();
  for (const item of items) {
    const variantId = item.variantId ?? item.productId;
    const seen = merged.get(variantId);
    merged.set(variantId, { productId: item.productId, variantId, quantity: (seen?.quantity ?? 0) + item.quantity });
  }
  return [...merged.values()];
}

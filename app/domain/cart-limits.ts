/** How much one cart may hold: lines, and units of one product (the cart page and checkout both enforce it). */
export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 999;

export const TOO_MANY_OF_ONE = `At most ${MAX_LINE_QUANTITY} of one product per order.`;

/**
 * The lines of a cart with each product once: lines for one product add up (three lines of 999
 * are one order of 2,997, not three of 999), in the order each product first appears. The
 * per-product cap applies to these sums.
 */
export function mergeCartLines<T extends { productId: string; quantity: number }>(items: readonly T[]) {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.productId, (merged.get(item.productId) ?? 0) + item.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

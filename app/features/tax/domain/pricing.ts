export const FREE_SHIPPING_THRESHOLD_PAISE = 50_000_00;
export const SHIPPING_FEE_PAISE = 500_00;
export const GST_PERCENT = 18;

export type Totals = { subtotal: number; shipping: number; tax: number; total: number };

/** Shipping is free only *over* ₹50,000: exactly ₹50,000 still pays ₹500 (spec §9). */
export function shippingFor(subtotalPaise: number): number {
  if (subtotalPaise <= 0) return 0;
  return subtotalPaise > FREE_SHIPPING_THRESHOLD_PAISE ? 0 : SHIPPING_FEE_PAISE;
}

/** GST 18% of the subtotal, rounded to the whole rupee (half up), in paise. */
export function gstFor(subtotalPaise: number): number {
  return Math.round((subtotalPaise * GST_PERCENT) / 100 / 100) * 100;
}

export function computeTotals(subtotalPaise: number): Totals {
  const shipping = shippingFor(subtotalPaise);
  const tax = gstFor(subtotalPaise);
  return { subtotal: subtotalPaise, shipping, tax, total: subtotalPaise + shipping + tax };
}

/**
 * How much more to add for free shipping. The threshold is strictly greater-than, so the amount
 * that really earns it is one rupee past the gap (₹49,000 in the cart → add ₹1,001).
 */
export function amountToFreeShipping(subtotalPaise: number): number {
  if (subtotalPaise > FREE_SHIPPING_THRESHOLD_PAISE) return 0;
  return FREE_SHIPPING_THRESHOLD_PAISE - subtotalPaise + 100;
}

/** The confirmation page derives shipping as total − subtotal − tax, floored at 0 (spec §9). */
export function derivedShipping(totals: { total: number; subtotal: number; tax: number }): number {
  return Math.max(0, totals.total - totals.subtotal - totals.tax);
}

/**
 * Shipping: a flat fee, free over a threshold (spec §9: ₹500, free only *over* ₹50,000). Both are
 * General Settings (issue 29); the specification's figures are the defaults.
 */
export type ShippingRule = { feePaise: number; freeOverPaise: number };
export const DEFAULT_SHIPPING: ShippingRule = { feePaise: 500_00, freeOverPaise: 50_000_00 };
export const GST_PERCENT = 18;

export type Totals = { subtotal: number; shipping: number; tax: number; total: number };

/**
 * The delivery charge on goods worth `goodsPaise` (what the store shows as the goods' value: before
 * GST when it shows prices before GST, with it when it shows them with GST). Free only *over* the
 * threshold: exactly ₹50,000 still pays ₹500.
 */
export function shippingFor(goodsPaise: number, rule: ShippingRule = DEFAULT_SHIPPING): number {
  if (goodsPaise <= 0) return 0;
  return goodsPaise > rule.freeOverPaise ? 0 : rule.feePaise;
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
 * How much more to add for free shipping (0 when it is free, or when there is no fee). The
 * threshold is strictly greater-than, so the amount that really earns it is one rupee past the gap
 * (₹49,000 in the cart → add ₹1,001).
 */
export function amountToFreeShipping(goodsPaise: number, rule: ShippingRule = DEFAULT_SHIPPING): number {
  if (rule.feePaise === 0 || goodsPaise > rule.freeOverPaise) return 0;
  return rule.freeOverPaise - goodsPaise + 100;
}

/** The confirmation page derives shipping as total − subtotal − tax, floored at 0 (spec §9). */
export function derivedShipping(totals: { total: number; subtotal: number; tax: number }): number {
  return Math.max(0, totals.total - totals.subtotal - totals.tax);
}

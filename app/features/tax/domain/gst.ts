/**
 * GST: rates, HSN codes and the tax on an order (issue 14, docs/decisions/022-gst.md).
 * Client-safe and small. The tax on a whole order is in gst-order.ts: the cart and checkout run the
 * same engine as placeOrder, and the catalogue pages, which need only this, do not download it.
 *
 * Every amount is in integer paise. The tax on a taxable value at a rate is computed as two halves,
 * each rounded half-up to the paisa: within one State they are CGST and SGST; across States IGST
 * is their sum. So a line's tax never depends on the place of supply, and CGST always equals SGST.
 */

import type { ShippingRule } from "./pricing";

/** The GST rates a product may carry, in percent (GST 2.0 slabs from 22 Sep 2025, and nil). */
export const GST_RATES = [0, 5, 18, 40] as const;
export type GstRate = (typeof GST_RATES)[number];
export function isGstRate(value: unknown): value is GstRate {
  return typeof value === "number" && (GST_RATES as readonly number[]).includes(value);
}

/** The service code (SAC) invoiced for the delivery charge: goods transport services. */
export const SHIPPING_SAC = "9965";

/** The specification's flat rate: 18% of the subtotal, rounded to the rupee (spec §9). */
export const FLAT_GST_PERCENT = 18;

export const TAX_MODES = ["flat", "by_rate"] as const;
export type TaxMode = (typeof TAX_MODES)[number];
export const PRICE_DISPLAYS = ["exclusive", "inclusive"] as const;
export type PriceDisplay = (typeof PRICE_DISPLAYS)[number];

/**
 * What the storefront needs to price an order and split its tax: the mode, the display, the store's
 * State code, and the shipping rule (pricing.ts).
 */
export type TaxConfig = { mode: TaxMode; display: PriceDisplay; storeStateCode: string; shipping: ShippingRule };

export type TaxSplit = { cgst: number; sgst: number; igst: number };
export type TaxInputLine = {
  /** The line's value before tax (unit price × quantity), in paise. */
  amount: number;
  /** The product's GST rate; flat mode ignores it. */
  rate: number;
  /** The GST State code of the seller that invoices this line (the store's or the vendor's). */
  sellerStateCode: string;
  /**
   * Units of one price (amount ÷ quantity each). By rate, a line's GST is its unit's GST times the
   * units, so n packs cost n times one pack's price with GST, never a paisa above n MRPs (issue 29).
   */
  quantity?: number;
};
export type TaxedLine = TaxSplit & { taxable: number; rate: number; tax: number; intraState: boolean };
export type OrderTax = {
  lines: TaxedLine[];
  shipping: TaxedLine;
  /** All tax on the order: lines and shipping. */
  tax: number;
  cgst: number;
  sgst: number;
  igst: number;
};

/** Half-up rounding of a non-negative ratio to an integer, exact in integers (no float drift). */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The tax at `rate`% on `taxable` paise: two halves rounded to the paisa. */
export function halfTax(taxable: number, rate: number): number {
  return roundHalfUp(taxable * rate, 200);
}

/**
 * A unit price as the storefront shows it: as stored (before GST), or with its GST added when the
 * store shows prices including GST. The total of an order never depends on this (decision 022).
 */
export function displayPrice(pricePaise: number, rate: number, config: Pick<TaxConfig, "mode" | "display">): number {
  if (config.display === "exclusive") return pricePaise;
  const effective = config.mode === "flat" ? FLAT_GST_PERCENT : rate;
  return pricePaise + 2 * halfTax(pricePaise, effective);
}

/**
 * In flat mode an order's GST is rounded to the whole rupee (spec §9), which can add up to 50 paise
 * to what its lines carry: the MRP check leaves room for it (issue 29).
 */
export const FLAT_ROUNDING_ALLOWANCE_PAISE = 50;

/**
 * The most one unit at `pricePaise` (before GST) is charged, GST included, under a tax mode: what
 * the Legal Metrology rules compare with the MRP (the MRP includes all taxes; selling above it is an
 * offence). By rate: the price plus its GST. Flat: plus 18%, and the rupee rounding's allowance.
 */
export function chargedUnitPrice(pricePaise: number, rate: number, mode: TaxMode): number {
  if (mode === "flat") return pricePaise + 2 * halfTax(pricePaise, FLAT_GST_PERCENT) + FLAT_ROUNDING_ALLOWANCE_PAISE;
  return pricePaise + 2 * halfTax(pricePaise, rate);
}

/** The highest price before GST whose charged price stays within `mrpPaise` (0 when none does). */
export function highestPriceWithinMrp(mrpPaise: number, rate: number, mode: TaxMode): number {
  const effective = mode === "flat" ? FLAT_GST_PERCENT : rate;
  let price = Math.floor((mrpPaise * 100) / (100 + effective));
  while (price > 0 && chargedUnitPrice(price, rate, mode) > mrpPaise) price--;
  while (chargedUnitPrice(price + 1, rate, mode) <= mrpPaise) price++;
  return price;
}

/** The GST State code a GSTIN registers (its first two digits); "" when there is none. */
export function gstinStateCode(gstin: string | null | undefined): string {
  const code = (gstin ?? "").trim().slice(0, 2);
  return /^\d\d$/.test(code) ? code : "";
}

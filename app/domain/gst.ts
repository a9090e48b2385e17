import { shippingFor } from "./pricing";

/**
 * GST: rates, HSN codes and the tax on an order (issue 14, docs/decisions/022-gst.md).
 * Client-safe and small: the cart and checkout run the same engine as placeOrder.
 *
 * Every amount is in integer paise. The tax on a taxable value at a rate is computed as two halves,
 * each rounded half-up to the paisa: within one State they are CGST and SGST; across States IGST
 * is their sum. So a line's tax never depends on the place of supply, and CGST always equals SGST.
 */

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

/** What the storefront needs to price and split tax: the mode, the display, and the store's State code. */
export type TaxConfig = { mode: TaxMode; display: PriceDisplay; storeStateCode: string };

export type TaxSplit = { cgst: number; sgst: number; igst: number };
export type TaxInputLine = {
  /** The line's value before tax (unit price × quantity), in paise. */
  amount: number;
  /** The product's GST rate; flat mode ignores it. */
  rate: number;
  /** The GST State code of the seller that invoices this line (the store's or the vendor's). */
  sellerStateCode: string;
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

function split(half: number, intraState: boolean): TaxSplit {
  return intraState ? { cgst: half, sgst: half, igst: 0 } : { cgst: 0, sgst: 0, igst: 2 * half };
}

function taxed(taxable: number, rate: number, half: number, intraState: boolean): TaxedLine {
  return { taxable, rate, tax: 2 * half, intraState, ...split(half, intraState) };
}

/**
 * The spec's flat GST (18% of the subtotal, rounded to the rupee) shared out over the lines in
 * proportion to their value, by largest remainder, in halves of whole paise, so the lines add up
 * to it exactly.
 */
function flatHalves(amounts: number[], subtotal: number): number[] {
  const totalHalves = Math.round((subtotal * FLAT_GST_PERCENT) / 100 / 100) * 50; // rupees × 100 paise ÷ 2
  if (subtotal <= 0) return amounts.map(() => 0);
  const exact = amounts.map((a) => (a * totalHalves) / subtotal);
  const halves = exact.map(Math.floor);
  let left = totalHalves - halves.reduce((s, h) => s + h, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    halves[i] = (halves[i] ?? 0) + 1;
    left--;
  }
  return halves;
}

/**
 * The tax on an order. `buyerStateCode` is the place of supply (the delivery address's State);
 * while it is unknown ("") every line is shown as IGST — the amounts are the same either way.
 *
 * - Flat mode (the specification): 18% of the subtotal rounded to the rupee; shipping untaxed.
 * - By rate: each line at its product's rate; shipping, which the store invoices as part of a
 *   composite supply, at the highest rate among the order's lines (CGST Act s.8(a)), so it is
 *   never taxed below its principal supply.
 */
export function computeOrderTax(
  lines: readonly TaxInputLine[],
  shippingPaise: number,
  config: Pick<TaxConfig, "mode" | "storeStateCode">,
  buyerStateCode: string,
): OrderTax {
  const intra = (seller: string) => buyerStateCode !== "" && seller === buyerStateCode;
  let taxedLines: TaxedLine[];
  let shipping: TaxedLine;
  if (config.mode === "flat") {
    const subtotal = lines.reduce((s, l) => s + l.amount, 0);
    const halves = flatHalves(
      lines.map((l) => l.amount),
      subtotal,
    );
    taxedLines = lines.map((l, i) => taxed(l.amount, FLAT_GST_PERCENT, halves[i] ?? 0, intra(l.sellerStateCode)));
    shipping = taxed(shippingPaise, 0, 0, intra(config.storeStateCode));
  } else {
    taxedLines = lines.map((l) => taxed(l.amount, l.rate, halfTax(l.amount, l.rate), intra(l.sellerStateCode)));
    const rate = lines.reduce((max, l) => Math.max(max, l.rate), 0);
    shipping = taxed(shippingPaise, rate, halfTax(shippingPaise, rate), intra(config.storeStateCode));
  }
  const all = [...taxedLines, shipping];
  const sum = (key: "tax" | "cgst" | "sgst" | "igst") => all.reduce((s, l) => s + l[key], 0);
  return { lines: taxedLines, shipping, tax: sum("tax"), cgst: sum("cgst"), sgst: sum("sgst"), igst: sum("igst") };
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

/** The GST State code a GSTIN registers (its first two digits); "" when there is none. */
export function gstinStateCode(gstin: string | null | undefined): string {
  const code = (gstin ?? "").trim().slice(0, 2);
  return /^\d\d$/.test(code) ? code : "";
}

export type PricedOrder = { subtotal: number; shipping: number; tax: number; total: number; breakdown: OrderTax };

/** An order's totals under the store's tax settings: the spec's shipping rule, then GST as above. */
export function priceOrder(
  lines: readonly TaxInputLine[],
  config: Pick<TaxConfig, "mode" | "storeStateCode">,
  buyerStateCode: string,
): PricedOrder {
  const subtotal = lines.reduce((s, l) => s + l.amount, 0);
  const shipping = shippingFor(subtotal);
  const breakdown = computeOrderTax(lines, shipping, config, buyerStateCode);
  return { subtotal, shipping, tax: breakdown.tax, total: subtotal + shipping + breakdown.tax, breakdown };
}

/** The GST kinds an order or document carries, with their amounts: the non-zero of CGST, SGST and IGST. */
export function gstParts(gst: TaxSplit): [label: "CGST" | "SGST" | "IGST", amount: number][] {
  return (
    [
      ["CGST", gst.cgst],
      ["SGST", gst.sgst],
      ["IGST", gst.igst],
    ] as [label: "CGST" | "SGST" | "IGST", amount: number][]
  ).filter(([, amount]) => amount > 0);
}

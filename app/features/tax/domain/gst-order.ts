import {
  FLAT_GST_PERCENT,
  halfTax,
  highestPriceWithinMrp,
  type OrderTax,
  type TaxConfig,
  type TaxedLine,
  type TaxInputLine,
  type TaxSplit,
} from "./gst";
import { shippingFor } from "./pricing";

/**
 * The tax on an order (issue 14, docs/decisions/022-gst.md), apart from gst.ts so that only the
 * pages that price an order (cart, checkout, orders) download it.
 */

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
 *   never taxed below its principal supply. When the store shows prices with GST, the delivery
 *   charge it names includes that GST (₹500 is paid: ₹476.20 + ₹23.80 at 5%, its halves equal); otherwise it is added.
 */
export function computeOrderTax(
  lines: readonly TaxInputLine[],
  shippingPaise: number,
  config: Pick<TaxConfig, "mode" | "storeStateCode"> & Partial<Pick<TaxConfig, "display">>,
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
    taxedLines = lines.map((l) => taxed(l.amount, l.rate, lineHalf(l), intra(l.sellerStateCode)));
    const rate = lines.reduce((max, l) => Math.max(max, l.rate), 0);
    if (config.display === "inclusive") {
      // Prices shown with GST: the delivery charge the store names is what is paid, its GST within it.
      const half = halfTax(highestPriceWithinMrp(shippingPaise, rate, "by_rate"), rate);
      shipping = taxed(shippingPaise - 2 * half, rate, half, intra(config.storeStateCode));
    } else shipping = taxed(shippingPaise, rate, halfTax(shippingPaise, rate), intra(config.storeStateCode));
  }
  const all = [...taxedLines, shipping];
  const sum = (key: "tax" | "cgst" | "sgst" | "igst") => all.reduce((s, l) => s + l[key], 0);
  return { lines: taxedLines, shipping, tax: sum("tax"), cgst: sum("cgst"), sgst: sum("sgst"), igst: sum("igst") };
}

/** Half a by-rate line's GST: per unit times the units when the line says its units (TaxInputLine.quantity). */
function lineHalf(line: TaxInputLine): number {
  const units = line.quantity ?? 1;
  if (units > 1 && line.amount % units === 0) return units * halfTax(line.amount / units, line.rate);
  return halfTax(line.amount, line.rate);
}

export type PricedOrder = { subtotal: number; shipping: number; tax: number; total: number; breakdown: OrderTax };

/**
 * An order's totals under the store's settings: the shipping rule (on the goods' value as the store
 * shows it: with their GST when prices are shown with GST), then GST as above. Without a rule, the
 * specification's ₹500 below ₹50,000.
 */
export function priceOrder(
  lines: readonly TaxInputLine[],
  config: Pick<TaxConfig, "mode" | "storeStateCode"> & Partial<Pick<TaxConfig, "display" | "shipping">>,
  buyerStateCode: string,
): PricedOrder {
  const subtotal = lines.reduce((s, l) => s + l.amount, 0);
  // The lines' tax never depends on the shipping, so the goods' value is known before it.
  const goods = config.display === "inclusive" ? subtotal + computeOrderTax(lines, 0, config, buyerStateCode).tax : subtotal;
  const charge = shippingFor(goods, config.shipping);
  const breakdown = computeOrderTax(lines, charge, config, buyerStateCode);
  // The delivery charge before its GST (what the order stores as shipping; with GST, the charge named).
  const shipping = breakdown.shipping.taxable;
  return { subtotal, shipping, tax: breakdown.tax, total: subtotal + shipping + breakdown.tax, breakdown };
}

/** The goods' value the free-shipping threshold is measured on (see priceOrder). */
export function goodsValue(priced: PricedOrder, display: TaxConfig["display"]): number {
  return display === "inclusive" ? priced.subtotal + priced.breakdown.tax - priced.breakdown.shipping.tax : priced.subtotal;
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

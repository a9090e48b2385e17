import type { TaxConfig, TaxInputLine } from "~/features/tax/domain/gst";
import { computeOrderTax } from "~/features/tax/domain/gst-order";

/**
 * What each discount saved the customer, as they pay it (issue 31, docs/decisions/050-offers.md,
 * "Savings shown are the savings paid"). A discount lowers its lines' taxable values, so with prices
 * shown with GST it also lowers their GST: the customer's total falls by the discount plus that GST.
 *
 * The goods' value with GST is worked out after each offer in the order they were applied; each
 * offer's saving is the fall it made. The savings therefore add up exactly (to the paisa, whatever the
 * rounding of the tax, flat or by rate) to the fall in the goods' value, and the goods before
 * discounts less the savings is what the customer pays for the goods.
 */
export type OfferPart = { offerId: string; paise: number };

/** The goods' value with their GST (the delivery apart): the sum of the lines and the tax on them. */
export function goodsWithGst(lines: readonly TaxInputLine[], config: Pick<TaxConfig, "mode" | "storeStateCode">): number {
  const amount = lines.reduce((s, l) => s + l.amount, 0);
  // The lines' tax never depends on the delivery State (two halves either way) nor on the delivery.
  return amount + computeOrderTax(lines, 0, { mode: config.mode, storeStateCode: config.storeStateCode }, "").tax;
}

/**
 * Each applied offer's saving with GST, by its id. `lines` are the goods before any discount (their
 * value before GST), `parts` each line's discount by offer, `order` the offers' ids in the order they
 * were applied.
 */
export function savingsWithGst(
  lines: readonly TaxInputLine[],
  parts: readonly (readonly OfferPart[])[],
  order: readonly string[],
  config: Pick<TaxConfig, "mode" | "storeStateCode">,
): Map<string, number> {
  const amounts = lines.map((l) => l.amount);
  const at = () =>
    goodsWithGst(
      lines.map((l, i) => ({ ...l, amount: amounts[i] ?? 0 })),
      config,
    );
  const saved = new Map<string, number>();
  let before = at();
  for (const offerId of order) {
    let changed = false;
    parts.forEach((ps, i) => {
      for (const p of ps) {
        if (p.offerId !== offerId || p.paise <= 0) continue;
        amounts[i] = (amounts[i] ?? 0) - p.paise;
        changed = true;
      }
    });
    if (!changed) {
      saved.set(offerId, 0);
      continue;
    }
    const after = at();
    saved.set(offerId, before - after);
    before = after;
  }
  return saved;
}

/** The applied offers of a result with what each saved with GST (`withGstPaise`), as an order stores them. */
export function withGstSavings<A extends { offerId: string }>(
  result: { applied: readonly A[]; lines: readonly { parts: readonly OfferPart[] }[] },
  lines: readonly TaxInputLine[],
  config: Pick<TaxConfig, "mode" | "storeStateCode">,
): (A & { withGstPaise: number })[] {
  const saved = savingsWithGst(
    lines,
    result.lines.map((l) => l.parts),
    result.applied.map((a) => a.offerId),
    config,
  );
  return result.applied.map((a) => ({ ...a, withGstPaise: saved.get(a.offerId) ?? 0 }));
}

/**
 * The summary's amounts (cart, checkout, order page, email), as the store shows prices: the goods
 * before discounts, each discount, the delivery, the GST and the total. With GST shown, the goods and
 * the delivery include their GST and each discount is what it saved with GST; otherwise every amount
 * is before GST and GST is added. Either way the rows add up to the total:
 * with GST `goods − Σ saved + delivery = total`; without, `goods − Σ saved + delivery + tax = total`.
 */
export function summaryAmounts<O extends { paise: number; withGstPaise?: number }>(
  priced: { subtotal: number; shipping: number; tax: number; total: number; breakdown: { shipping: { tax: number } } },
  display: TaxConfig["display"],
  offers: readonly O[],
): { goods: number; offers: (O & { saved: number })[]; delivery: number; tax: number; total: number } {
  const inclusive = display === "inclusive";
  const shown = offers.map((o) => ({ ...o, saved: inclusive ? (o.withGstPaise ?? o.paise) : o.paise }));
  const saved = shown.reduce((s, o) => s + o.saved, 0);
  const shippingTax = priced.breakdown.shipping.tax;
  return {
    goods: (inclusive ? priced.subtotal + priced.tax - shippingTax : priced.subtotal) + saved,
    offers: shown,
    delivery: inclusive ? priced.shipping + shippingTax : priced.shipping,
    tax: priced.tax,
    total: priced.total,
  };
}

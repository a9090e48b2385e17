import { displayPrice, FLAT_GST_PERCENT, type TaxConfig, type TaxedLine, type TaxInputLine } from "~/features/tax/domain/gst";
import { splitKitPrice } from "~/features/kits/domain/kit-split";
import { type PricedOrder, priceOrder } from "~/features/tax/domain/gst-order";
import { findIndianState } from "~/platform/core/indian-states";
import { nextPriceBreak, unitPriceAt } from "~/features/catalog/domain/price-breaks";
import type { CartLine } from "./cart";
import { useRootData } from "../../../platform/render/root-data";
import { type OfferPart, savingsWithGst } from "~/features/offers/domain/shown-savings";
import type { ShownOffer } from "~/features/orders/ui/order-summary";

/**
 * The offers the server granted a cart (issue 31, /resources/cart-offers): each line's discount by its
 * size's id, the offers as shown, and free delivery.
 */
export type CartOffers = {
  discounts: Record<string, number>;
  /** Each line's discount by offer (what each offer saved with GST is worked out from them). */
  parts?: Record<string, OfferPart[]>;
  offers: { offerId: string; name: string; paise: number; freeShipping: boolean }[];
  freeShipping: boolean;
};

/**
 * A cart's totals as the server will compute them when the order is placed (the same engine,
 * app/features/tax/domain/gst.ts), for the cart and checkout. `stateName` is the delivery State, when known: it
 * decides CGST + SGST or IGST, never the amount.
 */
export function priceCart(lines: readonly CartLine[], config: TaxConfig, stateName?: string, offers?: CartOffers | null): PricedOrder {
  const buyer = stateName ? (findIndianState(stateName)?.gstCode ?? "") : "";
  // A discount lowers its line's taxable value; free delivery, the charge (docs/decisions/050-offers.md).
  const off = (l: CartLine) => Math.min(lineUnitPrice(l) * l.quantity, offers?.discounts[sizeId(l)] ?? 0);
  // A kit is taxed as its order will be (docs/decisions/055-kits.md): its amount shared over its parts,
  // each at its own rate and seller; the parts' tax is then put back together as the kit's line.
  const owner: number[] = [];
  const input = lines.flatMap((l, i): TaxInputLine[] => {
    const amount = lineUnitPrice(l) * l.quantity - off(l);
    const parts = l.product.kitTax;
    if (parts?.length) {
      const shares = splitKitPrice(
        amount,
        parts.map((p) => p.weight),
      );
      return parts.map((p, j) => {
        owner.push(i);
        return {
          amount: shares[j] ?? 0,
          quantity: p.quantity * l.quantity,
          rate: p.rate,
          sellerStateCode: p.sellerStateCode ?? config.storeStateCode,
        };
      });
    }
    owner.push(i);
    // A line not yet checked against the catalogue is priced at the flat rate until it is.
    return [
      {
        amount,
        quantity: l.quantity,
        rate: l.product.gstRate ?? FLAT_GST_PERCENT,
        sellerStateCode: l.product.sellerStateCode ?? config.storeStateCode,
      },
    ];
  });
  const priced = priceOrder(input, offers?.freeShipping ? { ...config, shipping: { feePaise: 0, freeOverPaise: 0 } } : config, buyer);
  if (input.length === lines.length) return priced;
  const folded = lines.map((_, i) => {
    const own = priced.breakdown.lines.filter((_, k) => owner[k] === i);
    const sum = (key: "taxable" | "tax" | "cgst" | "sgst" | "igst") => own.reduce((s, t) => s + t[key], 0);
    return {
      taxable: sum("taxable"),
      tax: sum("tax"),
      cgst: sum("cgst"),
      sgst: sum("sgst"),
      igst: sum("igst"),
      rate: Math.max(0, ...own.map((t) => t.rate)),
      intraState: own[0]?.intraState ?? true,
    };
  });
  return { ...priced, breakdown: { ...priced.breakdown, lines: folded } };
}

const sizeId = (l: CartLine) => l.product.variantId ?? l.product.id;

/** The cart's lines as the tax engine takes them, before any discount. */
function taxLines(lines: readonly CartLine[], config: TaxConfig) {
  return lines.map((l) => ({
    amount: lineUnitPrice(l) * l.quantity,
    quantity: l.quantity,
    // A line not yet checked against the catalogue is priced at the flat rate until it is.
    rate: l.product.gstRate ?? FLAT_GST_PERCENT,
    sellerStateCode: l.product.sellerStateCode ?? config.storeStateCode,
  }));
}

/**
 * The offers as the cart's summary shows them (issue 31): each with what it saved with GST, worked out
 * by the engine that prices the cart, so the goods before discounts less the savings is what is paid.
 */
export function cartShownOffers(lines: readonly CartLine[], config: TaxConfig, offers: CartOffers | null | undefined): ShownOffer[] {
  if (!offers) return [];
  const saved = savingsWithGst(
    taxLines(lines, config),
    lines.map((l) => offers.parts?.[sizeId(l)] ?? []),
    offers.offers.map((o) => o.offerId),
    config,
  );
  return offers.offers.map((o) => ({ ...o, withGstPaise: saved.get(o.offerId) ?? o.paise }));
}

export function useCartPricing(lines: readonly CartLine[], stateName?: string, offers?: CartOffers | null) {
  const config = useRootData().store.tax;
  return {
    priced: priceCart(lines, config, stateName, offers),
    shownOffers: cartShownOffers(lines, config, offers),
    config,
    known: !!stateName && !!findIndianState(stateName),
  };
}

/**
 * A line's unit price and total as the store shows prices: as stored, or with GST (the line's
 * total then is its taxable value plus its share of the tax, as on the invoice).
 */
export function shownAmounts(line: CartLine, taxed: TaxedLine | undefined, config: TaxConfig) {
  const unit = lineUnitPrice(line);
  const total = unit * line.quantity;
  if (config.display === "exclusive" || !taxed) return { each: unit, total };
  // A kit's parts are taxed at their own rates: its price each with GST is its share of the line's.
  if (line.product.kitTax?.length)
    return { each: Math.round((taxed.taxable + taxed.tax) / line.quantity), total: taxed.taxable + taxed.tax };
  return { each: displayPrice(unit, taxed.rate, config), total: taxed.taxable + taxed.tax };
}

/**
 * "Add 3 more for ₹1,290 each": the next quantity price the line can reach within its size's stock,
 * how many more units reach it, and its unit price as the store shows prices; null when there is none.
 */
export function nextBreakShown(line: CartLine, taxed: TaxedLine | undefined, config: TaxConfig) {
  const next = nextPriceBreak(line.product.priceBreaks, line.quantity);
  if (!next || next.minQuantity > line.product.stock) return null;
  const each = config.display === "exclusive" || !taxed ? next.pricePaise : displayPrice(next.pricePaise, taxed.rate, config);
  return { more: next.minQuantity - line.quantity, each };
}

/** A line's unit price before GST: its size's, or the quantity price its quantity reaches (issue 31), as the order charges it. */
export function lineUnitPrice(line: CartLine) {
  return unitPriceAt(line.product.pricePaise, line.product.priceBreaks, line.quantity);
}

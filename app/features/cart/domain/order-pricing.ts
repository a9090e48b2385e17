import { displayPrice, FLAT_GST_PERCENT, type TaxConfig, type TaxedLine, type TaxInputLine } from "~/features/tax/domain/gst";
import { kitPartLines, splitKitDiscount } from "~/features/kits/domain/kit-split";
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
  // A kit is taxed as its order will be (docs/decisions/055-kits.md): its part lines (kitPartLines), its
  // discount shared over them by amount (splitKitDiscount); their tax is then folded back into the kit's line.
  const owner: number[] = [];
  const input = cartTaxLines(lines, config, offers).flatMap((parts, i) =>
    parts.map((p): TaxInputLine => {
      owner.push(i);
      return { ...p.line, amount: p.line.amount - p.discount };
    }),
  );
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

/**
 * Each cart line as the order will write it, before any discount: one tax line, or a kit's part lines
 * (kitPartLines: the amounts its order writes), each with its discount and each offer's part of it
 * (a kit's shared over its parts by splitKitDiscount, as the order does).
 */
function cartTaxLines(lines: readonly CartLine[], config: TaxConfig, offers: CartOffers | null | undefined) {
  return lines.map((l) => {
    const unit = lineUnitPrice(l);
    const amount = unit * l.quantity;
    const discount = Math.min(amount, offers?.discounts[sizeId(l)] ?? 0);
    const offerParts = offers?.parts?.[sizeId(l)] ?? (discount > 0 ? [{ offerId: "", paise: discount }] : []);
    const kit = l.product.kitTax;
    if (kit?.length) {
      const parts = kitPartLines(unit, kit, l.quantity);
      const spread = splitKitDiscount(
        parts.map((p) => p.amount),
        offerParts,
      );
      return kit.map((p, j) => ({
        line: {
          amount: parts[j]?.amount ?? 0,
          quantity: p.quantity * l.quantity,
          rate: p.rate,
          sellerStateCode: p.sellerStateCode ?? config.storeStateCode,
        },
        discount: spread[j]?.discount ?? 0,
        parts: spread[j]?.parts ?? [],
      }));
    }
    return [
      {
        line: {
          amount,
          quantity: l.quantity,
          // A line not yet checked against the catalogue is priced at the flat rate until it is.
          rate: l.product.gstRate ?? FLAT_GST_PERCENT,
          sellerStateCode: l.product.sellerStateCode ?? config.storeStateCode,
        },
        discount,
        parts: offerParts,
      },
    ];
  });
}

/**
 * The offers as the cart's summary shows them (issue 31): each with what it saved with GST, worked out
 * by the engine that prices the cart, so the goods before discounts less the savings is what is paid.
 */
export function cartShownOffers(lines: readonly CartLine[], config: TaxConfig, offers: CartOffers | null | undefined): ShownOffer[] {
  if (!offers) return [];
  const taxed = cartTaxLines(lines, config, offers).flat();
  const saved = savingsWithGst(
    taxed.map((t) => t.line),
    taxed.map((t) => t.parts),
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

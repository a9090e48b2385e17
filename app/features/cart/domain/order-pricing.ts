import { displayPrice, FLAT_GST_PERCENT, type TaxConfig, type TaxedLine } from "~/features/tax/domain/gst";
import { type PricedOrder, priceOrder } from "~/features/tax/domain/gst-order";
import { findIndianState } from "~/platform/core/indian-states";
import type { CartLine } from "./cart";
import { useRootData } from "../../../platform/render/root-data";

/**
 * The offers the server granted a cart (issue 31, /resources/cart-offers): each line's discount by its
 * size's id, the offers as shown, and free delivery.
 */
export type CartOffers = {
  discounts: Record<string, number>;
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
  const off = (l: CartLine) => Math.min(l.product.pricePaise * l.quantity, offers?.discounts[l.product.variantId ?? l.product.id] ?? 0);
  return priceOrder(
    lines.map((l) => ({
      amount: l.product.pricePaise * l.quantity - off(l),
      quantity: l.quantity,
      // A line not yet checked against the catalogue is priced at the flat rate until it is.
      rate: l.product.gstRate ?? FLAT_GST_PERCENT,
      sellerStateCode: l.product.sellerStateCode ?? config.storeStateCode,
    })),
    offers?.freeShipping ? { ...config, shipping: { feePaise: 0, freeOverPaise: 0 } } : config,
    buyer,
  );
}

export function useCartPricing(lines: readonly CartLine[], stateName?: string, offers?: CartOffers | null) {
  const config = useRootData().store.tax;
  return { priced: priceCart(lines, config, stateName, offers), config, known: !!stateName && !!findIndianState(stateName) };
}

/**
 * A line's unit price and total as the store shows prices: as stored, or with GST (the line's
 * total then is its taxable value plus its share of the tax, as on the invoice).
 */
export function shownAmounts(line: CartLine, taxed: TaxedLine | undefined, config: TaxConfig) {
  const total = line.product.pricePaise * line.quantity;
  if (config.display === "exclusive" || !taxed) return { each: line.product.pricePaise, total };
  return { each: displayPrice(line.product.pricePaise, taxed.rate, config), total: taxed.taxable + taxed.tax };
}

import type { TaxConfig, TaxedLine, TaxMode } from "~/features/tax/domain/gst";
import type { PricedOrder } from "~/features/tax/domain/gst-order";
import { derivedShipping } from "~/features/tax/domain/pricing";
import { formatPaise } from "~/platform/core/money";
import { useRootData } from "~/platform/render/root-data";
import { OrderSummary, type ShownOffer } from "./order-summary";

/** A placed order's line as the page has it: before GST, with the GST it carries. */
type PlacedLine = { unitPrice: number; quantity: number; lineTotal: number; tax: number; gstRate: number };
/** What a placed order stored of its amounts (get-customer-order.server.ts gives it). */
type PlacedOrder = {
  subtotal: number;
  tax: number;
  total: number;
  taxMode: TaxMode;
  gst: { cgst: number; sgst: number; igst: number };
  shippingTax: number;
  items: readonly PlacedLine[];
  /** The discounts it got (issue 31). */
  offers?: readonly ShownOffer[];
};

/**
 * A placed order's amounts as its page shows them: the way the cart and checkout showed them (the
 * store's price display), from what the order stored, never recomputed. The summary is the cart's
 * (order-summary.tsx), so an order reads as it did when it was placed.
 */
export function PlacedOrderSummary({ order }: { order: PlacedOrder }) {
  const store = useRootData().store.tax;
  const config: TaxConfig = { ...store, mode: order.taxMode };
  return <OrderSummary priced={pricedOf(order)} config={config} split placed offers={order.offers} />;
}

/** A line's unit price and total as the store shows prices (with its GST, or before it). */
export function useShownLine(item: PlacedLine) {
  const inclusive = useRootData().store.tax.display === "inclusive";
  if (!inclusive) return { each: formatPaise(item.unitPrice), total: formatPaise(item.lineTotal) };
  const total = item.lineTotal + item.tax;
  // The line's GST is rounded on the line, so a unit's share is the line's divided (to the paisa).
  return { each: formatPaise(Math.round(total / item.quantity)), total: formatPaise(total) };
}

function pricedOf(order: PlacedOrder): PricedOrder {
  const shipping = derivedShipping(order);
  const half = (tax: number): TaxedLine => ({ taxable: 0, rate: 0, tax, intraState: false, cgst: 0, sgst: 0, igst: 0 });
  return {
    subtotal: order.subtotal,
    shipping,
    tax: order.tax,
    total: order.total,
    breakdown: {
      lines: order.items.map((i) => ({ ...half(i.tax), taxable: i.lineTotal, rate: i.gstRate })),
      shipping: { ...half(order.shippingTax), taxable: shipping },
      tax: order.tax,
      ...order.gst,
    },
  };
}

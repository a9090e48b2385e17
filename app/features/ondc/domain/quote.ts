/**
 * An ONDC quote (`quote.price`, `quote.breakup`, `ttl`) made from the store's own pricing, in paise
 * (docs/decisions/075-ondc-orders.md). ONDC writes money as decimal strings of rupees; ours is whole
 * paise, so the conversion is exact both ways and the breakup adds up to the price to the paisa.
 *
 * The breakup follows ONDC's retail 1.2 quote as its log validation utility checks it
 * (ONDC-Official/log-validation-utility, utils/Retail/Select/onSelect.ts, utils/enum.ts `retailPymntTtl`):
 * an `item` line per item whose price is its unit price times its count, `tax` and `discount` lines
 * whose item id is an item's, and a `delivery` line whose item id is the fulfillment's. The delivery
 * line carries the delivery charge with its GST (as the store names the charge when it shows prices
 * with GST): a tax line must name an item, and the charge is no item.
 *
 * An item's unit price is the catalogue's (`on_search`): the price a buyer pays, GST included, so
 * that a buyer app sees one price for one item from search to confirm. Its GST is then in the item
 * line, and the `tax` line is only what the order's own GST arithmetic (on the line's total, after
 * its discount) differs from the unit prices by: usually 0.00, at most a paisa or two of rounding.
 * A discount line is what the discount takes off, its GST included. Stock (`item.quantity`) is
 * on_select's alone, as ONDC's schemas have it.
 */

/**
 * Each seller's one delivery fulfilment (its id in `items[].fulfillment_id` and the delivery line), and
 * its one location: the ids the catalogue gives them in on_search (`fulfillmentIdOf`, `locationIdOf`).
 */
export const deliveryFulfillmentOf = (providerId: string) => `${providerId}-delivery`;
export const sellerLocationOf = (providerId: string) => `${providerId}-L1`;

/** How long a quote holds: ONDC's duration; the buyer app selects again after it. */
export const ONDC_QUOTE_TTL = "PT15M";

/** The store's promise to hand over to delivery, as ONDC's `@ondc/org/TAT` (ISO 8601 duration) from a number of days. */
export const tatOf = (days: number) => `P${Math.max(1, Math.round(days))}D`;

/** 12345 → "123.45"; −500 → "-5.00". Exact: integer arithmetic only. */
export function rupeesOf(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new Error("paise must be a whole number");
  const abs = Math.abs(paise);
  return `${paise < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "123.45" / "123.4" / "123" → 12345 / 12340 / 12300; null for anything else (more than 2 decimals, exponents, text). */
export function paiseOf(value: string): number | null {
  const match = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const paise = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -paise : paise;
}

/** One item line of a quote as the store priced it, in paise. */
export type QuotedLine = {
  /** The pack size's id: the item's id on ONDC. */
  itemId: string;
  title: string;
  /** What the buyer asked for. */
  asked: number;
  /** What is quoted: the asked count, or less when the stock is short (0 when sold out). */
  count: number;
  /** What the stock allows at most (ONDC's `available` and `maximum`). */
  available: number;
  /** The unit price before GST (its quantity price when the count reaches one). */
  unitPaise: number;
  /** The unit price with its GST, as the catalogue shows it: what the breakup's item line is priced at. */
  unitWithGstPaise: number;
  /** The line's discount before GST, from the offers the store grants. */
  discountPaise: number;
  /** The line's GST. */
  taxPaise: number;
};

/** A whole quote in paise: what ondc_order.quote keeps and what a later call is compared with. */
export type StoreQuote = {
  providerId: string;
  lines: QuotedLine[];
  /** The delivery charge with its GST. */
  deliveryPaise: number;
  totalPaise: number;
};

type Price = { currency: "INR"; value: string };
const inr = (paise: number): Price => ({ currency: "INR", value: rupeesOf(paise) });

/** The quote's breakup lines: each item, its discount and tax when there are any, then delivery. */
export function breakupOf(quote: StoreQuote, options: { stock?: boolean } = {}) {
  const breakup: Record<string, unknown>[] = [];
  for (const line of quote.lines) {
    const parts = linePartsOf(line);
    breakup.push({
      "@ondc/org/item_id": line.itemId,
      "@ondc/org/item_quantity": { count: line.count },
      title: line.title,
      "@ondc/org/title_type": "item",
      price: inr(parts.item),
      item: {
        price: inr(line.unitWithGstPaise),
        // ONDC's schema lets `available` say only whether there is stock ("99") or none ("0"); `maximum` is how many may be bought.
        ...(options.stock
          ? { quantity: { available: { count: line.available > 0 ? "99" : "0" }, maximum: { count: String(line.available) } } }
          : {}),
      },
    });
    if (parts.discount > 0)
      breakup.push({
        "@ondc/org/item_id": line.itemId,
        title: "Discount",
        "@ondc/org/title_type": "discount",
        price: inr(-parts.discount),
      });
    if (line.count > 0)
      breakup.push({ "@ondc/org/item_id": line.itemId, title: "Tax", "@ondc/org/title_type": "tax", price: inr(parts.tax) });
  }
  breakup.push({
    "@ondc/org/item_id": deliveryFulfillmentOf(quote.providerId),
    title: "Delivery charges",
    "@ondc/org/title_type": "delivery",
    price: inr(quote.deliveryPaise),
  });
  return breakup;
}

/**
 * One line's breakup in paise: the item at its GST-inclusive unit price, the discount with its GST, and
 * the tax line as the rest, so that the three add up to exactly what the order charges for the line
 * (its price before GST, less its discount, plus the GST the order computes on that).
 */
function linePartsOf(line: QuotedLine): { item: number; discount: number; tax: number } {
  const item = line.unitWithGstPaise * line.count;
  const charged = line.unitPaise * line.count - line.discountPaise + (line.count > 0 ? line.taxPaise : 0);
  if (line.discountPaise <= 0) return { item, discount: 0, tax: charged - item };
  // The discount's GST goes with it: the undiscounted line's tax is what the unit prices carry.
  const undiscountedTax = item - line.unitPaise * line.count;
  const discount = line.discountPaise + Math.max(0, undiscountedTax - line.taxPaise);
  return { item, discount, tax: charged - item + discount };
}

/** What the breakup adds up to, in paise: the quote's total when it was made by quoteOf. */
export function breakupTotal(quote: StoreQuote): number {
  return quote.lines.reduce((sum, l) => {
    const parts = linePartsOf(l);
    return sum + parts.item - parts.discount + (l.count > 0 ? parts.tax : 0);
  }, quote.deliveryPaise);
}

/** ONDC's `quote` object: the price, the breakup and how long it holds; `stock` on on_select. */
export function ondcQuote(quote: StoreQuote, options: { stock?: boolean } = {}) {
  return { price: inr(quote.totalPaise), breakup: breakupOf(quote, options), ttl: ONDC_QUOTE_TTL };
}

/**
 * Whether a quote a buyer app sent back (in init or confirm) is ours: the same total, and each item
 * line of its breakup, when it sends one, at our price for our count. Anything else was changed on
 * the way (tampered) or is stale: ONDC's 40003 "Quote unavailable".
 */
export function quoteMatches(
  ours: StoreQuote,
  theirs: { price?: { value?: string }; breakup?: readonly Record<string, unknown>[] } | undefined,
): boolean {
  if (!theirs) return true;
  if (theirs.price?.value !== undefined && paiseOf(theirs.price.value) !== ours.totalPaise) return false;
  if (!theirs.breakup) return true;
  const mine = breakupOf(ours);
  if (theirs.breakup.length !== mine.length) return false;
  const key = (b: Record<string, unknown>) => `${String(b["@ondc/org/item_id"])}|${String(b["@ondc/org/title_type"])}`;
  const byKey = new Map(mine.map((b) => [key(b), paiseOf((b.price as Price).value)]));
  return theirs.breakup.every((b) => {
    const value = (b.price as { value?: unknown } | undefined)?.value;
    return typeof value === "string" && byKey.has(key(b)) && byKey.get(key(b)) === paiseOf(value);
  });
}

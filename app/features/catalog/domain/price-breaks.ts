/**
 * Quantity prices (issue 31): a pack size may have price breaks, "₹1,350 each, ₹1,290 each for 10
 * or more". A break is a least quantity (2 or more) and the unit price before GST, in paise, that a
 * line of at least that many units is charged. A size has at most MAX_PRICE_BREAKS, their
 * quantities rising and their prices falling, each below the size's own price. Client-safe and
 * small: the cart prices its lines with it, the order's transaction with the same function.
 *
 * Stored on the size's row as text, "10:129000,25:125000" (migration 0044); typed in the product
 * forms and the CSV as "10:1290, 25:1250" (rupees): price-breaks-input.ts reads, writes and checks them.
 */

export type PriceBreak = { minQuantity: number; pricePaise: number };

/** The unit price a line of `quantity` units is charged: the best break its quantity reaches, else the size's price. */
export function unitPriceAt(pricePaise: number, breaks: readonly PriceBreak[] | null | undefined, quantity: number): number {
  let unit = pricePaise;
  for (const b of breaks ?? []) if (quantity >= b.minQuantity && b.pricePaise < unit) unit = b.pricePaise;
  return unit;
}

/** The next break a line of `quantity` units would reach with more of it ("Add 3 more for ₹1,290 each"), or null. */
export function nextPriceBreak(breaks: readonly PriceBreak[] | null | undefined, quantity: number): PriceBreak | null {
  let next: PriceBreak | null = null;
  for (const b of breaks ?? []) if (b.minQuantity > quantity && (!next || b.minQuantity < next.minQuantity)) next = b;
  return next;
}

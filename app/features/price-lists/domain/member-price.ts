import { type PriceBreak, unitPriceAt } from "~/features/catalog/domain/price-breaks";

/**
 * Price lists (issue 31, docs/decisions/054-price-lists.md): what a member of a customer group pays for a
 * pack size. Client-safe and pure: the cart's quote, the product page and the order's transaction use it.
 *
 * An entry is a fixed price before GST for one pack size, or a percentage off a product's or a whole
 * category's sizes. For one list the most specific entry wins (size, then product, then category); when
 * several of the group's lists are active, the lowest of their prices wins (a tie: the smaller list id).
 * A percentage takes off the size's price rounded down to the paisa (the price is rounded up), as offers
 * round. A list's price is never above the size's own price (so never above its MRP) and never below 1 paisa.
 */

export type PriceListEntryKind = "variant" | "product" | "category";

export type PriceListEntry = {
  priceListId: string;
  kind: PriceListEntryKind;
  targetId: string;
  /** A size's fixed price, before GST, in paise (kind "variant"). */
  pricePaise: number | null;
  /** Percent off, 1–99 (kinds "product" and "category"). */
  percentOff: number | null;
};

export type ListedSize = { variantId: string; productId: string; category: string; pricePaise: number };

export type ListPrice = { pricePaise: number; priceListId: string };

const SPECIFICITY: Record<PriceListEntryKind, number> = { variant: 3, product: 2, category: 1 };

/** The price `percent` off `pricePaise`: the discount rounded down to the paisa. */
export function percentOffPrice(pricePaise: number, percent: number): number {
  return pricePaise - Math.floor((pricePaise * percent) / 100);
}

function entryPrice(size: ListedSize, entry: PriceListEntry): number | null {
  const raw =
    entry.kind === "variant"
      ? entry.pricePaise
      : entry.percentOff !== null && entry.percentOff >= 1 && entry.percentOff <= 99
        ? percentOffPrice(size.pricePaise, entry.percentOff)
        : null;
  if (raw === null || !Number.isSafeInteger(raw) || raw <= 0) return null;
  return Math.max(1, Math.min(size.pricePaise, raw));
}

function matches(size: ListedSize, entry: PriceListEntry): boolean {
  if (entry.kind === "variant") return entry.targetId === size.variantId;
  if (entry.kind === "product") return entry.targetId === size.productId;
  return entry.targetId === size.category;
}

/** The member's price list price of a size, or null when no entry of the group's active lists names it. */
export function listPriceOf(size: ListedSize, entries: readonly PriceListEntry[]): ListPrice | null {
  // The most specific entry of each list (of two alike, which a list's unique targets rule out, the lower).
  const best = new Map<string, { specificity: number; pricePaise: number }>();
  for (const entry of entries) {
    if (!matches(size, entry)) continue;
    const pricePaise = entryPrice(size, entry);
    if (pricePaise === null) continue;
    const specificity = SPECIFICITY[entry.kind];
    const held = best.get(entry.priceListId);
    if (!held || specificity > held.specificity || (specificity === held.specificity && pricePaise < held.pricePaise)) {
      best.set(entry.priceListId, { specificity, pricePaise });
    }
  }
  let found: ListPrice | null = null;
  for (const [priceListId, { pricePaise }] of best) {
    if (!found || pricePaise < found.pricePaise || (pricePaise === found.pricePaise && priceListId < found.priceListId)) {
      found = { pricePaise, priceListId };
    }
  }
  return found;
}

/**
 * A member's unit price for `quantity` units of a size: the lowest of the size's price, its quantity price
 * at that quantity, and the list's price. `priceListId` names the list only when its price is what is
 * charged and below the quantity price (the list priced the line).
 */
export function memberUnitPrice(
  size: ListedSize,
  breaks: readonly PriceBreak[] | null | undefined,
  quantity: number,
  listed: ListPrice | null,
): { unitPaise: number; priceListId: string | null } {
  const unit = unitPriceAt(size.pricePaise, breaks, quantity);
  if (listed && listed.pricePaise < unit) return { unitPaise: listed.pricePaise, priceListId: listed.priceListId };
  return { unitPaise: unit, priceListId: null };
}

/**
 * A size's price and quantity prices as a member's cart sees them: the list's price in place of the size's
 * price when lower, and only the breaks still below it. `unitPriceAt` on the result is `memberUnitPrice`'s.
 */
export function memberPriced(
  pricePaise: number,
  breaks: PriceBreak[] | undefined,
  listed: ListPrice | null,
): { pricePaise: number; priceBreaks: PriceBreak[] | undefined } {
  if (!listed || listed.pricePaise >= pricePaise) return { pricePaise, priceBreaks: breaks };
  const below = (breaks ?? []).filter((b) => b.pricePaise < listed.pricePaise);
  return { pricePaise: listed.pricePaise, priceBreaks: below.length ? below : undefined };
}

import { parseRupeesToPaise } from "../../../platform/core/rupee-input";
import { MAX_LINE_QUANTITY } from "../../cart/domain/cart-limits";
import type { PriceBreak } from "./price-breaks";

/*
 * Quantity prices as stored, typed and checked (issue 31): the forms, the CSV and the server. Not in
 * price-breaks.ts, which the cart's script needs.
 */

export const MAX_PRICE_BREAKS = 4;

/** The stored text of a size's breaks; null for none. */
export function encodePriceBreaks(breaks: readonly PriceBreak[] | null | undefined): string | null {
  if (!breaks?.length) return null;
  return breaks.map((b) => `${b.minQuantity}:${b.pricePaise}`).join(",");
}

/**
 * A size's breaks from their stored text. Anything that is not a valid list (none, or text written
 * by hand in the database) is no breaks: the size is then sold at its own price, never below it.
 */
export function decodePriceBreaks(text: string | null | undefined): PriceBreak[] {
  if (!text) return [];
  const breaks: PriceBreak[] = [];
  for (const part of text.split(",")) {
    const match = /^(\d{1,4}):(\d{1,12})$/.exec(part);
    if (!match) return [];
    breaks.push({ minQuantity: Number(match[1]), pricePaise: Number(match[2]) });
  }
  return priceBreaksProblem(breaks, Number.POSITIVE_INFINITY) ? [] : breaks;
}

/** How breaks are typed: "10:1290, 25:1250" in rupees; "" is none. */
export function formatPriceBreaksInput(breaks: readonly PriceBreak[] | null | undefined): string {
  return (breaks ?? []).map((b) => `${b.minQuantity}:${rupeesText(b.pricePaise)}`).join(", ");
}

function rupeesText(paise: number) {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

/** What is wrong with typed or stored breaks: a refusal code's suffix ("product.price_breaks_<problem>"). */
export type PriceBreaksProblem = "format" | "too_many" | "quantity" | "price" | "order" | "not_lower";

/**
 * Reads typed breaks ("10:1290, 25:1250"; "=" or "@" also separate a quantity from its price,
 * ";" or a new line also separate breaks; a price may be written "₹1,290.50"), sorted by
 * quantity. A problem when they cannot be read.
 */
export function parsePriceBreaksInput(text: string): { breaks: PriceBreak[] } | { problem: PriceBreaksProblem } {
  const input = text.trim();
  // One break and what follows it: a comma inside a price groups thousands (three digits after it).
  const pair = /\s*(\d{1,6})\s*[:=@]\s*₹?\s*(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d{1,9}(?:\.\d{1,2})?)\s*(?:[,;\n]+\s*|$)/y;
  const breaks: PriceBreak[] = [];
  while (pair.lastIndex < input.length) {
    const match = pair.exec(input);
    if (!match) return { problem: "format" };
    const pricePaise = parseRupeesToPaise(match[2] ?? "");
    if (pricePaise === null) return { problem: "format" };
    breaks.push({ minQuantity: Number(match[1]), pricePaise });
    if (breaks.length > MAX_PRICE_BREAKS) return { problem: "too_many" };
  }
  breaks.sort((a, b) => a.minQuantity - b.minQuantity);
  return { breaks };
}

/**
 * The first problem of a size's breaks against its price (before GST), or null: each for 2 to 999
 * units, above ₹0, at most MAX_PRICE_BREAKS, quantities strictly rising (as given) and prices
 * strictly falling, the first below the size's price. The MRP is checked with the tax (mrp.ts).
 */
export function priceBreaksProblem(breaks: readonly PriceBreak[], pricePaise: number): PriceBreaksProblem | null {
  if (breaks.length > MAX_PRICE_BREAKS) return "too_many";
  let before: PriceBreak | null = null;
  for (const b of breaks) {
    if (!Number.isInteger(b.minQuantity) || b.minQuantity < 2 || b.minQuantity > MAX_LINE_QUANTITY) return "quantity";
    if (!Number.isInteger(b.pricePaise) || b.pricePaise <= 0) return "price";
    if (before && (b.minQuantity <= before.minQuantity || b.pricePaise >= before.pricePaise)) return "order";
    if (b.pricePaise >= pricePaise) return "not_lower";
    before = b;
  }
  return null;
}

import { type CookieLine, parseCartCookie } from "../../cart/domain/cart-cookie";
import { MAX_LINE_QUANTITY } from "../../cart/domain/cart-limits";

/*
 * An agent's order in progress lives in the page's address (docs/decisions/065-field-agents.md), as
 * the phone desk's does: the farmer, the lines in the cart cookie's form (`p~v.3|p~v.1`) and the
 * search. A reload or the back button keeps it; nothing is stored until the order is placed.
 */

export const linesText = (lines: readonly CookieLine[]) =>
  lines.map((l) => `${l.variantId ? `${l.productId}~${l.variantId}` : l.productId}.${l.quantity}`).join("|");

export function orderPageUrl(farmerId: string, lines: readonly CookieLine[], q = "") {
  const params = new URLSearchParams({ farmer: farmerId });
  if (lines.length) params.set("lines", linesText(lines));
  if (q) params.set("q", q);
  return `/agent/orders/new?${params}`;
}

/** The lines of the address, with a size added (its quantity replacing the line's) or removed; null when neither was asked. */
export function changedLines(params: URLSearchParams): CookieLine[] | null {
  const lines = parseCartCookie(params.get("lines") ?? "") ?? [];
  const add = /^([a-z0-9]{6,40})~([a-z0-9]{6,40})$/.exec(params.get("add") ?? "");
  const remove = params.get("remove");
  if (!add && !remove) return null;
  const quantity = Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(Number(params.get("quantity")) || 1)));
  let next = remove ? lines.filter((l) => l.variantId !== remove) : lines;
  if (add?.[1] && add[2]) next = [...next.filter((l) => l.variantId !== add[2]), { productId: add[1], variantId: add[2], quantity }];
  return next;
}

/** The lines a posted order names: each with its size, or null for an empty or malformed cart. */
export function postedLines(value: unknown): { productId: string; variantId: string; quantity: number }[] | null {
  const lines = parseCartCookie(typeof value === "string" ? value : "") ?? [];
  if (lines.length === 0 || lines.some((l) => !l.variantId)) return null;
  return lines.map((l) => ({ productId: l.productId, variantId: l.variantId ?? "", quantity: l.quantity }));
}

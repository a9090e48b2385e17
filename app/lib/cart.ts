import { useSyncExternalStore } from "react";
import type { CategoryKey } from "~/domain/categories";

/** Spec §3: the cart lives in the browser under this key. */
export const CART_KEY = "angle-cart";
import { MAX_LINE_QUANTITY } from "~/domain/cart-limits";
export { MAX_LINE_QUANTITY };

export type CartProduct = {
  id: string;
  name: string;
  pricePaise: number;
  image: string;
  category: CategoryKey;
  stock: number;
};
export type CartLine = { product: CartProduct; quantity: number };

const listeners = new Set<() => void>();
const EMPTY: CartLine[] = [];
let cache: { raw: string | null; lines: CartLine[] } = { raw: null, lines: EMPTY };

function isLine(value: unknown): value is CartLine {
  const line = value as CartLine;
  return (
    !!line &&
    typeof line.quantity === "number" &&
    Number.isInteger(line.quantity) &&
    line.quantity > 0 &&
    typeof line.product?.id === "string" &&
    typeof line.product.name === "string" &&
    typeof line.product.pricePaise === "number"
  );
}

/**
 * One line per product, at most MAX_LINE_QUANTITY of it: stored lines for one product add up
 * before the cap (three lines of 999 are 999, not 2,997), as checkout counts them.
 */
function mergeLines(lines: CartLine[]): CartLine[] {
  const byId = new Map<string, CartLine>();
  for (const line of lines) {
    const seen = byId.get(line.product.id);
    byId.set(line.product.id, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }
  return [...byId.values()].map((l) => (l.quantity > MAX_LINE_QUANTITY ? { ...l, quantity: MAX_LINE_QUANTITY } : l));
}

/** Reads the stored cart, dropping anything malformed (the storage is the visitor's to edit). */
export function readCart(): CartLine[] {
  if (typeof window === "undefined") return EMPTY;
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CART_KEY);
  } catch {
    return EMPTY;
  }
  if (raw === cache.raw) return cache.lines;
  let lines: CartLine[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    lines = Array.isArray(parsed) ? mergeLines(parsed.filter(isLine)) : EMPTY;
  } catch {
    lines = EMPTY;
  }
  cache = { raw, lines };
  return lines;
}

export function writeCart(lines: CartLine[]) {
  try {
    window.localStorage.setItem(CART_KEY, JSON.stringify(lines));
  } catch {
    // Storage full or blocked: the cart lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/** Adding a product already in the cart raises its quantity (spec §4); never past stock. */
export function addToCart(product: CartProduct, quantity = 1) {
  const lines = readCart();
  const existing = lines.find((l) => l.product.id === product.id);
  const cap = Math.min(MAX_LINE_QUANTITY, Math.max(product.stock, 0));
  if (existing) {
    writeCart(lines.map((l) => (l.product.id === product.id ? { product, quantity: Math.min(cap, l.quantity + quantity) } : l)));
  } else {
    writeCart([...lines, { product, quantity: Math.min(cap, quantity) }]);
  }
}

/** A quantity of 0 or below removes the line (spec §4). */
export function setCartQuantity(productId: string, quantity: number) {
  const lines = readCart();
  writeCart(
    quantity <= 0
      ? lines.filter((l) => l.product.id !== productId)
      : lines.map((l) => (l.product.id === productId ? { ...l, quantity: Math.min(quantity, MAX_LINE_QUANTITY) } : l)),
  );
}

export function removeFromCart(productId: string) {
  setCartQuantity(productId, 0);
}

export function clearCart() {
  writeCart([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useCart(): CartLine[] {
  return useSyncExternalStore(subscribe, readCart, () => EMPTY);
}

export function cartItemCount(lines: CartLine[]) {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

import { useSyncExternalStore } from "react";
import type { CategoryKey } from "~/features/catalog/domain/categories";
import type { PriceBreak } from "~/features/catalog/domain/price-breaks";
import type { KitTaxPart } from "~/features/catalog/domain/product-view";

/** Spec §3: the cart lives in the browser under this key. */
export const CART_KEY = "angle-cart";
/** The attribute the cart page's inline script puts on <html> when the kept cart has lines (offline-head.server.ts). */
export const CART_FLAG = "data-cart-lines";
import { MAX_LINE_QUANTITY } from "~/features/cart/domain/cart-limits";
import { CART_COOKIE, cartCookieValue } from "~/features/cart/domain/cart-cookie";
export { MAX_LINE_QUANTITY };

/**
 * A pack size in the cart, as last quoted. `id` is the product's; `variantId` the size's (absent in
 * a cart saved before pack sizes: the quote fills it in with the product's first size).
 * `variantLabel` is null for a product with one size. `stock` is the size's.
 */
export type CartProduct = {
  id: string;
  variantId?: string;
  variantLabel?: string | null;
  name: string;
  pricePaise: number;
  image: string;
  category: CategoryKey;
  stock: number;
  /** GST (issue 14), from the cart's check against the catalogue; absent in a line not yet checked. */
  gstRate?: number;
  sellerStateCode?: string | null;
  /**
   * Quantity prices (issue 31), from the quote: the cart shows the unit price its quantity reaches.
   * The order is charged what the server finds in its own transaction, never these.
   */
  priceBreaks?: PriceBreak[];
  /** A kit's parts as its GST is charged, from the quote (docs/decisions/055-kits.md); absent for any other size. */
  kitTax?: KitTaxPart[];
};
export type CartLine = { product: CartProduct; quantity: number };

/** What identifies a line: its size, or its product for a line from before sizes. */
export function lineKey(product: CartProduct) {
  return product.variantId ?? product.id;
}

/** The name a line goes by: "Hybrid Tomato Seeds (50 g)". */
export function lineName(product: CartProduct) {
  return product.variantLabel ? `${product.name} (${product.variantLabel})` : product.name;
}

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
    (line.product.variantId === undefined || typeof line.product.variantId === "string") &&
    (line.product.variantLabel === undefined || line.product.variantLabel === null || typeof line.product.variantLabel === "string") &&
    typeof line.product.name === "string" &&
    typeof line.product.pricePaise === "number"
  );
}

/**
 * One line per pack size, at most MAX_LINE_QUANTITY of it: stored lines for one size add up
 * before the cap (three lines of 999 are 999, not 2,997), as checkout counts them.
 */
function mergeLines(lines: CartLine[]): CartLine[] {
  const byId = new Map<string, CartLine>();
  for (const line of lines) {
    const key = lineKey(line.product);
    const seen = byId.get(key);
    byId.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
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
  mirrorCart(lines);
  for (const listener of listeners) listener();
}

/**
 * Through the Cookie Store API (Chrome and its Android WebView since 87, Safari 18.4, Firefox 140): a
 * browser without it keeps no copy, and its checkout is drawn by the scripts.
 */
function mirrorCart(lines: readonly CartLine[]) {
  const store = typeof cookieStore === "undefined" ? undefined : cookieStore;
  if (!store) return;
  const value = cartCookieValue(lines);
  const written = value
    ? store.set({ name: CART_COOKIE, value, path: "/", sameSite: "lax", expires: Date.now() + 30 * 24 * 60 * 60 * 1000 })
    : store.delete({ name: CART_COOKIE, path: "/" });
  // Refused (cookies blocked): the checkout is drawn by the scripts.
  written.catch(() => {});
}

/** Adding a size already in the cart raises its quantity (spec §4); never past stock. */
export function addToCart(product: CartProduct, quantity = 1) {
  addAllToCart([{ product, quantity }]);
}

/** Several sizes at once (the dosage calculator's packs): one write, one notice to listeners. */
export function addAllToCart(items: CartLine[]) {
  let lines = readCart();
  for (const { product, quantity } of items) {
    const key = lineKey(product);
    // A line from before sizes for this product's first size is the same line.
    const same = (l: CartLine) => lineKey(l.product) === key || (!l.product.variantId && l.product.id === key);
    const existing = lines.find(same);
    const cap = Math.min(MAX_LINE_QUANTITY, Math.max(product.stock, 0));
    lines = existing
      ? lines.map((l) => (same(l) ? { product, quantity: Math.min(cap, l.quantity + quantity) } : l))
      : [...lines, { product, quantity: Math.min(cap, quantity) }];
  }
  writeCart(lines);
}

/** A quantity of 0 or below removes the line (spec §4). `key` is the line's lineKey. */
export function setCartQuantity(key: string, quantity: number) {
  const lines = readCart();
  writeCart(
    quantity <= 0
      ? lines.filter((l) => lineKey(l.product) !== key)
      : lines.map((l) => (lineKey(l.product) === key ? { ...l, quantity: Math.min(quantity, MAX_LINE_QUANTITY) } : l)),
  );
}

export function removeFromCart(key: string) {
  setCartQuantity(key, 0);
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

/** The stored cart; `drawn`: the lines the server drew the page with (hydration starts from them). */
export function useCart(drawn?: CartLine[] | null): CartLine[] {
  return useSyncExternalStore(subscribe, readCart, () => drawn ?? EMPTY);
}

export function cartItemCount(lines: CartLine[]) {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

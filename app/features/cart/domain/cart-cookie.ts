import type { QuotedItem } from "~/features/catalog/domain/product-view";
import type { CartLine, CartProduct } from "./cart";
import { MAX_CART_LINES } from "./cart-limits";
import { CART_COOKIE } from "./cart-cookie-name";

/**
 * The cart's sizes and quantities, mirrored in a cookie for the server (issue 30): with it the server
 * draws a signed-in customer's checkout, whose scripts then wait for the person's intent. The browser's
 * storage stays the cart; this copy is never more than its ids and counts ("p~v.3|p~v.1"), and a cart
 * too long for a cookie has none (its checkout is drawn by the scripts, as before).
 */
export { CART_COOKIE };
const CART_COOKIE_MAX = 3800;
const COOKIE_LINE = /^([a-z0-9]{6,40})(?:~([a-z0-9]{6,40}))?\.([1-9][0-9]{0,2})$/;

/** The cookie's value for a cart ("" when it is too long): a line with no size named is its product's ("p.1"). */
export function cartCookieValue(lines: readonly { product: Pick<CartLine["product"], "id" | "variantId">; quantity: number }[]): string {
  const value = lines
    .map((l) => `${l.product.variantId ? `${l.product.id}~${l.product.variantId}` : l.product.id}.${l.quantity}`)
    .join("|");
  return value.length <= CART_COOKIE_MAX ? value : "";
}

/** A cart's line as a quote of it names it: the same in the browser's quote and the server's. */
export function quotedProduct(p: QuotedItem): CartProduct {
  return {
    id: p.productId,
    variantId: p.variantId,
    variantLabel: p.variantLabel,
    name: p.name,
    pricePaise: p.pricePaise,
    image: p.image,
    category: p.category,
    stock: p.stock,
    gstRate: p.gstRate,
    sellerStateCode: p.sellerStateCode,
    ...(p.priceBreaks?.length ? { priceBreaks: p.priceBreaks } : {}),
    ...(p.kitTax?.length ? { kitTax: p.kitTax } : {}),
  };
}

/** A cart the server drew a page with: its lines (as the browser's quote writes them) and its quote. */
export type DrawnCart = { lines: CartLine[]; items: QuotedItem[] };

/** A cart line as the cookie names it: its size, or only its product (its first size, as in the browser's cart). */
export type CookieLine = { productId: string; variantId?: string; quantity: number };

/** The cookie's lines, or null for a value that is not one this store wrote (it is the visitor's to edit). */
export function parseCartCookie(value: string | undefined): CookieLine[] | null {
  if (!value) return null;
  const parts = value.split("|");
  if (parts.length > MAX_CART_LINES) return null;
  const lines: CookieLine[] = [];
  for (const part of parts) {
    const match = COOKIE_LINE.exec(part);
    if (!match) return null;
    const [, productId = "", variantId, quantity = ""] = match;
    if (lines.some((l) => (l.variantId ?? l.productId) === (variantId ?? productId))) return null;
    lines.push(variantId ? { productId, variantId, quantity: Number(quantity) } : { productId, quantity: Number(quantity) });
  }
  return lines;
}

/**
 * The cart the server draws at checkout from the cookie's lines and its quote of them: only when the
 * quote changes nothing (every size still sold, in stock, at most its stock wanted). Anything to tell
 * the customer (a size gone, a quantity lowered) is the scripts' work, with its notices: null.
 */
export function quotedCookieCart(wanted: readonly CookieLine[], items: readonly QuotedItem[]): CartLine[] | null {
  const lines: CartLine[] = [];
  for (const want of wanted) {
    const p = items.find((item) => item.key === (want.variantId ?? want.productId) && item.productId === want.productId);
    // Two lines of one size (a line naming only its product, and its first size) are the scripts' to merge.
    if (!p || p.stock <= 0 || want.quantity > p.stock || lines.some((l) => l.product.variantId === p.variantId)) return null;
    // As the browser's quote writes a line (use-cart-quote.ts), so the page it draws is the server's.
    lines.push({ product: quotedProduct(p), quantity: want.quantity });
  }
  return lines.length ? lines : null;
}

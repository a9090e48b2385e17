import { quoteCart } from "~/features/catalog/server/quote-cart.server";
import { type DrawnCart, parseCartCookie, quotedCookieCart } from "../domain/cart-cookie";

/**
 * The cart a page is drawn with, from the cookie that mirrors the browser's (`cookie`: its value) and
 * the server's quote of it: the cart's lines are then in the HTML, and the page's scripts wait for the
 * person's intent (decision 046). Null when there is no cookie, or the quote would change something
 * (the scripts then draw the page and say what changed).
 */
export async function drawnCart(cookie: string | undefined, userId?: string | null): Promise<DrawnCart | null> {
  const wanted = parseCartCookie(cookie);
  if (!wanted) return null;
  const items = await quoteCart(
    wanted.map(({ productId, variantId }) => (variantId ? { productId, variantId } : { productId })),
    userId,
  );
  const lines = quotedCookieCart(wanted, items);
  return lines ? { lines, items } : null;
}

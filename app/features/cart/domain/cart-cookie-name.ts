/**
 * The cookie that mirrors the cart's lines (cart-cookie.ts, decision 046). Alone in its module: the
 * server's page cache reads it under plain Node, which runs a module's own imports as they are written.
 */
export const CART_COOKIE = "angle-cart-lines";

/** How much one cart may hold: lines, and units of one product (the cart page and checkout both enforce it). */
export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 999;

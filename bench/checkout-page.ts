// /checkout as a signed-in customer with a cart sees it, for Lighthouse. The customer is made through
// the store as the order benchmark makes its customers (bench/orders.ts); the session goes with every
// request of the run as a Cookie header (Lighthouse's extraHeaders). The cart lives in the browser's
// local storage (spec: key `angle-cart`), which Lighthouse's storage reset leaves alone (it clears
// caches, service workers and Cache Storage): it is written into the Chromium profile before each run
// and removed after the page, so the other pages are still measured with an empty cart.
import { chromium } from "@playwright/test";
import { CART_KEY, type CartLine } from "../app/features/cart/domain/cart";
import { CART_COOKIE, cartCookieValue, quotedProduct } from "../app/features/cart/domain/cart-cookie";
import type { QuotedItem } from "../app/features/catalog/domain/product-view";
import { openDatabase } from "../app/platform/db/db.server";
import { signUpCustomers } from "./orders.ts";

export type CheckoutVisit = {
  /** the customer's session cookies and the cart's cookie, as a Cookie header */
  cookie: string;
  /** the stored cart, as the store writes it under CART_KEY */
  cart: string;
  lines: CartLine[];
};

/** The checkout pages: /checkout and its Hindi twin. */
export function isCheckout(path: string) {
  return path === "/checkout" || path === "/hi/checkout";
}

/**
 * A new customer, signed in, and a cart of one of each of the product's sizes as the store's cart
 * keeps them after its check against the catalogue (`/resources/cart-quote`, as the cart page asks).
 * `storeUrl` is the server's BASE_URL (the Origin its forms must carry); `base` where it listens.
 */
export async function prepareCheckout(options: {
  storeUrl: string;
  base: string;
  dbEnv: Record<string, string>;
  productId: string;
}): Promise<CheckoutVisit> {
  const { storeUrl, base, dbEnv, productId } = options;
  const handle = openDatabase({ databaseUrl: dbEnv.DATABASE_URL || undefined, sqlitePath: dbEnv.SQLITE_PATH ?? "" });
  try {
    const [cookie = ""] = await signUpCustomers(storeUrl, handle.db, 1);
    const sizes = await handle.db
      .selectFrom("product_variant")
      .select("id")
      .where("product_id", "=", productId)
      .orderBy("position")
      .execute();
    const ids = sizes.map((s) => `${productId}~${s.id}`).join(",");
    const res = await fetch(`${base}/resources/cart-quote?ids=${encodeURIComponent(ids)}`);
    if (!res.ok) throw new Error(`the cart quote for ${productId} answered ${res.status}`);
    const { items } = (await res.json()) as { items: QuotedItem[] };
    const lines: CartLine[] = items.map((p) => ({ product: quotedProduct(p), quantity: 1 }));
    if (lines.length < 2 || lines.some((l) => l.product.stock < 1)) {
      throw new Error(`the checkout's cart needs a product with several sizes in stock; ${productId} has ${lines.length}`);
    }
    // With the cookie the store's cart writes beside its storage (its sizes and quantities): the
    // server draws the checkout from it.
    return { cookie: `${cookie}; ${CART_COOKIE}=${cartCookieValue(lines)}`, cart: JSON.stringify(lines), lines };
  } finally {
    await handle.close();
  }
}

/**
 * Writes the cart (or removes it, with null) in the local storage of `base`'s origin in the Chromium
 * on `chromePort`, through its default profile, the one Lighthouse's tabs use.
 */
export async function putCart(chromePort: number, base: string, cart: string | null) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default profile to keep the cart in");
    const page = await context.newPage();
    try {
      // A page of the origin that runs no script of the store's: nothing else is stored or cached.
      await page.goto(`${base}/healthz`);
      await page.evaluate(([key, value]) => (value === null ? localStorage.removeItem(key) : localStorage.setItem(key, value)), [
        CART_KEY,
        cart,
      ] as const);
    } finally {
      await page.close();
    }
  } finally {
    // Connected, not launched: this only disconnects; Chromium stays for Lighthouse.
    await browser.close();
  }
}

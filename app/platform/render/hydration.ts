/**
 * When a page's scripts run (docs/decisions/044-hydrate-on-intent.md): shared by the server, which
 * writes the boot script (scripts-after-paint.server.ts), and the root, which says when React has
 * hydrated.
 */

/** The attribute the root sets on <html> once React has hydrated the page. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

/** Set on <html> by a head script when a page that waits for intent must hydrate at once. */
export const HYDRATE_NOW_ATTRIBUTE = "data-hydrate-now";

/** Set on <html> by the head script when the browser's cart has items; `--cart-n` holds the count. */
export const CART_COUNT_ATTRIBUTE = "data-cart-n";

type BootWindow = Window & { __angleHydrated?: () => void };

/**
 * Marks the page hydrated and hands the boot script the clicks it held back (buttons pressed before
 * the scripts ran): clicked again now that their handlers are attached.
 */
export function markHydrated() {
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
  (window as BootWindow).__angleHydrated?.();
}

/**
 * When a page's scripts run (docs/decisions/044-hydrate-on-intent.md): shared by the server, which
 * writes the boot script (scripts-after-paint.server.ts), and the root, which says when React has
 * hydrated.
 */

/** The attribute the root sets on <html> once React has hydrated the page. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

/** Set on <html> by a head script when a page that waits for intent must hydrate at once. */
export const HYDRATE_NOW_ATTRIBUTE = "data-hydrate-now";
/** Marks a form that only works with the page's scripts: sent before they run, it is held until then (EARLY_INTENT). */
export const NEEDS_SCRIPTS_ATTRIBUTE = "data-needs-scripts";

/** Set on <html> by the head script when the browser's cart has items; `--cart-n` holds the count. */
export const CART_COUNT_ATTRIBUTE = "data-cart-n";

type BootWindow = Window & { __angleHydrated?: () => void };

/** A part of the page that hydrates after the root (a lazy part the server drew) is waited for. */
let partPending = false;

/**
 * Marks the page hydrated and hands the boot script the clicks it held back (buttons pressed before
 * the scripts ran): clicked again now that their handlers are attached. The root calls it once it has
 * hydrated; while a part the server drew still waits for its code (React drops a click on a part not
 * yet hydrated), the mark waits for that part (awaitPart).
 */
export function markHydrated() {
  if (partPending) return;
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
  (window as BootWindow).__angleHydrated?.();
}

/**
 * For a lazy part the server drew (the cart's lines, decision 046): called while rendering the page
 * in the browser before it hydrates, it holds the page's hydrated mark back; the part's own effect
 * calls the returned `done` once it has hydrated (one such part a page).
 */
export function awaitPart(): () => void {
  if (typeof document === "undefined" || document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)) return () => {};
  partPending = true;
  return () => {
    if (!partPending) return;
    partPending = false;
    markHydrated();
  };
}

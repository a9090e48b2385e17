import { useEffect, useState } from "react";

const KEY = "angle-checkout-key";

/** crypto.randomUUID exists only on HTTPS or localhost; random hex works everywhere. */
function freshKey() {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A one-time key for this checkout, kept for the tab's session so a double click, a resubmit or a
 * reload-and-retry all carry the same key and the server returns the first order. The page starts
 * from the key the server drew it with (`offered`, the same in the HTML and at hydration), then takes
 * the tab's: the one kept, or the offered one, now kept.
 */
export function useCheckoutKey(offered: string): string {
  const [key, setKey] = useState(offered);
  useEffect(() => setKey(tabKey(offered)), [offered]);
  return key;
}

function tabKey(offered: string): string {
  try {
    const existing = window.sessionStorage.getItem(KEY);
    if (existing) return existing;
    const fresh = offered || freshKey();
    window.sessionStorage.setItem(KEY, fresh);
    return fresh;
  } catch {
    return offered || freshKey();
  }
}

/** After an order is placed, the next checkout gets a new key. */
export function forgetCheckoutKey() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // storage blocked: nothing to forget
  }
}

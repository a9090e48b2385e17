import { useState } from "react";

const KEY = "angle-checkout-key";

/**
 * A one-time key for this checkout, kept for the tab's session so a double click, a resubmit or a
 * reload-and-retry all carry the same key and the server returns the first order.
 */
export function useCheckoutKey(): string {
  const [key] = useState(() => {
    if (typeof window === "undefined") return "";
    try {
      const existing = window.sessionStorage.getItem(KEY);
      if (existing) return existing;
      const fresh = crypto.randomUUID();
      window.sessionStorage.setItem(KEY, fresh);
      return fresh;
    } catch {
      return crypto.randomUUID();
    }
  });
  return key;
}

/** After an order is placed, the next checkout gets a new key. */
export function forgetCheckoutKey() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // storage blocked: nothing to forget
  }
}

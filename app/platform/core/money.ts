// Written out by hand rather than with Intl.NumberFormat: a browser's first Intl formatter loads its
// locale data, 10–20 ms of main thread on a fast desktop and four times that on Lighthouse's phone,
// on every storefront page's hydration (decision 028, fourth session). The rules are en-IN's, and a
// property test holds the two equal on random whole numbers of paise up to 2^46.

/** 1234567 → "12,34,567": the Indian system, the last three digits and then pairs. */
export function groupIndian(n: number): string {
  const whole = Math.round(Math.abs(n));
  return `${n < 0 && whole > 0 ? "-" : ""}${String(whole).replace(/\d(?=(\d\d)*\d{3}$)/g, "$&,")}`;
}

/**
 * ₹1,234.50, or ₹1,234 when `always` is false and there are no paise. Paise are whole by the data
 * rules: a fraction is rounded to the paisa.
 */
function rupees(paise: number, always: boolean): string {
  if (!Number.isFinite(paise)) return `₹${paise}`;
  const abs = Math.round(Math.abs(paise));
  const sign = paise < 0 && abs > 0 ? "-" : "";
  const cents = abs % 100;
  return `${sign}₹${groupIndian(Math.floor(abs / 100))}${always || cents ? `.${String(cents).padStart(2, "0")}` : ""}`;
}

/** ₹15,00,000 — Indian grouping; paise shown only when there are some. */
export function formatPaise(paise: number): string {
  return rupees(paise, false);
}

/** ₹1,050.00 — always with paise, as tax figures are written (a GST report, an invoice). */
export function formatPaiseExact(paise: number): string {
  return rupees(paise, true);
}

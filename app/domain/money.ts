// Written out by hand rather than with Intl.NumberFormat: a browser's first Intl formatter loads its
// locale data, 10–20 ms of main thread on a fast desktop and four times that on Lighthouse's phone,
// on every storefront page's hydration (decision 028, "Intl on the hydration path"). The rules are
// en-IN's, and a test holds the two equal for every whole number of paise up to 2^46.

/** 1234567 → "12,34,567": the Indian system, the last three digits and then pairs. */
export function groupIndian(n: number): string {
  return `${n < 0 ? "-" : ""}${String(Math.round(Math.abs(n))).replace(/\d(?=(\d\d)*\d{3}$)/g, "$&,")}`;
}

/** ₹1,234 or ₹1,234.50 (paise are whole by the data rules: a fraction is rounded, as Intl did). */
function rupees(paise: number, withPaise: boolean): string {
  const abs = Math.round(Math.abs(paise));
  return `${paise < 0 ? "-" : ""}₹${groupIndian(Math.floor(abs / 100))}${withPaise ? `.${String(abs % 100).padStart(2, "0")}` : ""}`;
}

/** ₹15,00,000 — Indian grouping; paise shown only when there are some. */
export function formatPaise(paise: number): string {
  return rupees(paise, Math.round(paise) % 100 !== 0);
}

/** ₹1,050.00 — always with paise, as tax figures are written (a GST report, an invoice). */
export function formatPaiseExact(paise: number): string {
  return rupees(paise, true);
}

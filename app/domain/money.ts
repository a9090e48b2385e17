// Written out by hand rather than with Intl.NumberFormat: a browser's first Intl formatter loads its
// locale data, 10–20 ms of main thread on a fast desktop and four times that on Lighthouse's phone,
// on every storefront page's hydration (decision 028, "Intl on the first paint's path"). The rules
// are the en-IN ones and a test holds them equal to Intl's.

/** 1234567 → "12,34,567": the Indian system, the last three digits and then pairs. */
export function groupIndian(n: number): string {
  const whole = Math.round(n);
  // Past 2^53 (never a price or a count here) digits are not exact: leave those to Intl.
  if (!Number.isSafeInteger(whole)) return n.toLocaleString("en-IN", { maximumFractionDigits: 0 });
  const digits = String(Math.abs(whole));
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  const pairs = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ",")},` : "";
  return `${whole < 0 ? "-" : ""}${pairs}${tail}`;
}

function rupees(amountPaise: number, withPaise: boolean): string {
  // Paise are whole by the data rules; a fraction is rounded to the paisa, as Intl did.
  const paise = Math.round(amountPaise);
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  const whole = `${sign}₹${groupIndian(Math.floor(abs / 100))}`;
  return withPaise ? `${whole}.${String(abs % 100).padStart(2, "0")}` : whole;
}

/** ₹15,00,000 — Indian grouping; paise shown only when there are some. */
export function formatPaise(paise: number): string {
  return rupees(paise, Math.round(paise) % 100 !== 0);
}

/** ₹1,050.00 — always with paise, as tax figures are written (a GST report, an invoice). */
export function formatPaiseExact(paise: number): string {
  return rupees(paise, true);
}

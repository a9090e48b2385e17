// Not in money.ts: that module is in every storefront page's script, this only in the admin's
// product form (docs/decisions/007-first-load-budget.md).

/** Parses a rupee amount typed by a person ("1,499.50") into integer paise, or null. */
export function parseRupeesToPaise(input: string): number | null {
  const cleaned = input.replace(/[₹,\s]/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Rupees with paise for a spreadsheet: 1234550 paise → "12345.50" (no ₹ or grouping, so it sums). */
export function paiseToRupeeText(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(paise));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

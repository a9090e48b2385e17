/**
 * The lots an order line's units came from (order_line_lot join lot), as the order's documents and
 * pages show them: "Lot TS-2411-A (exp. Mar 2027) × 3". A line of a size without lots has none.
 */
export type LineLot = {
  number: string;
  /** YYYY-MM-DD, or null for a lot that does not expire. */
  expiresOn: string | null;
  /** Units of the line taken from this lot. */
  quantity: number;
};

/** "Mar 2027" (en) or "मार्च 2027" (hi): the month an expiry day falls in, as labels print it. */
export function expiryMonth(day: string, locale: "en" | "hi" = "en"): string {
  const [year, month] = day.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale === "hi" ? "hi-IN" : "en-IN", { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/** One lot of a line in English: "Lot TS-2411-A (exp. Mar 2027) × 3"; without an expiry, "Lot TS-2411-A × 3". */
export function lotLineEnglish(lot: LineLot): string {
  const expiry = lot.expiresOn ? ` (exp. ${expiryMonth(lot.expiresOn, "en")})` : "";
  return `Lot ${lot.number}${expiry} × ${lot.quantity}`;
}

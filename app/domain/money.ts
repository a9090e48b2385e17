const rupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
});
const rupeesWithPaise = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹15,00,000 — Indian grouping; paise shown only when there are some. */
export function formatPaise(paise: number): string {
  return paise % 100 === 0 ? rupees.format(paise / 100) : rupeesWithPaise.format(paise / 100);
}

/** ₹1,050.00 — always with paise, as tax figures are written (a GST report, an invoice). */
export function formatPaiseExact(paise: number): string {
  return rupeesWithPaise.format(paise / 100);
}

/**
 * An amount in words, as tax invoices print it (CGST Rules rule 46 asks for the value; Indian
 * invoices also write it out): the Indian numbering system of thousand, lakh (1,00,000) and crore
 * (1,00,00,000). A count of crores is itself written in that system, so 1,00,000 crore is
 * "One Lakh Crore" — every whole number of paise up to Number.MAX_SAFE_INTEGER has its words.
 */
const UNITS = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

const CRORE = 10_000_000;
const LAKH = 100_000;
const THOUSAND = 1_000;

/** 1–99. */
function belowHundred(n: number): string {
  if (n < 20) return UNITS[n] as string;
  const tens = TENS[Math.floor(n / 10)] as string;
  return n % 10 === 0 ? tens : `${tens} ${UNITS[n % 10]}`;
}

/** 1–999. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words = hundreds > 0 ? [`${UNITS[hundreds]} Hundred`] : [];
  if (rest > 0) words.push(belowHundred(rest));
  return words.join(" ");
}

/** A positive whole number in the Indian system. */
function wholeNumber(n: number): string {
  const words: string[] = [];
  const crores = Math.floor(n / CRORE);
  if (crores > 0) words.push(`${wholeNumber(crores)} Crore`);
  let rest = n % CRORE;
  const lakhs = Math.floor(rest / LAKH);
  if (lakhs > 0) words.push(`${belowHundred(lakhs)} Lakh`);
  rest %= LAKH;
  const thousands = Math.floor(rest / THOUSAND);
  if (thousands > 0) words.push(`${belowHundred(thousands)} Thousand`);
  rest %= THOUSAND;
  if (rest > 0) words.push(belowThousand(rest));
  return words.join(" ");
}

/**
 * "Rupees One Lakh Twenty Thousand Five Hundred Only" for 1,20,50,000 paise; "Rupees Ten and Fifty
 * Paise Only" for 1,050; "Rupees Zero Only" for 0. Documents print positive amounts (a credit note
 * too), so a negative or fractional amount is a caller's mistake and throws a RangeError.
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`amountInWords takes a whole, non-negative number of paise up to ${Number.MAX_SAFE_INTEGER}; got ${paise}.`);
  }
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = rupees === 0 ? "Zero" : wholeNumber(rupees);
  if (rest === 0) return `Rupees ${rupeeWords} Only`;
  return `Rupees ${rupeeWords} and ${belowHundred(rest)} ${rest === 1 ? "Paisa" : "Paise"} Only`;
}

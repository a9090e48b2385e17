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

/** A language's words for writing numbers in the Indian system. */
export type IndianNumberWords = {
  /** 1–99 */
  belowHundred: (n: number) => string;
  hundred: string;
  thousand: string;
  lakh: string;
  crore: string;
};

/**
 * A positive whole number in the Indian system, in the given words: crores (a count of crores is
 * itself written in the system), then lakhs, thousands, hundreds and the rest.
 */
export function indianNumber(n: number, words: IndianNumberWords): string {
  const parts: string[] = [];
  const crores = Math.floor(n / CRORE);
  if (crores > 0) parts.push(`${indianNumber(crores, words)} ${words.crore}`);
  let rest = n % CRORE;
  for (const [size, name] of [
    [LAKH, words.lakh],
    [THOUSAND, words.thousand],
    [100, words.hundred],
  ] as const) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${words.belowHundred(count)} ${name}`);
    rest %= size;
  }
  if (rest > 0) parts.push(words.belowHundred(rest));
  return parts.join(" ");
}

/** 1–99. */
function belowHundred(n: number): string {
  if (n < 20) return UNITS[n] as string;
  const tens = TENS[Math.floor(n / 10)] as string;
  return n % 10 === 0 ? tens : `${tens} ${UNITS[n % 10]}`;
}

const ENGLISH: IndianNumberWords = { belowHundred, hundred: "Hundred", thousand: "Thousand", lakh: "Lakh", crore: "Crore" };

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
  const rupeeWords = rupees === 0 ? "Zero" : indianNumber(rupees, ENGLISH);
  if (rest === 0) return `Rupees ${rupeeWords} Only`;
  return `Rupees ${rupeeWords} and ${belowHundred(rest)} ${rest === 1 ? "Paisa" : "Paise"} Only`;
}

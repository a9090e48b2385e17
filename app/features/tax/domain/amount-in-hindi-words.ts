import { type IndianNumberWords, indianNumber } from "./amount-in-words";

/**
 * The amount in words in Hindi, printed under the English one on tax documents: the same Indian
 * system (हज़ार, लाख, करोड़, a count of crores written in that system too) and the same limits as
 * amountInWords. Hindi has a word of its own for every number below a hundred, so they are listed,
 * not composed. Where two spellings are in use (चवालीस / चौवालीस, तिरपन / तिरेपन, तिरसठ / तिरेसठ,
 * उनासी / उन्यासी, पंचानवे / पचानवे) this keeps to the first. A nukta is written as its own sign
 * (ज + ़), as Unicode's normal form (NFC) has it.
 */
const BELOW_HUNDRED = [
  "शून्य",
  "एक",
  "दो",
  "तीन",
  "चार",
  "पाँच",
  "छह",
  "सात",
  "आठ",
  "नौ",
  "दस",
  "ग्यारह",
  "बारह",
  "तेरह",
  "चौदह",
  "पंद्रह",
  "सोलह",
  "सत्रह",
  "अठारह",
  "उन्नीस",
  "बीस",
  "इक्कीस",
  "बाईस",
  "तेईस",
  "चौबीस",
  "पच्चीस",
  "छब्बीस",
  "सत्ताईस",
  "अट्ठाईस",
  "उनतीस",
  "तीस",
  "इकतीस",
  "बत्तीस",
  "तैंतीस",
  "चौंतीस",
  "पैंतीस",
  "छत्तीस",
  "सैंतीस",
  "अड़तीस",
  "उनतालीस",
  "चालीस",
  "इकतालीस",
  "बयालीस",
  "तैंतालीस",
  "चवालीस",
  "पैंतालीस",
  "छियालीस",
  "सैंतालीस",
  "अड़तालीस",
  "उनचास",
  "पचास",
  "इक्यावन",
  "बावन",
  "तिरपन",
  "चौवन",
  "पचपन",
  "छप्पन",
  "सत्तावन",
  "अट्ठावन",
  "उनसठ",
  "साठ",
  "इकसठ",
  "बासठ",
  "तिरसठ",
  "चौंसठ",
  "पैंसठ",
  "छियासठ",
  "सड़सठ",
  "अड़सठ",
  "उनहत्तर",
  "सत्तर",
  "इकहत्तर",
  "बहत्तर",
  "तिहत्तर",
  "चौहत्तर",
  "पचहत्तर",
  "छिहत्तर",
  "सतहत्तर",
  "अठहत्तर",
  "उनासी",
  "अस्सी",
  "इक्यासी",
  "बयासी",
  "तिरासी",
  "चौरासी",
  "पचासी",
  "छियासी",
  "सत्तासी",
  "अट्ठासी",
  "नवासी",
  "नब्बे",
  "इक्यानवे",
  "बानवे",
  "तिरानवे",
  "चौरानवे",
  "पंचानवे",
  "छियानवे",
  "सत्तानवे",
  "अट्ठानवे",
  "निन्यानवे",
];

/** Hindi's words for the Indian system; a hundred is "एक सौ", as invoices write it. */
const HINDI: IndianNumberWords = {
  belowHundred: (n) => BELOW_HUNDRED[n] as string,
  hundred: "सौ",
  thousand: "हज़ार",
  lakh: "लाख",
  crore: "करोड़",
};

/**
 * "एक हज़ार दो सौ पचास रुपये और पचास पैसे मात्र" for 1,25,050 paise; "शून्य रुपये मात्र" for 0;
 * "शून्य रुपये और एक पैसा मात्र" for 1. Exactly one rupee or one paisa is singular (एक रुपया, एक
 * पैसा), as the English says "One Paisa". A negative or fractional amount throws a RangeError, as
 * amountInWords does.
 */
export function amountInHindiWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`amountInHindiWords takes a whole, non-negative number of paise up to ${Number.MAX_SAFE_INTEGER}; got ${paise}.`);
  }
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = `${rupees === 0 ? "शून्य" : indianNumber(rupees, HINDI)} ${rupees === 1 ? "रुपया" : "रुपये"}`;
  if (rest === 0) return `${rupeeWords} मात्र`;
  return `${rupeeWords} और ${HINDI.belowHundred(rest)} ${rest === 1 ? "पैसा" : "पैसे"} मात्र`;
}

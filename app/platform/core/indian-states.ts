/**
 * India's States and Union Territories with their GST State codes (the first two digits of a
 * GSTIN, also the place-of-supply code on invoices). `legacyCodes` are older codes that GSTINs
 * still carry: Daman and Diu (25) before its 2020 merger with Dadra and Nagar Haveli (26), and
 * undivided Andhra Pradesh (28). Client-safe: the address forms render it as a <select>. `name` is
 * what forms post and the database keeps; `nameHi` is what a Hindi page shows.
 */
export type IndianState = { name: string; nameHi: string; gstCode: string; kind: "state" | "ut"; legacyCodes?: readonly string[] };

export const INDIAN_STATES: readonly IndianState[] = [
  { name: "Andaman and Nicobar Islands", nameHi: "अंडमान और निकोबार द्वीपसमूह", gstCode: "35", kind: "ut" },
  { name: "Andhra Pradesh", nameHi: "आंध्र प्रदेश", gstCode: "37", kind: "state", legacyCodes: ["28"] },
  { name: "Arunachal Pradesh", nameHi: "अरुणाचल प्रदेश", gstCode: "12", kind: "state" },
  { name: "Assam", nameHi: "असम", gstCode: "18", kind: "state" },
  { name: "Bihar", nameHi: "बिहार", gstCode: "10", kind: "state" },
  { name: "Chandigarh", nameHi: "चंडीगढ़", gstCode: "04", kind: "ut" },
  { name: "Chhattisgarh", nameHi: "छत्तीसगढ़", gstCode: "22", kind: "state" },
  {
    name: "Dadra and Nagar Haveli and Daman and Diu",
    nameHi: "दादरा और नगर हवेली और दमन और दीव",
    gstCode: "26",
    kind: "ut",
    legacyCodes: ["25"],
  },
  { name: "Delhi", nameHi: "दिल्ली", gstCode: "07", kind: "ut" },
  { name: "Goa", nameHi: "गोवा", gstCode: "30", kind: "state" },
  { name: "Gujarat", nameHi: "गुजरात", gstCode: "24", kind: "state" },
  { name: "Haryana", nameHi: "हरियाणा", gstCode: "06", kind: "state" },
  { name: "Himachal Pradesh", nameHi: "हिमाचल प्रदेश", gstCode: "02", kind: "state" },
  { name: "Jammu and Kashmir", nameHi: "जम्मू और कश्मीर", gstCode: "01", kind: "ut" },
  { name: "Jharkhand", nameHi: "झारखंड", gstCode: "20", kind: "state" },
  { name: "Karnataka", nameHi: "कर्नाटक", gstCode: "29", kind: "state" },
  { name: "Kerala", nameHi: "केरल", gstCode: "32", kind: "state" },
  { name: "Ladakh", nameHi: "लद्दाख", gstCode: "38", kind: "ut" },
  { name: "Lakshadweep", nameHi: "लक्षद्वीप", gstCode: "31", kind: "ut" },
  { name: "Madhya Pradesh", nameHi: "मध्य प्रदेश", gstCode: "23", kind: "state" },
  { name: "Maharashtra", nameHi: "महाराष्ट्र", gstCode: "27", kind: "state" },
  { name: "Manipur", nameHi: "मणिपुर", gstCode: "14", kind: "state" },
  { name: "Meghalaya", nameHi: "मेघालय", gstCode: "17", kind: "state" },
  { name: "Mizoram", nameHi: "मिज़ोरम", gstCode: "15", kind: "state" },
  { name: "Nagaland", nameHi: "नगालैंड", gstCode: "13", kind: "state" },
  { name: "Odisha", nameHi: "ओडिशा", gstCode: "21", kind: "state" },
  { name: "Puducherry", nameHi: "पुदुचेरी", gstCode: "34", kind: "ut" },
  { name: "Punjab", nameHi: "पंजाब", gstCode: "03", kind: "state" },
  { name: "Rajasthan", nameHi: "राजस्थान", gstCode: "08", kind: "state" },
  { name: "Sikkim", nameHi: "सिक्किम", gstCode: "11", kind: "state" },
  { name: "Tamil Nadu", nameHi: "तमिलनाडु", gstCode: "33", kind: "state" },
  { name: "Telangana", nameHi: "तेलंगाना", gstCode: "36", kind: "state" },
  { name: "Tripura", nameHi: "त्रिपुरा", gstCode: "16", kind: "state" },
  { name: "Uttar Pradesh", nameHi: "उत्तर प्रदेश", gstCode: "09", kind: "state" },
  { name: "Uttarakhand", nameHi: "उत्तराखंड", gstCode: "05", kind: "state" },
  { name: "West Bengal", nameHi: "पश्चिम बंगाल", gstCode: "19", kind: "state" },
];

export const INDIAN_STATE_NAMES = INDIAN_STATES.map((s) => s.name);

export function findIndianState(name: string): IndianState | undefined {
  return INDIAN_STATES.find((s) => s.name === name);
}

/** The State or Union Territory a GST State code belongs to (current or legacy code). */
export function indianStateByGstCode(code: string): IndianState | undefined {
  return INDIAN_STATES.find((s) => s.gstCode === code || s.legacyCodes?.includes(code));
}

/** A State's name as a page in `locale` shows it: its Hindi name on a Hindi page; a name not in the list as it is. */
export function stateName(name: string, locale: string): string {
  if (locale !== "hi") return name;
  return findIndianState(name)?.nameHi ?? name;
}

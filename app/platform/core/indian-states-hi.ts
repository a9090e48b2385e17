import { findIndianState } from "./indian-states";

/**
 * India's States and Union Territories in Hindi, by the English name forms post and the database
 * keeps. For server code (pages' loaders, emails, refusals); a browser component says a State in
 * Hindi through the ui_state_<GST code> messages instead, so no script carries Hindi. A test keeps
 * the two the same (indian-states-hi.test.ts).
 */
export const STATE_NAMES_HI: Readonly<Record<string, string>> = {
  "Andaman and Nicobar Islands": "अंडमान और निकोबार द्वीपसमूह",
  "Andhra Pradesh": "आंध्र प्रदेश",
  "Arunachal Pradesh": "अरुणाचल प्रदेश",
  Assam: "असम",
  Bihar: "बिहार",
  Chandigarh: "चंडीगढ़",
  Chhattisgarh: "छत्तीसगढ़",
  "Dadra and Nagar Haveli and Daman and Diu": "दादरा और नगर हवेली और दमन और दीव",
  Delhi: "दिल्ली",
  Goa: "गोवा",
  Gujarat: "गुजरात",
  Haryana: "हरियाणा",
  "Himachal Pradesh": "हिमाचल प्रदेश",
  "Jammu and Kashmir": "जम्मू और कश्मीर",
  Jharkhand: "झारखंड",
  Karnataka: "कर्नाटक",
  Kerala: "केरल",
  Ladakh: "लद्दाख",
  Lakshadweep: "लक्षद्वीप",
  "Madhya Pradesh": "मध्य प्रदेश",
  Maharashtra: "महाराष्ट्र",
  Manipur: "मणिपुर",
  Meghalaya: "मेघालय",
  Mizoram: "मिज़ोरम",
  Nagaland: "नगालैंड",
  Odisha: "ओडिशा",
  Puducherry: "पुदुचेरी",
  Punjab: "पंजाब",
  Rajasthan: "राजस्थान",
  Sikkim: "सिक्किम",
  "Tamil Nadu": "तमिलनाडु",
  Telangana: "तेलंगाना",
  Tripura: "त्रिपुरा",
  "Uttar Pradesh": "उत्तर प्रदेश",
  Uttarakhand: "उत्तराखंड",
  "West Bengal": "पश्चिम बंगाल",
};

/** A State's name as a page or message in `locale` says it; a name not in the list as it is. */
export function stateName(name: string, locale: string): string {
  if (locale !== "hi" || !findIndianState(name)) return name;
  return STATE_NAMES_HI[name] ?? name;
}

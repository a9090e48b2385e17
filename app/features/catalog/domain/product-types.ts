import { foldDevanagari } from "../../../platform/i18n/devanagari";
import type { CategoryKey } from "./categories";
import { singular, type SearchTerm } from "./search-terms";

/**
 * Kinds of product a farmer asks for by name. When a search names one and no product on sale is
 * called so (in either language), the store says it does not sell it and offers the nearest
 * alternatives: its category's products (docs/decisions/040-search-tags.md).
 *
 * `en` and `hi` are how the sentence names it ("We don't sell urea." / "हम यूरिया नहीं बेचते।");
 * `words` are what a shopper types for it, in English, Hindi and Hinglish (3+ characters each, so a
 * trigram index can look for them in names).
 */
export type ProductType = { key: string; en: string; hi: string; category: CategoryKey | null; words: readonly string[] };

export const PRODUCT_TYPES: readonly ProductType[] = [
  { key: "urea", en: "urea", hi: "यूरिया", category: "fertilizers", words: ["urea", "यूरिया", "yuria", "yuriya"] },
  { key: "dap", en: "DAP", hi: "डीएपी", category: "fertilizers", words: ["dap", "डीएपी", "di-ammonium phosphate"] },
  { key: "npk", en: "NPK fertiliser", hi: "एनपीके खाद", category: "fertilizers", words: ["npk", "एनपीके"] },
  { key: "potash", en: "potash (MOP)", hi: "पोटाश", category: "fertilizers", words: ["potash", "पोटाश", "muriate of potash"] },
  {
    key: "ssp",
    en: "single super phosphate",
    hi: "सिंगल सुपर फ़ॉस्फ़ेट",
    category: "fertilizers",
    words: ["ssp", "super phosphate", "सुपर फॉस्फेट"],
  },
  { key: "zinc", en: "zinc sulphate", hi: "ज़िंक सल्फ़ेट", category: "fertilizers", words: ["zinc", "जिंक"] },
  { key: "gypsum", en: "gypsum", hi: "जिप्सम", category: "fertilizers", words: ["gypsum", "जिप्सम"] },
  { key: "vermicompost", en: "vermicompost", hi: "केंचुआ खाद", category: "fertilizers", words: ["vermicompost", "वर्मीकम्पोस्ट", "केंचुआ"] },
  { key: "compost", en: "compost", hi: "कम्पोस्ट", category: "fertilizers", words: ["compost", "कम्पोस्ट", "कंपोस्ट"] },
  { key: "cow-dung", en: "cow dung manure", hi: "गोबर खाद", category: "fertilizers", words: ["cow dung", "गोबर", "gobar"] },
  { key: "neem-cake", en: "neem cake", hi: "नीम खली", category: "fertilizers", words: ["neem cake", "नीम खली", "khali", "खली"] },
  { key: "pesticide", en: "pesticides", hi: "कीटनाशक", category: null, words: ["pesticide", "insecticide", "कीटनाशक", "keetnashak"] },
  { key: "fungicide", en: "fungicides", hi: "फफूंदनाशक", category: null, words: ["fungicide", "फफूंदनाशक"] },
  { key: "herbicide", en: "weedicides", hi: "खरपतवारनाशक", category: null, words: ["herbicide", "weedicide", "खरपतवारनाशक"] },
  { key: "tractor", en: "tractors", hi: "ट्रैक्टर", category: "equipment", words: ["tractor", "ट्रैक्टर"] },
  { key: "rotavator", en: "rotavators", hi: "रोटावेटर", category: "equipment", words: ["rotavator", "rotary tiller", "रोटावेटर"] },
  { key: "cultivator", en: "cultivators", hi: "कल्टीवेटर", category: "equipment", words: ["cultivator", "कल्टीवेटर"] },
  { key: "plough", en: "ploughs", hi: "हल", category: "equipment", words: ["plough", "plow"] },
  { key: "seed-drill", en: "seed drills", hi: "सीड ड्रिल", category: "equipment", words: ["seed drill", "सीड ड्रिल"] },
  { key: "thresher", en: "threshers", hi: "थ्रेशर", category: "equipment", words: ["thresher", "थ्रेशर"] },
  { key: "harvester", en: "harvesters", hi: "हार्वेस्टर", category: "equipment", words: ["harvester", "हार्वेस्टर"] },
  { key: "power-tiller", en: "power tillers", hi: "पावर टिलर", category: "equipment", words: ["power tiller", "पावर टिलर"] },
  { key: "pump", en: "pumps", hi: "पंप", category: "equipment", words: ["pump", "पंप"] },
  { key: "sprinkler", en: "sprinklers", hi: "स्प्रिंकलर", category: "equipment", words: ["sprinkler", "स्प्रिंकलर", "फव्वारा"] },
  { key: "drip", en: "drip irrigation", hi: "ड्रिप सिंचाई", category: "equipment", words: ["drip", "ड्रिप"] },
  { key: "pipe", en: "pipes", hi: "पाइप", category: "equipment", words: ["pipe", "पाइप"] },
  { key: "sprayer", en: "sprayers", hi: "स्प्रेयर", category: "tools", words: ["sprayer", "spray pump", "स्प्रेयर", "स्प्रे पंप"] },
  { key: "spade", en: "spades", hi: "फावड़ा", category: "tools", words: ["spade", "shovel", "फावड़ा", "phawda"] },
  { key: "hoe", en: "hoes", hi: "कुदाल", category: "tools", words: ["hoe", "कुदाल", "kudal"] },
  { key: "khurpi", en: "khurpi (hand weeder)", hi: "खुरपी", category: "tools", words: ["khurpi", "खुरपी", "hand weeder"] },
  { key: "sickle", en: "sickles", hi: "हंसिया", category: "tools", words: ["sickle", "हंसिया", "दरांती", "hansiya", "darati"] },
  { key: "axe", en: "axes", hi: "कुल्हाड़ी", category: "tools", words: ["axe", "कुल्हाड़ी", "kulhadi"] },
  { key: "secateurs", en: "secateurs", hi: "कैंची", category: "tools", words: ["secateurs", "pruner", "कैंची"] },
  { key: "wheelbarrow", en: "wheelbarrows", hi: "ठेला", category: "tools", words: ["wheelbarrow", "ठेला"] },
  { key: "pot", en: "plant pots", hi: "गमले", category: "tools", words: ["pot", "planter", "गमला", "गमले", "gamla"] },
  { key: "gloves", en: "gloves", hi: "दस्ताने", category: "tools", words: ["glove", "दस्ताने"] },
  { key: "tarpaulin", en: "tarpaulins", hi: "तिरपाल", category: "tools", words: ["tarpaulin", "तिरपाल", "tirpal"] },
  { key: "mulch", en: "mulch film", hi: "मल्चिंग फ़िल्म", category: "tools", words: ["mulch", "मल्चिंग"] },
  { key: "shade-net", en: "shade nets", hi: "शेड नेट", category: "tools", words: ["shade net", "शेड नेट"] },
];

/** A type's words as a search reads them: lower case, Devanagari folded (devanagari.ts). */
export const typeWords = (type: ProductType) => type.words.map((w) => foldDevanagari(w).toLowerCase());

/**
 * The types a search names: a type's word is one of the search's words or runs of words (or its
 * singular), or one of a term's forms (so "yuria" and "यूरिया" name urea through the synonyms).
 */
export function namedTypes(words: string[], terms: SearchTerm[]): ProductType[] {
  const said = new Set<string>();
  for (let i = 0; i < words.length; i++)
    for (let n = 1; n <= 3 && i + n <= words.length; n++) {
      const run = words.slice(i, i + n).join(" ");
      said.add(run).add(singular(run));
    }
  for (const term of terms) for (const form of term.forms) said.add(form);
  return PRODUCT_TYPES.filter((type) => typeWords(type).some((w) => said.has(w)));
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountInHindiWords } from "./amount-in-hindi-words";
import { amountInWords } from "./amount-in-words";

const rupees = (n: number) => amountInHindiWords(n * 100);

/** The number alone: "बयालीस" from "बयालीस रुपये मात्र". */
const number = (n: number) => rupees(n).replace(/ रुपया मात्र$| रुपये मात्र$/, "");

/** 1–99 written out apart from the code under test, in the spellings it keeps to where two are in use. */
const HINDI_1_TO_99 = `एक दो तीन चार पाँच छह सात आठ नौ दस
  ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस बीस
  इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस तीस
  इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस चालीस
  इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास पचास
  इक्यावन बावन तिरपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ साठ
  इकसठ बासठ तिरसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर सत्तर
  इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उनासी अस्सी
  इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी नब्बे
  इक्यानवे बानवे तिरानवे चौरानवे पंचानवे छियानवे सत्तानवे अट्ठानवे निन्यानवे`.split(/\s+/);

const VALUES = new Map(HINDI_1_TO_99.map((word, i) => [word, i + 1] as const));

/** An independent reader of the words: a number in the Indian system back to its value. */
function readNumber(words: string): number {
  let total = 0;
  let current = 0;
  for (const word of words.split(" ")) {
    const value = VALUES.get(word);
    if (value !== undefined) current += value;
    else if (word === "शून्य" && words === "शून्य") return 0;
    else if (word === "सौ") current *= 100;
    else if (word === "हज़ार") [total, current] = [total + current * 1_000, 0];
    else if (word === "लाख") [total, current] = [total + current * 1_00_000, 0];
    else if (word === "करोड़") [total, current] = [(total + current) * 1_00_00_000, 0];
    else throw new Error(`Unexpected word ${word} in ${words}`);
  }
  return total + current;
}

function readBack(text: string): number {
  const match = /^(.+?) (?:रुपया|रुपये)(?: और (.+) (?:पैसा|पैसे))? मात्र$/.exec(text);
  if (!match) throw new Error(`Not an amount in Hindi words: ${text}`);
  return readNumber(match[1] as string) * 100 + (match[2] ? readNumber(match[2]) : 0);
}

describe("amountInHindiWords", () => {
  it("has all 99 words below a hundred, each its own", () => {
    expect(HINDI_1_TO_99).toHaveLength(99);
    const words = Array.from({ length: 99 }, (_, i) => number(i + 1));
    expect(words).toEqual(HINDI_1_TO_99);
    expect(new Set(words).size).toBe(99);
  });

  it.each([
    [0, "शून्य रुपये मात्र"],
    [1_00, "एक रुपया मात्र"],
    [2_00, "दो रुपये मात्र"],
    [5_00, "पाँच रुपये मात्र"],
    [6_00, "छह रुपये मात्र"],
    [9_00, "नौ रुपये मात्र"],
    [10_00, "दस रुपये मात्र"],
    [11_00, "ग्यारह रुपये मात्र"],
    [12_00, "बारह रुपये मात्र"],
    [13_00, "तेरह रुपये मात्र"],
    [14_00, "चौदह रुपये मात्र"],
    [15_00, "पंद्रह रुपये मात्र"],
    [16_00, "सोलह रुपये मात्र"],
    [17_00, "सत्रह रुपये मात्र"],
    [18_00, "अठारह रुपये मात्र"],
    [19_00, "उन्नीस रुपये मात्र"],
    [20_00, "बीस रुपये मात्र"],
    [21_00, "इक्कीस रुपये मात्र"],
    [29_00, "उनतीस रुपये मात्र"],
    [39_00, "उनतालीस रुपये मात्र"],
    [44_00, "चवालीस रुपये मात्र"],
    [49_00, "उनचास रुपये मात्र"],
    [51_00, "इक्यावन रुपये मात्र"],
    [53_00, "तिरपन रुपये मात्र"],
    [59_00, "उनसठ रुपये मात्र"],
    [61_00, "इकसठ रुपये मात्र"],
    [67_00, "सड़सठ रुपये मात्र"],
    [69_00, "उनहत्तर रुपये मात्र"],
    [71_00, "इकहत्तर रुपये मात्र"],
    [79_00, "उनासी रुपये मात्र"],
    [81_00, "इक्यासी रुपये मात्र"],
    [89_00, "नवासी रुपये मात्र"],
    [91_00, "इक्यानवे रुपये मात्र"],
    [95_00, "पंचानवे रुपये मात्र"],
    [99_00, "निन्यानवे रुपये मात्र"],
    [100_00, "एक सौ रुपये मात्र"],
    [101_00, "एक सौ एक रुपये मात्र"],
    [310_00, "तीन सौ दस रुपये मात्र"],
    [999_00, "नौ सौ निन्यानवे रुपये मात्र"],
    [1_000_00, "एक हज़ार रुपये मात्र"],
    [1_001_00, "एक हज़ार एक रुपये मात्र"],
    [99_999_00, "निन्यानवे हज़ार नौ सौ निन्यानवे रुपये मात्र"],
    [1_00_000_00, "एक लाख रुपये मात्र"],
    [99_99_999_00, "निन्यानवे लाख निन्यानवे हज़ार नौ सौ निन्यानवे रुपये मात्र"],
    [1_00_00_000_00, "एक करोड़ रुपये मात्र"],
    [2_05_00_000_00, "दो करोड़ पाँच लाख रुपये मात्र"],
    [12_34_56_789_00, "बारह करोड़ चौंतीस लाख छप्पन हज़ार सात सौ नवासी रुपये मात्र"],
    [1_00_000_00_00_000_00, "एक लाख करोड़ रुपये मात्र"],
    [99_99_99_99_999_00, "नौ हज़ार नौ सौ निन्यानवे करोड़ निन्यानवे लाख निन्यानवे हज़ार नौ सौ निन्यानवे रुपये मात्र"],
    [1, "शून्य रुपये और एक पैसा मात्र"],
    [50, "शून्य रुपये और पचास पैसे मात्र"],
    [99, "शून्य रुपये और निन्यानवे पैसे मात्र"],
    [1_01, "एक रुपया और एक पैसा मात्र"],
    [10_50, "दस रुपये और पचास पैसे मात्र"],
    [1_250_50, "एक हज़ार दो सौ पचास रुपये और पचास पैसे मात्र"],
    [10_450_42, "दस हज़ार चार सौ पचास रुपये और बयालीस पैसे मात्र"],
    [1_00_000_05, "एक लाख रुपये और पाँच पैसे मात्र"],
    [Number.MAX_SAFE_INTEGER, "नब्बे लाख सात हज़ार एक सौ निन्यानवे करोड़ पच्चीस लाख सैंतालीस हज़ार चार सौ नौ रुपये और इक्यानवे पैसे मात्र"],
  ])("writes %i paise as %s", (paise, words) => {
    expect(amountInHindiWords(paise)).toBe(words);
  });

  it("refuses negative, fractional and unsafe amounts with a RangeError, as the English does", () => {
    for (const bad of [-1, -100, 10.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => amountInHindiWords(bad)).toThrow(RangeError);
    }
    expect(() => amountInHindiWords(-100)).toThrow(/non-negative number of paise/);
  });

  const amount = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 99_99_99_99_999_99 }), fc.maxSafeNat());

  it("always gives clean words: Devanagari only, no gaps, rupees always and paise when there are any", () => {
    fc.assert(
      fc.property(amount, (paise) => {
        const words = amountInHindiWords(paise);
        expect(words).toMatch(/^[\u0900-\u097F]+( [\u0900-\u097F]+)* मात्र$/);
        expect(words).not.toMatch(/undefined|NaN|\s{2}/);
        expect(words.normalize("NFC")).toBe(words);
        expect(words.includes(" रुपये") || words.includes(" रुपया")).toBe(true);
        expect(words.includes(" रुपया")).toBe(Math.floor(paise / 100) === 1);
        expect(words.includes(" पैसे ") || words.includes(" पैसा ")).toBe(paise % 100 !== 0);
        expect(words.includes(" पैसा ")).toBe(paise % 100 === 1);
      }),
    );
  });

  it("reads back to the amount, with the English words' crores, lakhs, thousands and hundreds in the same order", () => {
    const SCALES = new Map([
      ["Crore", "करोड़"],
      ["Lakh", "लाख"],
      ["Thousand", "हज़ार"],
      ["Hundred", "सौ"],
    ]);
    fc.assert(
      fc.property(amount, (paise) => {
        const words = amountInHindiWords(paise);
        expect(readBack(words)).toBe(paise);
        const english = amountInWords(paise)
          .split(" ")
          .flatMap((word) => SCALES.get(word) ?? []);
        expect(words.split(" ").filter((word) => [...SCALES.values()].includes(word))).toEqual(english);
      }),
    );
    // Neighbours at every boundary, where a slip would most likely repeat or drop words.
    for (const edge of [1_00, 1_000_00, 1_00_000_00, 1_00_00_000_00, 1_00_000_00_00_000_00]) {
      for (const paise of [edge - 100, edge - 1, edge, edge + 1, edge + 100]) expect(readBack(amountInHindiWords(paise))).toBe(paise);
    }
  });
});

import { describe, expect, it } from "vitest";
import { foldDevanagari } from "../../../platform/i18n/devanagari";
import { searchTerms, searchWords, singular, wordSimilarity } from "./search-terms";

describe("searchWords", () => {
  it("splits into lower-case words without surrounding punctuation, at most eight", () => {
    expect(searchWords('  Tractor, "Mahindra"! ')).toEqual(["tractor", "mahindra"]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
    expect(searchWords("50%_ n_ng")).toEqual(["50%_", "n_ng"]);
    expect(searchWords("'")).toEqual(["'"]);
    expect(searchWords("")).toEqual([]);
  });
});

describe("singular", () => {
  it("follows the small explicit rule", () => {
    expect(singular("tomatoes")).toBe("tomato");
    expect(singular("hoes")).toBe("hoe");
    expect(singular("varieties")).toBe("variety");
    expect(singular("boxes")).toBe("box");
    expect(singular("seeds")).toBe("seed");
    expect(singular("grass")).toBe("grass");
    expect(singular("cactus")).toBe("cactus");
    expect(singular("gas")).toBe("gas");
  });
});

describe("searchTerms", () => {
  const synonyms = [
    { term: "fertiliser", variant: "fertilizer" },
    { term: "khurpi", variant: "hand weeder" },
    { term: "ladyfinger", variant: "okra" },
  ];

  it("expands each word to its singular, plural and synonyms, keeping the shortest forms", () => {
    expect(searchTerms(["fertilizers"], synonyms)).toEqual([{ text: "fertilizers", forms: ["fertilizer", "fertiliser"] }]);
    expect(searchTerms(["tomatoes"], [])).toEqual([{ text: "tomatoes", forms: ["tomato"] }]);
    expect(searchTerms(["berry"], [])[0]?.forms).toEqual(["berry", "berries"]);
    expect(searchTerms(["okras"], synonyms)[0]?.forms.sort()).toEqual(["ladyfinger", "okra"]);
  });

  it("takes a known phrase as one term and other words one by one", () => {
    expect(searchTerms(["hand", "weeder", "steel"], synonyms)).toEqual([
      { text: "hand weeder", forms: ["hand weeder", "khurpi"] },
      { text: "steel", forms: ["steel"] },
    ]);
    expect(searchTerms(["tractor", "mahindra"], synonyms).map((t) => t.text)).toEqual(["tractor", "mahindra"]);
  });
});

describe("wordSimilarity", () => {
  it("scores a misspelling high against a name holding the right word", () => {
    expect(wordSimilarity("tomatto", "Hybrid Tomato Seeds")).toBeGreaterThan(0.5);
    expect(wordSimilarity("tomatto", "Power Tiller")).toBeLessThan(0.2);
  });
});

describe("Devanagari (issue 16)", () => {
  it("folds a nukta and a chandrabindu, and takes the danda for punctuation", () => {
    expect(searchWords("गेहूँ")).toEqual(["गेहूं"]);
    expect(searchWords("फ़ावड़ा")).toEqual(["फावडा"]);
    expect(searchWords("\u095E\u093E\u0935\u095C\u093E")).toEqual(["फावडा"]); // precomposed letters with nukta
    expect(searchWords("यूरिया खाद।")).toEqual(["यूरिया", "खाद"]);
    expect(foldDevanagari("Zaid ज़ायद")).toBe("Zaid जायद");
  });
});

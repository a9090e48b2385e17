import { describe, expect, it } from "vitest";
import { namedTypes, PRODUCT_TYPES, typeWords } from "./product-types";
import { searchTerms, searchWords } from "./search-terms";

const named = (q: string, synonyms: { term: string; variant: string }[] = []) => {
  const words = searchWords(q);
  return namedTypes(words, searchTerms(words, synonyms)).map((t) => t.key);
};

describe("the kinds of product a search names", () => {
  it("by a word or a run of words, singular or plural, in either language", () => {
    expect(named("urea")).toEqual(["urea"]);
    expect(named("यूरिया खाद")).toEqual(["urea"]);
    expect(named("Clay Pots")).toEqual(["pot"]);
    expect(named("seed drill for wheat")).toEqual(["seed-drill"]);
    expect(named("फावड़ा")).toEqual(["spade"]); // folded as the search folds it
  });

  it("through a synonym's form", () => {
    expect(named("mop", [{ term: "mop", variant: "potash" }])).toEqual(["potash"]);
  });

  it("not by a word that only starts like one", () => {
    expect(named("potassium")).toEqual([]);
    expect(named("tomato seeds")).toEqual([]);
  });

  it("each type has words of three characters or more, which a trigram index can look for", () => {
    for (const type of PRODUCT_TYPES)
      expect(
        typeWords(type).some((w) => [...w].length >= 3),
        type.key,
      ).toBe(true);
  });
});

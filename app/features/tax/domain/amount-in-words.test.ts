import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountInWords } from "./amount-in-words";

const rupees = (n: number) => amountInWords(n * 100);

const VALUES = new Map<string, number>([
  ..."Zero One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen Sixteen Seventeen Eighteen Nineteen"
    .split(" ")
    .map((word, i) => [word, i] as const),
  ..."Twenty Thirty Forty Fifty Sixty Seventy Eighty Ninety".split(" ").map((word, i) => [word, (i + 2) * 10] as const),
]);

/** An independent reader of the words: a number in the Indian system back to its value. */
function readNumber(words: string): number {
  let total = 0;
  let current = 0;
  for (const word of words.split(" ")) {
    const value = VALUES.get(word);
    if (value !== undefined) current += value;
    else if (word === "Hundred") current *= 100;
    else if (word === "Thousand") [total, current] = [total + current * 1_000, 0];
    else if (word === "Lakh") [total, current] = [total + current * 1_00_000, 0];
    else if (word === "Crore") [total, current] = [(total + current) * 1_00_00_000, 0];
    else throw new Error(`Unexpected word ${word} in ${words}`);
  }
  return total + current;
}

function readBack(text: string): number {
  const match = /^Rupees (.+?)(?: and (.+) Paisa| and (.+) Paise)? Only$/.exec(text);
  if (!match) throw new Error(`Not an amount in words: ${text}`);
  return readNumber(match[1] as string) * 100 + (match[2] ? readNumber(match[2]) : match[3] ? readNumber(match[3]) : 0);
}

describe("amountInWords", () => {
  it("writes zero, units and teens", () => {
    expect(amountInWords(0)).toBe("Rupees Zero Only");
    expect(rupees(1)).toBe("Rupees One Only");
    expect(rupees(7)).toBe("Rupees Seven Only");
    expect(rupees(10)).toBe("Rupees Ten Only");
    expect(rupees(11)).toBe("Rupees Eleven Only");
    expect(rupees(15)).toBe("Rupees Fifteen Only");
    expect(rupees(19)).toBe("Rupees Nineteen Only");
  });

  it("writes tens and hundreds", () => {
    expect(rupees(20)).toBe("Rupees Twenty Only");
    expect(rupees(42)).toBe("Rupees Forty Two Only");
    expect(rupees(99)).toBe("Rupees Ninety Nine Only");
    expect(rupees(100)).toBe("Rupees One Hundred Only");
    expect(rupees(105)).toBe("Rupees One Hundred Five Only");
    expect(rupees(310)).toBe("Rupees Three Hundred Ten Only");
    expect(rupees(999)).toBe("Rupees Nine Hundred Ninety Nine Only");
  });

  it("writes thousands, lakhs and crores in the Indian system", () => {
    expect(rupees(1_000)).toBe("Rupees One Thousand Only");
    expect(rupees(1_001)).toBe("Rupees One Thousand One Only");
    expect(rupees(20_500)).toBe("Rupees Twenty Thousand Five Hundred Only");
    expect(amountInWords(12_050_000)).toBe("Rupees One Lakh Twenty Thousand Five Hundred Only");
    expect(rupees(2_05_00_000)).toBe("Rupees Two Crore Five Lakh Only");
    expect(rupees(12_34_56_789)).toBe("Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Only");
  });

  it("turns over at each boundary", () => {
    expect(rupees(99_999)).toBe("Rupees Ninety Nine Thousand Nine Hundred Ninety Nine Only");
    expect(rupees(1_00_000)).toBe("Rupees One Lakh Only");
    expect(rupees(99_99_999)).toBe("Rupees Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine Only");
    expect(rupees(1_00_00_000)).toBe("Rupees One Crore Only");
  });

  it("writes a count of crores in the same system, up to 99,99,99,99,999 rupees and beyond", () => {
    expect(rupees(1_00_000_00_00_000)).toBe("Rupees One Lakh Crore Only");
    expect(rupees(99_99_99_99_999)).toBe(
      "Rupees Nine Thousand Nine Hundred Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine Only",
    );
    expect(amountInWords(Number.MAX_SAFE_INTEGER)).toBe(
      "Rupees Ninety Lakh Seven Thousand One Hundred Ninety Nine Crore Twenty Five Lakh Forty Seven Thousand Four Hundred Nine and Ninety One Paise Only",
    );
  });

  it("adds paise after the rupees", () => {
    expect(amountInWords(1_050)).toBe("Rupees Ten and Fifty Paise Only");
    expect(amountInWords(1)).toBe("Rupees Zero and One Paisa Only");
    expect(amountInWords(99)).toBe("Rupees Zero and Ninety Nine Paise Only");
    expect(amountInWords(10_000_005)).toBe("Rupees One Lakh and Five Paise Only");
  });

  it("refuses negative, fractional and unsafe amounts with a RangeError", () => {
    for (const bad of [-1, -100, 10.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => amountInWords(bad)).toThrow(RangeError);
    }
    expect(() => amountInWords(-100)).toThrow(/non-negative number of paise/);
  });

  const amount = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 99_99_99_99_999_99 }), fc.maxSafeNat());

  it("always gives clean words: no gaps, no missing pieces, the right frame", () => {
    fc.assert(
      fc.property(amount, (paise) => {
        const words = amountInWords(paise);
        expect(words).toMatch(/^Rupees [A-Z][a-z]+( [A-Z][a-z]+| and)* Only$/);
        expect(words).not.toMatch(/undefined|NaN|\s{2}|\s$/);
        expect(words.includes(" Paise ") || words.includes(" Paisa ")).toBe(paise % 100 !== 0);
      }),
    );
  });

  it("reads back to the amount, so distinct amounts give distinct words", () => {
    fc.assert(
      fc.property(amount, (paise) => {
        expect(readBack(amountInWords(paise))).toBe(paise);
      }),
    );
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        fc.pre(a !== b);
        expect(amountInWords(a)).not.toBe(amountInWords(b));
      }),
    );
    // Neighbours at every boundary, where a slip would most likely repeat or drop words.
    for (const edge of [1_00, 1_000_00, 1_00_000_00, 1_00_00_000_00, 1_00_000_00_00_000_00]) {
      for (const paise of [edge - 100, edge - 1, edge, edge + 1, edge + 100]) expect(readBack(amountInWords(paise))).toBe(paise);
    }
  });
});

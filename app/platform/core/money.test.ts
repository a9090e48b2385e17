import fc from "fast-check";
import { expect, it } from "vitest";
import { formatPaise, formatPaiseExact, groupIndian } from "./money";
import { parseRupeesToPaise } from "./rupee-input";

it("formats rupees with Indian grouping", () => {
  expect(formatPaise(150_000_000)).toBe("₹15,00,000");
  expect(formatPaise(45_000)).toBe("₹450");
  expect(formatPaise(4_999_900)).toBe("₹49,999");
  expect(formatPaise(123_456)).toBe("₹1,234.56");
  expect(formatPaise(5)).toBe("₹0.05");
  expect(formatPaise(-250_050)).toBe("-₹2,500.50");
  expect(formatPaiseExact(105_000)).toBe("₹1,050.00");
  expect(groupIndian(1_234_567)).toBe("12,34,567");
  expect(groupIndian(999)).toBe("999");
  expect(groupIndian(1000)).toBe("1,000");
});

// Intl's en-IN formatting is the rule the hand-written one keeps (Intl itself is kept off the
// storefront's hydration path: see money.ts).
const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
const rupeesWithPaise = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
// Up to 2^46 paise (₹70 thousand crore): past ~2^53 / 100, Intl's `paise / 100` is no longer exact
// and the hand-written one, which never divides, is the right one.
const amounts = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -(2 ** 46), max: 2 ** 46 }));

it("writes every amount exactly as Intl's en-IN formatting does", () => {
  fc.assert(
    fc.property(amounts, (paise) => {
      expect(formatPaiseExact(paise)).toBe(rupeesWithPaise.format(paise / 100));
      expect(formatPaise(paise)).toBe(paise % 100 === 0 ? rupees.format(paise / 100) : rupeesWithPaise.format(paise / 100));
    }),
    { numRuns: 2000 },
  );
});

it("groups every whole number as Intl's en-IN does", () => {
  fc.assert(
    fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.integer({ min: -100_000, max: 100_000 })), (n) => {
      expect(groupIndian(n)).toBe(n.toLocaleString("en-IN"));
    }),
    { numRuns: 2000 },
  );
});

it("parses typed rupee amounts into paise, refusing junk", () => {
  expect(parseRupeesToPaise("1,499.50")).toBe(149_950);
  expect(parseRupeesToPaise("450")).toBe(45_000);
  expect(parseRupeesToPaise("0.1")).toBe(10);
  for (const bad of ["", "-5", "1e3", "12.345", "abc", "1.2.3"]) expect(parseRupeesToPaise(bad)).toBeNull();
});

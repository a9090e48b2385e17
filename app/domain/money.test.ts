import { expect, it } from "vitest";
import { formatPaise } from "./money";
import { parseRupeesToPaise } from "./rupee-input";

it("formats rupees with Indian grouping", () => {
  expect(formatPaise(150_000_000)).toBe("₹15,00,000");
  expect(formatPaise(45_000)).toBe("₹450");
  expect(formatPaise(4_999_900)).toBe("₹49,999");
  expect(formatPaise(123_456)).toBe("₹1,234.56");
});

it("parses typed rupee amounts into paise, refusing junk", () => {
  expect(parseRupeesToPaise("1,499.50")).toBe(149_950);
  expect(parseRupeesToPaise("450")).toBe(45_000);
  expect(parseRupeesToPaise("0.1")).toBe(10);
  for (const bad of ["", "-5", "1e3", "12.345", "abc", "1.2.3"]) expect(parseRupeesToPaise(bad)).toBeNull();
});

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { splitKitPrice } from "./kit-split";

describe("splitKitPrice", () => {
  it("shares a kit's price in proportion to its parts' prices, exactly", () => {
    // Seed 2 × ₹150, DAP ₹1,350, spray ₹300: ₹1,800 of parts sold as a ₹1,500 kit.
    expect(splitKitPrice(150_000, [30_000, 135_000, 30_000 * 1])).toEqual([23_077, 103_846, 23_077]);
    expect(splitKitPrice(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitKitPrice(0, [5, 7])).toEqual([0, 0]);
    expect(splitKitPrice(10, [0, 0])).toEqual([5, 5]);
  });

  it("refuses what is not whole paise", () => {
    expect(() => splitKitPrice(1.5, [1])).toThrow(RangeError);
    expect(() => splitKitPrice(10, [-1, 2])).toThrow(RangeError);
  });

  it("sums exactly, never negative, each within one paisa of its proportion", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000_000 }),
        fc.array(fc.integer({ min: 1, max: 100_000_000 }), { minLength: 1, maxLength: 12 }),
        (total, weights) => {
          const shares = splitKitPrice(total, weights);
          expect(shares.reduce((s, x) => s + x, 0)).toBe(total);
          const sum = weights.reduce((s, w) => s + w, 0);
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(Number.isInteger(share)).toBe(true);
            const exact = (total * (weights[i] ?? 0)) / sum;
            expect(Math.abs(share - exact)).toBeLessThan(1 + 1e-6 * Math.max(1, exact));
          });
        },
      ),
    );
  });
});

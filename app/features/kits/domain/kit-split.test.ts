import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { kitOfferGroups, kitPartLines, kitUnitPrices, splitKitDiscount, splitKitPrice, spreadKitDiscounts } from "./kit-split";

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

describe("kitUnitPrices and kitPartLines", () => {
  // Seed 4 × ₹150, DAP ₹1,350, spray ₹300: the seeds' share, ₹461.54, is not 4 whole-paise units.
  const kit = [
    { weight: 4 * 15_000, quantity: 4 },
    { weight: 135_000, quantity: 1 },
    { weight: 30_000, quantity: 1 },
  ];

  it("gives whole-paise units that multiply out to the kit's price, the rest on a part of quantity 1", () => {
    expect(splitKitPrice(130_000, [60_000, 135_000, 30_000])).toEqual([34_667, 78_000, 17_333]);
    const units = kitUnitPrices(130_000, kit);
    // 34,667 / 4 = 8,666.75 → 8,667 (4 × 8,667 = 34,668): DAP, the largest part of quantity 1, takes the paisa less.
    expect(units).toEqual([8_667, 77_999, 17_333]);
    expect(kitPartLines(130_000, kit, 3)).toEqual([
      { unit: 8_667, amount: 8_667 * 4 * 3 },
      { unit: 77_999, amount: 77_999 * 3 },
      { unit: 17_333, amount: 17_333 * 3 },
    ]);
  });

  it("without a part of quantity 1, puts the rest on a part whose quantity divides it, else keeps the exact shares", () => {
    const pairs = [
      { weight: 30_000, quantity: 2 },
      { weight: 90_000, quantity: 3 },
    ];
    // ₹1,000: 2 × ₹125 + 3 × ₹250 exactly.
    expect(kitUnitPrices(100_000, pairs)).toEqual([12_500, 25_000]);
    // ₹1,000.03: shares 25,001 + 75,002; 2 × 12,501 leaves 75,001 (not 3 ×), 3 × 25,001 leaves 25,000 = 2 × 12,500.
    expect(kitUnitPrices(100_003, pairs)).toEqual([12_500, 25_001]);
    // ₹1,000.01: 2 × 12,500 leaves 75,001, 3 × 25,000 leaves 25,001: neither divides, the shares are kept.
    expect(kitUnitPrices(100_001, pairs)).toBeNull();
    const lines = kitPartLines(100_001, pairs, 2);
    expect(lines.map((l) => l.amount)).toEqual(splitKitPrice(200_002, [30_000, 90_000]));
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(200_002);
  });

  it("never gives a unit price below a paisa: a kit priced at a few paise keeps its exact shares", () => {
    const parts = [
      { weight: 100, quantity: 2 },
      { weight: 100, quantity: 1 },
    ];
    expect(kitUnitPrices(3, parts)).toEqual([1, 1]);
    // ₹0.02: 2 units of at least a paisa and one more cannot make 2 paise.
    expect(kitUnitPrices(2, parts)).toBeNull();
    expect(kitPartLines(2, parts, 1)).toEqual([
      { amount: 1, unit: 1 },
      { amount: 1, unit: 1 },
    ]);
  });

  it("sums exactly; units multiply out whenever a part of quantity 1 exists (or another can take the rest); others within a paisa a unit", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ price: fc.integer({ min: 1, max: 10_000_000 }), quantity: fc.integer({ min: 1, max: 99 }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 50 }),
        (raw, ratio, kits) => {
          const parts = raw.map((p) => ({ weight: p.price * p.quantity, quantity: p.quantity }));
          const whole = parts.reduce((s, p) => s + p.weight, 0);
          const price = Math.max(1, Math.floor(whole * ratio));
          const lines = kitPartLines(price, parts, kits);
          expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(price * kits);
          for (const l of lines) {
            expect(l.amount).toBeGreaterThanOrEqual(0);
            expect(l.unit).toBeGreaterThanOrEqual(1);
          }
          const units = kitUnitPrices(price, parts);
          const shares = splitKitPrice(
            price,
            parts.map((p) => p.weight),
          );
          const one = parts.some((p) => p.quantity === 1);
          // With a part of quantity 1 and every part's share at least a paisa a unit, units are always found.
          if (one && parts.every((p, i) => (shares[i] ?? 0) >= p.quantity)) expect(units).not.toBeNull();
          if (units) {
            for (const [i, l] of lines.entries()) {
              expect(l.unit).toBeGreaterThanOrEqual(1);
              expect(l.amount).toBe(l.unit * (parts[i]?.quantity ?? 0) * kits);
            }
            // One part takes what is left over; every other unit is within a paisa of its proportion.
            const off = parts.filter((p, i) => {
              const exact = (price * p.weight) / whole / p.quantity;
              return Math.abs((units[i] ?? 0) - exact) >= 1 + 1e-9 * exact + 1 / p.quantity;
            });
            expect(off.length).toBeLessThanOrEqual(1);
          }
          if (!units)
            expect(lines.map((l) => l.amount)).toEqual(
              splitKitPrice(
                price * kits,
                parts.map((p) => p.weight),
              ),
            );
        },
      ),
    );
  });
});

describe("splitKitDiscount and spreadKitDiscounts", () => {
  it("shares a kit's discount over its part lines by amount, each offer's parts adding up to it", () => {
    const spread = splitKitDiscount(
      [34_668, 77_999, 17_333],
      [
        { offerId: "a", paise: 13_000 },
        { offerId: "b", paise: 5_000 },
      ],
    );
    expect(spread.map((s) => s.discount)).toEqual([4_800, 10_800, 2_400]);
    expect(spread.flatMap((s) => s.parts.filter((p) => p.offerId === "a")).reduce((t, p) => t + p.paise, 0)).toBe(13_000);
    expect(spread.flatMap((s) => s.parts.filter((p) => p.offerId === "b")).reduce((t, p) => t + p.paise, 0)).toBe(5_000);
  });

  it("puts each group's result back on its lines", () => {
    const groups = kitOfferGroups([null, "kit", "kit", null]);
    expect(groups).toEqual([[0], [1, 2], [3]]);
    const lines = spreadKitDiscounts(
      groups,
      [500, 300, 100, 700],
      [
        { discount: 50, parts: [{ offerId: "a", paise: 50 }] },
        { discount: 40, parts: [{ offerId: "a", paise: 40 }] },
        { discount: 0, parts: [] },
      ],
    );
    expect(lines).toEqual([
      { discount: 50, parts: [{ offerId: "a", paise: 50 }] },
      { discount: 30, parts: [{ offerId: "a", paise: 30 }] },
      { discount: 10, parts: [{ offerId: "a", paise: 10 }] },
      { discount: 0, parts: [] },
    ]);
  });

  it("never takes a part line below zero; the discounts add up; each within a paisa an offer of proportional", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 }),
        (amounts, cuts) => {
          let left = amounts.reduce((s, a) => s + a, 0);
          const offerParts = cuts.map((c, k) => {
            const paise = Math.floor(left * c);
            left -= paise;
            return { offerId: `o${k}`, paise };
          });
          const total = offerParts.reduce((s, p) => s + p.paise, 0);
          const spread = splitKitDiscount(amounts, offerParts);
          expect(spread.reduce((s, l) => s + l.discount, 0)).toBe(total);
          const sum = amounts.reduce((s, a) => s + a, 0);
          spread.forEach((l, j) => {
            expect(l.discount).toBeGreaterThanOrEqual(0);
            expect(l.discount).toBeLessThanOrEqual(amounts[j] ?? 0);
            expect(l.parts.reduce((s, p) => s + p.paise, 0)).toBe(l.discount);
            if (sum > 0) expect(Math.abs(l.discount - (total * (amounts[j] ?? 0)) / sum)).toBeLessThanOrEqual(offerParts.length + 1e-6);
          });
        },
      ),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unitPriceAt } from "~/features/catalog/domain/price-breaks";
import { listPriceOf, memberPriced, memberUnitPrice, type PriceListEntry, percentOffPrice } from "./member-price";

/** DAP 50 kg: ₹1,285.72 before GST; ₹1,228.57 from 10 bags. */
const DAP = { variantId: "dap50", productId: "dap", category: "fertilizers", pricePaise: 128_572 };
const BREAKS = [{ minQuantity: 10, pricePaise: 122_857 }];

const entry = (e: Partial<PriceListEntry> & Pick<PriceListEntry, "kind" | "targetId">): PriceListEntry => ({
  priceListId: "list1",
  pricePaise: null,
  percentOff: null,
  ...e,
});

describe("a member's list price", () => {
  it("takes a percentage off, the discount rounded down to the paisa", () => {
    expect(percentOffPrice(128_572, 8)).toBe(128_572 - 10_285);
    expect(percentOffPrice(999, 50)).toBe(500);
    expect(listPriceOf(DAP, [entry({ kind: "category", targetId: "fertilizers", percentOff: 8 })])).toEqual({
      pricePaise: 118_287,
      priceListId: "list1",
    });
  });

  it("takes the most specific entry of a list: size over product over category", () => {
    const entries = [
      entry({ kind: "category", targetId: "fertilizers", percentOff: 50 }),
      entry({ kind: "product", targetId: "dap", percentOff: 10 }),
      entry({ kind: "variant", targetId: "dap50", pricePaise: 125_000 }),
    ];
    expect(listPriceOf(DAP, entries)?.pricePaise).toBe(125_000);
    expect(listPriceOf(DAP, entries.slice(0, 2))?.pricePaise).toBe(percentOffPrice(128_572, 10));
    expect(listPriceOf({ ...DAP, productId: "urea" }, entries.slice(0, 2))?.pricePaise).toBe(64_286);
  });

  it("takes the lowest of several active lists, a tie going to the smaller list id", () => {
    const entries = [
      entry({ priceListId: "b", kind: "variant", targetId: "dap50", pricePaise: 120_000 }),
      entry({ priceListId: "a", kind: "category", targetId: "fertilizers", percentOff: 5 }),
      entry({ priceListId: "c", kind: "variant", targetId: "dap50", pricePaise: 120_000 }),
    ];
    expect(listPriceOf(DAP, entries)).toEqual({ pricePaise: 120_000, priceListId: "b" });
  });

  it("is none for a size no entry names, and never above the size's price", () => {
    expect(listPriceOf(DAP, [entry({ kind: "product", targetId: "urea", percentOff: 10 })])).toBeNull();
    expect(listPriceOf(DAP, [entry({ kind: "variant", targetId: "dap50", pricePaise: 200_000 })])?.pricePaise).toBe(128_572);
  });

  it("charges the lowest of the size's price, its quantity price and the list's price", () => {
    const listed = { pricePaise: 125_000, priceListId: "list1" };
    expect(memberUnitPrice(DAP, BREAKS, 1, listed)).toEqual({ unitPaise: 125_000, priceListId: "list1" });
    expect(memberUnitPrice(DAP, BREAKS, 10, listed)).toEqual({ unitPaise: 122_857, priceListId: null });
    expect(memberUnitPrice(DAP, BREAKS, 10, null)).toEqual({ unitPaise: 122_857, priceListId: null });
  });
});

const arbEntry = fc.record({
  priceListId: fc.constantFrom("a", "b", "c"),
  kind: fc.constantFrom("variant" as const, "product" as const, "category" as const),
  targetId: fc.constantFrom("dap50", "dap", "fertilizers", "urea"),
  pricePaise: fc.option(fc.integer({ min: -5, max: 300_000 }), { nil: null }),
  percentOff: fc.option(fc.integer({ min: -5, max: 120 }), { nil: null }),
});
const arbBreaks = fc.array(fc.record({ minQuantity: fc.integer({ min: 2, max: 50 }), pricePaise: fc.integer({ min: 1, max: 300_000 }) }), {
  maxLength: 4,
});

describe("properties of a member's price", () => {
  it("is within 1 paisa and the quantity price, and the cart's folded price charges the same", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(arbEntry, { maxLength: 8 }),
        arbBreaks,
        fc.integer({ min: 1, max: 999 }),
        (price, entries, breaks, quantity) => {
          const size = { ...DAP, pricePaise: price };
          const listed = listPriceOf(size, entries);
          const charged = memberUnitPrice(size, breaks, quantity, listed);
          const quantityPrice = unitPriceAt(price, breaks, quantity);
          expect(charged.unitPaise).toBeGreaterThanOrEqual(1);
          expect(charged.unitPaise).toBeLessThanOrEqual(quantityPrice);
          expect(charged.unitPaise).toBeLessThanOrEqual(price);
          if (listed) {
            expect(listed.pricePaise).toBeGreaterThanOrEqual(1);
            expect(listed.pricePaise).toBeLessThanOrEqual(price);
            expect(charged.unitPaise).toBe(Math.min(quantityPrice, listed.pricePaise));
          } else expect(charged.unitPaise).toBe(quantityPrice);
          expect(charged.priceListId !== null).toBe(listed !== null && listed.pricePaise < quantityPrice);
          const folded = memberPriced(price, breaks, listed);
          expect(unitPriceAt(folded.pricePaise, folded.priceBreaks, quantity)).toBe(charged.unitPaise);
        },
      ),
    );
  });

  it("does not depend on the entries' order", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.array(arbEntry, { maxLength: 8 }), (price, entries) => {
        const size = { ...DAP, pricePaise: price };
        expect(listPriceOf(size, [...entries].reverse())).toEqual(listPriceOf(size, entries));
      }),
    );
  });
});

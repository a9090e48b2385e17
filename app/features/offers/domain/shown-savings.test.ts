import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testOffer } from "../../../../tests/helpers/offer-fixture";
import type { TaxConfig } from "~/features/tax/domain/gst";
import { priceOrder } from "~/features/tax/domain/gst-order";
import { applyOffers, type Offer, type OfferContext } from "./offers";
import { goodsWithGst, savingsWithGst, summaryAmounts, withGstSavings } from "./shown-savings";

const ctx: OfferContext = { now: "2026-07-01T06:00:00.000Z", stateCode: "27", firstOrder: true, customerUses: new Map() };
const config = (mode: TaxConfig["mode"], display: TaxConfig["display"]): TaxConfig => ({
  mode,
  display,
  storeStateCode: "27",
  shipping: { feePaise: 50_000, freeOverPaise: 500_000 },
});

const offer = testOffer;

/** The whole journey: the rule, the order's pricing, the savings with GST, the summary's rows. */
function summarise(
  offers: Offer[],
  goods: { amount: number; quantity: number; rate: number }[],
  cfg: TaxConfig,
  code: string | null = null,
) {
  const taxLines = goods.map((g) => ({ ...g, sellerStateCode: "27" }));
  const result = applyOffers(
    offers,
    goods.map((g, i) => ({ productId: `p${i}`, variantId: `v${i}`, category: "seeds", crops: [], vendorId: null, ...g })),
    ctx,
    code,
  );
  const priced = priceOrder(
    taxLines.map((l, i) => ({ ...l, amount: l.amount - (result.lines[i]?.discount ?? 0) })),
    result.freeShipping ? { ...cfg, shipping: { feePaise: 0, freeOverPaise: 0 } } : cfg,
    "27",
  );
  const without = priceOrder(taxLines, cfg, "27");
  return { result, priced, without, rows: summaryAmounts(priced, cfg.display, withGstSavings(result, taxLines, cfg)) };
}

describe("savings shown are the savings paid (issue 31)", () => {
  it("a 10% coupon on a ₹450 bag (₹428.58 + 5% GST) shows what the total fell by, not the value before GST", () => {
    const { rows, priced, without, result } = summarise(
      [offer({ id: "c", kind: "coupon", code: "KHARIF10" })],
      [{ amount: 42_858, quantity: 1, rate: 5 }],
      config("by_rate", "inclusive"),
      "KHARIF10",
    );
    expect(result.discount).toBe(4_285);
    // ₹450.00 before, ₹405.01 after (₹385.73 + ₹19.28 GST): the customer saves ₹44.99.
    expect(rows.goods).toBe(45_000);
    expect(rows.offers.map((o) => o.saved)).toEqual([4_499]);
    expect(rows.goods - 4_499 + rows.delivery).toBe(priced.total);
    expect(without.total - priced.total).toBe(4_499);
  });

  it("without GST in the prices, a discount shows before GST and the GST line is on what is left", () => {
    const { rows, priced } = summarise(
      [offer({ id: "c", kind: "coupon", code: "K" })],
      [{ amount: 42_858, quantity: 1, rate: 5 }],
      config("by_rate", "exclusive"),
      "K",
    );
    expect(rows.goods).toBe(42_858);
    expect(rows.offers.map((o) => o.saved)).toEqual([4_285]);
    expect(rows.goods - 4_285 + rows.delivery + rows.tax).toBe(priced.total);
  });

  it("each offer's saving is its own fall, and they add up to the whole fall (two offers, two rates)", () => {
    const lines = [
      { amount: 100_000, quantity: 2, rate: 5, sellerStateCode: "27" },
      { amount: 50_000, quantity: 1, rate: 18, sellerStateCode: "27" },
    ];
    const parts = [
      [
        { offerId: "a", paise: 10_000 },
        { offerId: "b", paise: 9_000 },
      ],
      [{ offerId: "a", paise: 5_000 }],
    ];
    const saved = savingsWithGst(lines, parts, ["a", "b"], config("by_rate", "inclusive"));
    // a: ₹100 at 5% (₹105) and ₹50 at 18% (₹59); b: ₹90 at 5%, whose GST is rounded per bag as the
    // order charges it (2 × ₹20.26 where it was 2 × ₹22.50): ₹94.48.
    expect(Object.fromEntries(saved)).toEqual({ a: 16_400, b: 9_448 });
    const after = lines.map((l, i) => ({ ...l, amount: l.amount - (parts[i] ?? []).reduce((s, p) => s + p.paise, 0) }));
    expect(16_400 + 9_448).toBe(goodsWithGst(lines, config("by_rate", "inclusive")) - goodsWithGst(after, config("by_rate", "inclusive")));
  });

  it("the summary adds up to the total in every mode and display, and the savings are the fall in the goods (property)", () => {
    const arbOffer = fc.record({
      id: fc.constantFrom("o1", "o2", "o3", "o4"),
      discount: fc.oneof(
        fc.integer({ min: 1, max: 100 }).map((percent) => ({ type: "percent" as const, percent })),
        fc.integer({ min: 1, max: 10_000_000 }).map((paise) => ({ type: "fixed" as const, paise })),
        fc.constant({ type: "free_shipping" as const }),
      ),
      target: fc.constantFrom("cart" as const, "products" as const),
      targetIds: fc.subarray(["p0", "p1", "p2"]),
      stacks: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(arbOffer, { maxLength: 4, selector: (o) => o.id }),
        fc.array(
          fc.record({
            amount: fc.integer({ min: 1, max: 5_000_000 }),
            quantity: fc.integer({ min: 1, max: 20 }),
            rate: fc.constantFrom(0, 5, 18, 40),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.constantFrom("flat" as const, "by_rate" as const),
        fc.constantFrom("inclusive" as const, "exclusive" as const),
        (raw, goods, mode, display) => {
          const cfg = config(mode, display);
          const { rows, priced, result } = summarise(
            raw.map((o) => offer(o)),
            goods,
            cfg,
          );
          const saved = rows.offers.reduce((s, o) => s + o.saved, 0);
          if (display === "inclusive") expect(rows.goods - saved + rows.delivery).toBe(priced.total);
          else {
            expect(rows.goods - saved + rows.delivery + rows.tax).toBe(priced.total);
            expect(saved).toBe(result.discount);
          }
          // The goods before discounts are the goods as the cart shows them without any offer.
          const before = goods.map((g) => ({ ...g, sellerStateCode: "27" }));
          expect(rows.goods).toBe(display === "inclusive" ? goodsWithGst(before, cfg) : before.reduce((s, l) => s + l.amount, 0));
        },
      ),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testLine, testOffer } from "../../../../tests/helpers/offer-fixture";
import { applyOffers, type Offer, type OfferContext, offerRefusal, shareByValue } from "./offers";

const NOW = "2026-07-01T06:00:00.000Z";
const ctx: OfferContext = { now: NOW, stateCode: "27", firstOrder: true, customerUses: new Map() };

const offer = testOffer;

const line = testLine;

const seeds = line({ productId: "p1", amount: 100_000, quantity: 2 });
const spray = line({ productId: "p2", amount: 50_000, category: "pesticides", crops: ["tomato"], vendorId: "ven1" });

describe("applyOffers: the combination rule", () => {
  it("gives each line the best single automatic offer, not the sum of them", () => {
    const r = applyOffers(
      [
        offer({ id: "a", discount: { type: "percent", percent: 10 } }),
        offer({ id: "b", discount: { type: "percent", percent: 20 }, target: "categories", targetIds: ["pesticides"] }),
      ],
      [seeds, spray],
      ctx,
    );
    expect(r.lines.map((l) => l.discount)).toEqual([10_000, 10_000]);
    expect(r.applied.map((a) => [a.offerId, a.paise])).toEqual([
      ["a", 10_000],
      ["b", 10_000],
    ]);
  });

  it("adds one coupon on what is left, then the stacking offers on what is left after it", () => {
    const r = applyOffers(
      [
        offer({ id: "a", discount: { type: "percent", percent: 10 } }),
        offer({ id: "c", kind: "coupon", code: "KHARIF", discount: { type: "fixed", paise: 30_000 } }),
        offer({ id: "s", discount: { type: "percent", percent: 50 }, stacks: true, target: "products", targetIds: ["p2"] }),
      ],
      [seeds, spray],
      ctx,
      " kharif ",
    );
    // 10% off each: 90,000 and 45,000 left; ₹300 shared 2:1: 20,000 and 10,000; then half of 35,000.
    expect(r.lines.map((l) => l.discount)).toEqual([30_000, 15_000 + 17_500]);
    expect(r.coupon).toEqual({ code: "KHARIF", applied: true });
    expect(r.discount).toBe(62_500);
  });

  it("refuses an unknown coupon and one of another kind, and says why", () => {
    const r = applyOffers([offer({ id: "a" })], [seeds], ctx, "NOPE");
    expect(r.coupon).toEqual({ code: "NOPE", applied: false, refusal: { reason: "unknown" } });
    const min = applyOffers([offer({ id: "c", kind: "coupon", code: "BIG", minCartPaise: 200_000 })], [seeds], ctx, "big");
    expect(min.coupon).toEqual({ code: "BIG", applied: false, refusal: { reason: "min_value", paise: 200_000 } });
    expect(min.discount).toBe(0);
  });

  it("never takes more than a fixed offer's target is worth, nor more than its budget left", () => {
    const r = applyOffers([offer({ id: "f", discount: { type: "fixed", paise: 10_000_000 } })], [seeds, spray], ctx);
    expect(r.lines.map((l) => l.discount)).toEqual([100_000, 50_000]);
    const b = applyOffers([offer({ id: "f", budgetPaise: 20_000, spentPaise: 5_000 })], [seeds, spray], ctx);
    expect(b.discount).toBe(15_000);
  });

  it("gives free delivery without touching the goods", () => {
    const r = applyOffers([offer({ id: "fs", discount: { type: "free_shipping" } })], [seeds], ctx);
    expect(r.freeShipping).toBe(true);
    expect(r.discount).toBe(0);
    expect(r.applied).toEqual([expect.objectContaining({ offerId: "fs", freeShipping: true, paise: 0 })]);
  });
});

describe("offerRefusal: each reason", () => {
  const c = (over: Partial<Offer>) => offerRefusal(offer({ id: "c", kind: "coupon", code: "X", ...over }), [seeds, spray], ctx);
  it("says each condition that fails", () => {
    expect(c({ startsAt: "2026-08-01T00:00:00.000Z" })).toEqual({ reason: "not_started", startsAt: "2026-08-01T00:00:00.000Z" });
    expect(c({ endsAt: NOW })).toEqual({ reason: "expired" });
    expect(c({ status: "ended" })).toEqual({ reason: "expired" });
    expect(c({ maxUses: 10, uses: 10 })).toEqual({ reason: "used_up" });
    expect(c({ budgetPaise: 100, spentPaise: 100 })).toEqual({ reason: "used_up" });
    expect(c({ minQuantity: 4 })).toEqual({ reason: "min_quantity", quantity: 4 });
    expect(c({ target: "crops", targetIds: ["cotton"] })).toEqual({ reason: "not_for_these_products" });
    expect(c({ target: "vendor", targetIds: ["ven1"] })).toBeNull();
    expect(c({ states: ["09"] })).toEqual({ reason: "not_your_state" });
    expect(offerRefusal(offer({ id: "c", firstOrderOnly: true }), [seeds], { ...ctx, firstOrder: false })).toEqual({
      reason: "first_order_only",
    });
    expect(offerRefusal(offer({ id: "c", usesPerCustomer: 1 }), [seeds], { ...ctx, customerUses: new Map([["c", 1]]) })).toEqual({
      reason: "already_used",
    });
    // For a customer group's members only (decision 054): a guest or another group's customer is refused.
    const fpo = offer({ id: "g", customerGroupId: "fpo" });
    expect(offerRefusal(fpo, [seeds], { ...ctx, groupId: "fpo" })).toBeNull();
    expect(offerRefusal(fpo, [seeds], { ...ctx, groupId: "dealers" })).toEqual({ reason: "not_your_group" });
    expect(offerRefusal(fpo, [seeds], { ...ctx, groupId: null })).toEqual({ reason: "not_your_group" });
    expect(offerRefusal(fpo, [seeds], ctx)).toEqual({ reason: "not_your_group" });
  });
});

describe("shareByValue", () => {
  it("shares exactly, by largest remainder", () => {
    expect(shareByValue(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareByValue(0, [5, 5])).toEqual([0, 0]);
  });
  it("adds up and never exceeds a weight (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 8 }), fc.nat(), (weights, t) => {
        const sum = weights.reduce((s, w) => s + w, 0);
        const total = sum === 0 ? 0 : t % (sum + 1);
        const shares = shareByValue(total, weights);
        expect(shares.reduce((s, v) => s + v, 0)).toBe(total);
        shares.forEach((s, i) => {
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(weights[i] ?? 0);
        });
      }),
    );
  });
});

describe("applyOffers (properties)", () => {
  const arbLine = fc.record({
    productId: fc.constantFrom("p1", "p2", "p3"),
    variantId: fc.constantFrom("v1", "v2", "v3"),
    category: fc.constantFrom("seeds", "fertilisers"),
    crops: fc.subarray(["tomato", "cotton"]),
    vendorId: fc.constantFrom(null, "ven1"),
    quantity: fc.integer({ min: 1, max: 50 }),
    amount: fc.integer({ min: 0, max: 50_000_000 }),
  });
  const arbDiscount = fc.oneof(
    fc.integer({ min: 1, max: 100 }).map((percent) => ({ type: "percent" as const, percent })),
    fc.integer({ min: 1, max: 100_000_000 }).map((paise) => ({ type: "fixed" as const, paise })),
    fc.constant({ type: "free_shipping" as const }),
  );
  const arbOffer = fc.record({
    id: fc.constantFrom("o1", "o2", "o3", "o4", "o5"),
    kind: fc.constantFrom("coupon" as const, "automatic" as const),
    code: fc.constantFrom("A", "B"),
    discount: arbDiscount,
    target: fc.constantFrom("cart" as const, "products" as const, "categories" as const, "crops" as const, "vendor" as const),
    targetIds: fc.subarray(["p1", "p2", "seeds", "tomato", "ven1"]),
    minCartPaise: fc.constantFrom(0, 100_000),
    stacks: fc.boolean(),
    budgetPaise: fc.constantFrom(null, 50_000),
  });

  it("total discount ≤ goods, each line ≥ 0, parts add up, and the same inputs give the same answer", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbOffer, { maxLength: 5, selector: (o) => o.id }),
        fc.array(arbLine, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(null, "A", "b"),
        (raw, lines, code) => {
          const offers = raw.map((o) => offer({ ...o, code: o.kind === "coupon" ? o.code : null }));
          const r = applyOffers(offers, lines, ctx, code);
          const goods = lines.reduce((s, l) => s + l.amount, 0);
          expect(r.discount).toBeLessThanOrEqual(goods);
          r.lines.forEach((l, i) => {
            expect(l.discount).toBeGreaterThanOrEqual(0);
            expect(l.discount).toBeLessThanOrEqual(lines[i]?.amount ?? 0);
            expect(l.parts.reduce((s, p) => s + p.paise, 0)).toBe(l.discount);
          });
          expect(r.applied.reduce((s, a) => s + a.paise, 0)).toBe(r.discount);
          // At most one coupon applied.
          expect(r.applied.filter((a) => a.kind === "coupon").length).toBeLessThanOrEqual(1);
          // A budget is never overspent by one order.
          for (const a of r.applied) {
            const o = offers.find((x) => x.id === a.offerId);
            if (o?.budgetPaise != null) expect(a.paise).toBeLessThanOrEqual(o.budgetPaise);
          }
          expect(applyOffers(offers, lines, ctx, code)).toEqual(r);
        },
      ),
    );
  });
});

describe("buy X get Y (issue 31)", () => {
  const dap = (quantity: number) => line({ productId: "dap", variantId: "dap50", amount: 1_500_00 * quantity, quantity });
  const urea = (quantity: number) => line({ productId: "urea", variantId: "urea45", amount: 300_00 * quantity, quantity });
  const b2g1 = offer({
    id: "bx",
    target: "variants",
    targetIds: ["dap50"],
    discount: { type: "buy_x_get_y", buy: 2, get: 1, getVariantIds: [], percent: 100 },
  });

  it("buy 2 get 1 of the same pack: the third bag is free; with only 2, the cart is told to add 1", () => {
    const three = applyOffers([b2g1], [dap(3)], ctx);
    expect(three.lines.map((l) => l.discount)).toEqual([1_500_00]);
    expect(three.hints).toEqual([]);
    const two = applyOffers([b2g1], [dap(2)], ctx);
    expect(two.discount).toBe(0);
    expect(two.hints).toEqual([{ offerId: "bx", variantId: "dap50", more: 1, percent: 100 }]);
    // 5 bags: one set of 3 (one free), and 2 more that would give another with a sixth.
    const five = applyOffers([b2g1], [dap(5)], ctx);
    expect(five.discount).toBe(1_500_00);
    expect(five.hints).toEqual([{ offerId: "bx", variantId: "dap50", more: 1, percent: 100 }]);
    expect(applyOffers([b2g1], [dap(1)], ctx).hints).toEqual([]);
  });

  it("buy 2 DAP, get 1 urea at 50% off: only when the urea is in the cart, and never more urea than bought", () => {
    const half = offer({
      id: "bu",
      target: "variants",
      targetIds: ["dap50"],
      discount: { type: "buy_x_get_y", buy: 2, get: 1, getVariantIds: ["urea45"], percent: 50 },
    });
    expect(applyOffers([half], [dap(2)], ctx).hints).toEqual([{ offerId: "bu", variantId: "urea45", more: 1, percent: 50 }]);
    expect(applyOffers([half], [dap(2)], ctx).discount).toBe(0);
    expect(applyOffers([half], [dap(2), urea(3)], ctx).lines.map((l) => l.discount)).toEqual([0, 150_00]);
    // 4 DAP: two urea bags owed; one in the cart gets it, the cart is told to add the other.
    const four = applyOffers([half], [dap(4), urea(1)], ctx);
    expect(four.lines.map((l) => l.discount)).toEqual([0, 150_00]);
    expect(four.hints).toEqual([{ offerId: "bu", variantId: "urea45", more: 1, percent: 50 }]);
  });

  it("a coupon for it says what to add, and competes with the line's other offers (the best single one wins)", () => {
    const coupon = offer({ ...b2g1, id: "bc", kind: "coupon", code: "DAP3" });
    const r = applyOffers([coupon], [dap(2)], ctx, "DAP3");
    expect(r.coupon).toEqual({ code: "DAP3", applied: false, refusal: { reason: "add_items", variantId: "dap50", more: 1 } });
    // A 40% offer on the line beats one free bag in three (33%).
    const r2 = applyOffers([b2g1, offer({ id: "p40", discount: { type: "percent", percent: 40 } })], [dap(3)], ctx);
    expect(r2.applied.map((a) => [a.offerId, a.paise])).toEqual([["p40", 1_800_00]]);
  });

  it("the units given are the cheapest, never more than what is bought allows nor the line is worth (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 10_000_00 }),
        (buy, get, percent, dapQty, ureaQty, ureaUnit) => {
          const o = offer({
            id: "x",
            target: "variants",
            targetIds: ["dap50"],
            discount: { type: "buy_x_get_y", buy, get, getVariantIds: ["urea45"], percent },
          });
          const lines = [
            dap(dapQty),
            line({ productId: "urea", variantId: "urea45", amount: ureaUnit * ureaQty, quantity: ureaQty }),
          ].filter((l) => l.quantity > 0);
          if (lines.length === 0) return;
          const r = applyOffers([o], lines, ctx);
          const given = Math.min(Math.floor(dapQty / buy) * get, ureaQty);
          expect(r.discount).toBe(Math.floor((ureaUnit * ureaQty * given * percent) / (ureaQty * 100)) || 0);
          // The DAP itself is never discounted by it.
          if (dapQty > 0) expect(r.lines[0]?.discount).toBe(0);
          const due = Math.floor(dapQty / buy) * get - given;
          expect(r.hints.length).toBe(due > 0 ? 1 : 0);
        },
      ),
    );
  });
});

describe("pincode condition (issue 31)", () => {
  const local = offer({ id: "pin", pincodes: ["4130*", "411001"] });
  it("applies for a pincode or a prefix it lists, is refused elsewhere, and shows as applying while none is given", () => {
    expect(offerRefusal(local, [seeds], { ...ctx, pincode: "413012" })).toBeNull();
    expect(offerRefusal(local, [seeds], { ...ctx, pincode: "411001" })).toBeNull();
    expect(offerRefusal(local, [seeds], { ...ctx, pincode: "411002" })).toEqual({ reason: "not_your_pincode" });
    expect(offerRefusal(local, [seeds], { ...ctx, pincode: "" })).toBeNull();
    expect(applyOffers([local], [seeds], { ...ctx, pincode: "560001" }).discount).toBe(0);
  });
  it("an offer awaiting approval gives nothing", () => {
    expect(applyOffers([offer({ id: "v", approval: "pending", vendorId: "ven1" })], [seeds], ctx).discount).toBe(0);
    expect(applyOffers([offer({ id: "v", vendorId: "ven1" })], [seeds], ctx).applied[0]?.fundedBy).toBe("ven1");
  });
});

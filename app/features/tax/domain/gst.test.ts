import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayPrice, GST_RATES, gstinStateCode, halfTax, isGstRate } from "./gst";
import { computeOrderTax, priceOrder } from "./gst-order";
import { validateHsn } from "./gst-forms";
import { computeTotals } from "./pricing";

const rupees = (r: number) => r * 100;
const MH = "27";
const KA = "29";
const byRate = { mode: "by_rate" as const, storeStateCode: MH };
const flat = { mode: "flat" as const, storeStateCode: MH };

describe("HSN codes and rates", () => {
  it.each(["1209", "120991", "12099190", " 8424 41 00 "])("accepts %j", (hsn) => expect(validateHsn(hsn).ok).toBe(true));
  it.each(["", "120", "123456789", "12ab", "12-09"])("refuses %j", (hsn) => expect(validateHsn(hsn).ok).toBe(false));
  it("the rates are 0, 5, 18 and 40", () => {
    expect(GST_RATES).toEqual([0, 5, 18, 40]);
    expect(isGstRate(12)).toBe(false);
    expect(isGstRate("5")).toBe(false);
    expect(isGstRate(5)).toBe(true);
  });
  it("reads the State code off a GSTIN", () => {
    expect(gstinStateCode("27AAICA4417K1ZK")).toBe("27");
    expect(gstinStateCode("")).toBe("");
    expect(gstinStateCode(null)).toBe("");
  });
});

describe("tax at each rate, by product rate", () => {
  it.each([
    [0, rupees(1000), 0],
    [5, rupees(1000), rupees(50)],
    [18, rupees(1000), rupees(180)],
    [40, rupees(1000), rupees(400)],
  ])("%i%% of ₹1,000", (rate, amount, tax) => {
    const t = computeOrderTax([{ amount, rate, sellerStateCode: MH }], 0, byRate, KA);
    expect(t.tax).toBe(tax);
    expect(t.lines[0]).toMatchObject({ taxable: amount, rate, igst: tax, cgst: 0, sgst: 0, intraState: false });
  });

  it("within one State the tax is CGST + SGST, half each", () => {
    const t = computeOrderTax([{ amount: rupees(1000), rate: 18, sellerStateCode: MH }], 0, byRate, MH);
    expect(t.lines[0]).toMatchObject({ cgst: rupees(90), sgst: rupees(90), igst: 0, intraState: true });
  });

  it("each half is rounded half-up to the paisa, so CGST always equals SGST", () => {
    // 5% of ₹0.11 = 0.55 paise: halves of 0.275 paise → 0 each; of ₹0.13 → 0.325 → 0; of 0.30 → 0.75 → 1.
    expect(halfTax(11, 5)).toBe(0);
    expect(halfTax(30, 5)).toBe(1);
    expect(halfTax(20, 5)).toBe(1); // exactly half a paisa rounds up
    expect(halfTax(rupees(999.99), 18)).toBe(9000); // 89.9991 rupees
    const t = computeOrderTax([{ amount: 30, rate: 5, sellerStateCode: MH }], 0, byRate, MH);
    expect(t.lines[0]).toMatchObject({ cgst: 1, sgst: 1, tax: 2 });
  });

  it("a mixed order: nil-rated seeds and a 5% sprayer from Maharashtra to Karnataka (the issue's case)", () => {
    const priced = priceOrder(
      [
        { amount: rupees(900), rate: 0, sellerStateCode: MH },
        { amount: rupees(4500), rate: 5, sellerStateCode: MH },
      ],
      byRate,
      KA,
    );
    expect(priced.breakdown.lines.map((l) => l.igst)).toEqual([0, rupees(225)]);
    expect(priced.shipping).toBe(rupees(500));
    // Delivery: the highest rate among the lines (5%), IGST too.
    expect(priced.breakdown.shipping).toMatchObject({ rate: 5, igst: rupees(25), intraState: false });
    expect(priced.tax).toBe(rupees(250));
    expect(priced.total).toBe(rupees(900 + 4500 + 500 + 250));
    expect(priced.breakdown.cgst + priced.breakdown.sgst).toBe(0);
  });

  it("a vendor in another State is IGST while the store's lines are CGST + SGST", () => {
    const t = computeOrderTax(
      [
        { amount: rupees(100), rate: 18, sellerStateCode: MH },
        { amount: rupees(100), rate: 18, sellerStateCode: KA },
      ],
      0,
      byRate,
      MH,
    );
    expect(t.lines[0]).toMatchObject({ cgst: rupees(9), sgst: rupees(9), igst: 0 });
    expect(t.lines[1]).toMatchObject({ cgst: 0, sgst: 0, igst: rupees(18) });
  });

  it("shipping over ₹50,000 is free and carries no tax", () => {
    const priced = priceOrder([{ amount: rupees(60_000), rate: 5, sellerStateCode: MH }], byRate, MH);
    expect(priced.shipping).toBe(0);
    expect(priced.breakdown.shipping.tax).toBe(0);
  });

  it("an order of nil-rated goods only pays no tax on delivery either", () => {
    const priced = priceOrder([{ amount: rupees(450), rate: 0, sellerStateCode: MH }], byRate, KA);
    expect(priced.tax).toBe(0);
    expect(priced.total).toBe(rupees(950));
  });
});

describe("flat mode is the specification's 18% of the subtotal, rounded to the rupee", () => {
  it("equals the spec's totals exactly and splits CGST/SGST 9% + 9% within Maharashtra", () => {
    const lines = [
      { amount: rupees(549), rate: 0, sellerStateCode: MH },
      { amount: rupees(1), rate: 5, sellerStateCode: MH },
    ];
    const priced = priceOrder(lines, flat, MH);
    const spec = computeTotals(rupees(550));
    expect({ subtotal: priced.subtotal, shipping: priced.shipping, tax: priced.tax, total: priced.total }).toEqual(spec);
    for (const l of priced.breakdown.lines) {
      expect(l.rate).toBe(18);
      expect(l.cgst).toBe(l.sgst);
    }
    expect(priced.breakdown.shipping.tax).toBe(0);
  });

  it("property: for any cart the lines' shares add up to the spec's tax, CGST = SGST per line, and no share is negative", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount: fc.integer({ min: 1, max: 5_000_000_00 }), seller: fc.constantFrom(MH, KA) }), {
          minLength: 1,
          maxLength: 20,
        }),
        fc.constantFrom(MH, KA, ""),
        (rows, buyer) => {
          const lines = rows.map((r) => ({ amount: r.amount, rate: 5, sellerStateCode: r.seller }));
          const priced = priceOrder(lines, flat, buyer);
          const spec = computeTotals(priced.subtotal);
          expect(priced.tax).toBe(spec.tax);
          expect(priced.total).toBe(spec.total);
          expect(priced.breakdown.lines.reduce((s, l) => s + l.tax, 0)).toBe(spec.tax);
          for (const l of priced.breakdown.lines) {
            expect(l.tax).toBeGreaterThanOrEqual(0);
            expect(l.cgst).toBe(l.sgst);
            expect(l.cgst + l.sgst + l.igst).toBe(l.tax);
          }
        },
      ),
    );
  });
});

describe("the place of supply never changes what is paid", () => {
  it("property: CGST + SGST within a State equals IGST across States, line by line", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount: fc.integer({ min: 0, max: 10_000_000_00 }), rate: fc.constantFrom(...GST_RATES) }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.constantFrom("flat" as const, "by_rate" as const),
        (rows, mode) => {
          const lines = rows.map((r) => ({ ...r, sellerStateCode: MH }));
          const within = priceOrder(lines, { mode, storeStateCode: MH }, MH);
          const across = priceOrder(lines, { mode, storeStateCode: MH }, KA);
          const unknown = priceOrder(lines, { mode, storeStateCode: MH }, "");
          expect(within.total).toBe(across.total);
          expect(unknown.total).toBe(across.total);
          expect(within.breakdown.igst).toBe(0);
          expect(across.breakdown.cgst).toBe(0);
          expect(within.breakdown.cgst * 2).toBe(across.breakdown.igst);
        },
      ),
    );
  });
});

describe("prices as shown", () => {
  it("exclusive shows the stored price; inclusive adds the product's GST (flat mode: 18%)", () => {
    expect(displayPrice(rupees(1000), 5, { mode: "by_rate", display: "exclusive" })).toBe(rupees(1000));
    expect(displayPrice(rupees(1000), 5, { mode: "by_rate", display: "inclusive" })).toBe(rupees(1050));
    expect(displayPrice(rupees(1000), 0, { mode: "by_rate", display: "inclusive" })).toBe(rupees(1000));
    expect(displayPrice(rupees(1000), 5, { mode: "flat", display: "inclusive" })).toBe(rupees(1180));
  });
  it("a line's inclusive price is its taxable value plus its tax, the same numbers the invoice shows", () => {
    const t = computeOrderTax([{ amount: rupees(2 * 450), rate: 5, sellerStateCode: MH }], 0, byRate, MH);
    const line = t.lines[0];
    expect(line && line.taxable + line.tax).toBe(2 * displayPrice(rupees(450), 5, { mode: "by_rate", display: "inclusive" }));
  });
});

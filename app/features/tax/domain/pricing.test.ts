import { describe, expect, it } from "vitest";
import { amountToFreeShipping, computeTotals, derivedShipping, gstFor, shippingFor } from "./pricing";

const rupees = (r: number) => r * 100;

describe("shipping at the ₹50,000 threshold (spec §9: free only over ₹50,000)", () => {
  it.each([
    [49_999, 500],
    [50_000, 500],
    [50_001, 0],
    [450, 500],
    [1_500_000, 0],
  ])("subtotal ₹%i pays ₹%i shipping", (subtotal, fee) => {
    expect(shippingFor(rupees(subtotal))).toBe(rupees(fee));
  });
  it("an empty cart pays nothing", () => expect(shippingFor(0)).toBe(0));
});

describe("GST 18% rounded to the rupee", () => {
  it.each([
    [49_999, 8_999.82, 9_000],
    [50_000, 9_000, 9_000],
    [50_001, 9_000.18, 9_000],
    [549, 98.82, 99],
    [2_500, 450, 450],
    [75, 13.5, 14], // half a rupee rounds up
    [47, 8.46, 8],
  ])("₹%i → exact ₹%f → ₹%i", (subtotal, _exact, gst) => {
    expect(gstFor(rupees(subtotal))).toBe(rupees(gst));
  });
  it("handles paise subtotals", () => expect(gstFor(149_950)).toBe(rupees(270)));
});

describe("totals", () => {
  it("adds subtotal, shipping and GST", () => {
    expect(computeTotals(rupees(49_999))).toEqual({
      subtotal: rupees(49_999),
      shipping: rupees(500),
      tax: rupees(9_000),
      total: rupees(59_499),
    });
    expect(computeTotals(rupees(50_000)).total).toBe(rupees(59_500));
    expect(computeTotals(rupees(50_001))).toEqual({ subtotal: rupees(50_001), shipping: 0, tax: rupees(9_000), total: rupees(59_001) });
  });
  it("derives shipping on the confirmation page, floored at 0", () => {
    const t = computeTotals(rupees(1_000));
    expect(derivedShipping(t)).toBe(rupees(500));
    expect(derivedShipping({ total: 100, subtotal: 100, tax: 50 })).toBe(0);
  });
});

describe("'Add ₹X more' really earns free shipping", () => {
  it.each([1, 49_000, 49_999, 50_000])("from ₹%i", (subtotal) => {
    const more = amountToFreeShipping(rupees(subtotal));
    expect(more).toBeGreaterThan(0);
    expect(shippingFor(rupees(subtotal) + more)).toBe(0);
    expect(shippingFor(rupees(subtotal) + more - 100)).toBe(rupees(500));
  });
  it("is zero once free", () => expect(amountToFreeShipping(rupees(50_001))).toBe(0));
});

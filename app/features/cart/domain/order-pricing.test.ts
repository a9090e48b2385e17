import { describe, expect, it } from "vitest";
import type { TaxConfig } from "~/features/tax/domain/gst";
import type { CartLine } from "./cart";
import { lineUnitPrice, nextBreakShown, priceCart, shownAmounts } from "./order-pricing";

/** DAP 50 kg, 5% GST: ₹1,285.72 (₹1,350 with GST), ₹1,228.57 (₹1,289.99) from 10 bags; 12 in stock. */
const dap = (quantity: number, stock = 12): CartLine => ({
  product: {
    id: "dap00000001",
    variantId: "dap00000001",
    name: "DAP",
    pricePaise: 128_572,
    image: "",
    category: "fertilizers",
    stock,
    gstRate: 5,
    sellerStateCode: null,
    priceBreaks: [
      { minQuantity: 10, pricePaise: 122_857 },
      { minQuantity: 25, pricePaise: 119_048 },
    ],
  },
  quantity,
});
const config: TaxConfig = {
  mode: "by_rate",
  display: "inclusive",
  storeStateCode: "27",
  shipping: { feePaise: 50_000, freeOverPaise: 5_000_000 },
};

describe("the cart prices a line at the quantity price its quantity reaches (issue 31)", () => {
  it("9 bags at the size's price, 10 at the break, with GST on the unit charged", () => {
    expect(lineUnitPrice(dap(9))).toBe(128_572);
    expect(lineUnitPrice(dap(10))).toBe(122_857);
    const nine = priceCart([dap(9)], config, "Maharashtra");
    const ten = priceCart([dap(10)], config, "Maharashtra");
    expect(nine.subtotal).toBe(1_157_148);
    expect(ten.subtotal).toBe(1_228_570);
    expect(ten.breakdown.lines[0]).toMatchObject({ taxable: 1_228_570, tax: 61_420 });
    expect(shownAmounts(dap(10), ten.breakdown.lines[0], config)).toEqual({ each: 128_999, total: 1_289_990 });
    expect(shownAmounts(dap(9), nine.breakdown.lines[0], config)).toEqual({ each: 135_000, total: 1_215_000 });
  });

  it("says how many more reach the next break, as prices are shown; none beyond the stock or the last break", () => {
    const nine = priceCart([dap(9)], config, "Maharashtra");
    expect(nextBreakShown(dap(9), nine.breakdown.lines[0], config)).toEqual({ more: 1, each: 128_999 });
    expect(nextBreakShown(dap(9), nine.breakdown.lines[0], { ...config, display: "exclusive" })).toEqual({ more: 1, each: 122_857 });
    // 12 in stock: the 25-bag price cannot be reached.
    expect(nextBreakShown(dap(10), undefined, config)).toBeNull();
    expect(nextBreakShown(dap(10, 100), undefined, { ...config, display: "exclusive" })).toEqual({ more: 15, each: 119_048 });
    expect(nextBreakShown(dap(30, 100), undefined, config)).toBeNull();
  });
});

describe("the cart taxes a kit as its order will: each part at its own rate (docs/decisions/055-kits.md)", () => {
  // Tomato seed 10 g × 2 (₹150, nil-rated), DAP × 1 (₹1,350, 5%), a spray × 1 (₹300, 18%): the kit ₹1,500.
  const kit = (quantity: number): CartLine => ({
    product: {
      id: "kit00000001",
      variantId: "kit00000001",
      name: "1 acre tomato kit",
      pricePaise: 150_000,
      image: "",
      category: "seeds",
      stock: 5,
      gstRate: 0,
      sellerStateCode: null,
      kitTax: [
        { weight: 30_000, quantity: 2, rate: 0, sellerStateCode: null },
        { weight: 135_000, quantity: 1, rate: 5, sellerStateCode: null },
        { weight: 30_000, quantity: 1, rate: 18, sellerStateCode: null },
      ],
    },
    quantity,
  });

  it("shares the kit's price over its parts and taxes each share at its rate, one line for the kit", () => {
    const priced = priceCart([kit(2), dap(1)], config, "Maharashtra");
    // The order's lines (kitPartLines): 4 seed packets at ₹115.39 at 0%, 2 DAP at ₹1,038.45 at 5% (the
    // paisa over on the part of quantity 1), 2 sprays at ₹230.77 at 18%, and the DAP bought alone.
    const parts = priceCart(
      [
        { product: { ...kit(1).product, kitTax: undefined, gstRate: 0, pricePaise: 11_539 }, quantity: 4 },
        { product: { ...kit(1).product, id: "p2", variantId: "p2", kitTax: undefined, gstRate: 5, pricePaise: 103_845 }, quantity: 2 },
        { product: { ...kit(1).product, id: "p3", variantId: "p3", kitTax: undefined, gstRate: 18, pricePaise: 23_077 }, quantity: 2 },
        dap(1),
      ],
      config,
      "Maharashtra",
    );
    expect(priced.breakdown.lines).toHaveLength(2);
    expect(priced.tax).toBe(parts.tax);
    expect(priced.total).toBe(parts.total);
    expect(priced.breakdown.lines[0]).toMatchObject({ taxable: 300_000, rate: 18 });
    expect(priced.breakdown.lines[0]?.tax).toBe(
      (parts.breakdown.lines[0]?.tax ?? 0) + (parts.breakdown.lines[1]?.tax ?? 0) + (parts.breakdown.lines[2]?.tax ?? 0),
    );
    // Shown with GST: the line's total is the parts' taxable value and tax; each kit half of it.
    const shown = shownAmounts(kit(2), priced.breakdown.lines[0], config);
    expect(shown.total).toBe(300_000 + (priced.breakdown.lines[0]?.tax ?? 0));
    expect(shown.each).toBe(Math.round(shown.total / 2));
  });
});

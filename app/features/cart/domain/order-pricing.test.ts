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

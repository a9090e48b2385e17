import { describe, expect, it } from "vitest";
import { chargedUnitPrice, highestPriceWithinMrp } from "../../tax/domain/gst";
import { nextPriceBreak, type PriceBreak, unitPriceAt } from "./price-breaks";
import {
  decodePriceBreaks,
  encodePriceBreaks,
  formatPriceBreaksInput,
  MAX_PRICE_BREAKS,
  parsePriceBreaksInput,
  priceBreaksProblem,
} from "./price-breaks-input";
import { ProductFormSchema, productFormIssues } from "./product-form";

/** DAP: ₹1,285.72 before 5% GST (₹1,350 with it, its MRP); ₹1,228.57 from 10 bags, ₹1,190.48 from 25. */
const DAP: PriceBreak[] = [
  { minQuantity: 10, pricePaise: 122_857 },
  { minQuantity: 25, pricePaise: 119_048 },
];

describe("the unit price a line's quantity reaches", () => {
  it("is the size's price below the first break, and the best break reached from it", () => {
    expect(unitPriceAt(128_572, DAP, 1)).toBe(128_572);
    expect(unitPriceAt(128_572, DAP, 9)).toBe(128_572);
    expect(unitPriceAt(128_572, DAP, 10)).toBe(122_857);
    expect(unitPriceAt(128_572, DAP, 24)).toBe(122_857);
    expect(unitPriceAt(128_572, DAP, 25)).toBe(119_048);
    expect(unitPriceAt(128_572, DAP, 999)).toBe(119_048);
    expect(unitPriceAt(128_572, [], 50)).toBe(128_572);
    expect(unitPriceAt(128_572, undefined, 50)).toBe(128_572);
  });

  it("never charges more than the size's price, whatever the breaks say", () => {
    expect(unitPriceAt(10_000, [{ minQuantity: 2, pricePaise: 12_000 }], 5)).toBe(10_000);
  });

  it("names the next break and how far it is", () => {
    expect(nextPriceBreak(DAP, 7)).toEqual(DAP[0]);
    expect(nextPriceBreak(DAP, 10)).toEqual(DAP[1]);
    expect(nextPriceBreak(DAP, 25)).toBeNull();
    expect(nextPriceBreak(undefined, 1)).toBeNull();
  });
});

describe("typed quantity prices", () => {
  it("reads quantity:price pairs in rupees, in any order, with = or @, commas, semicolons or lines", () => {
    expect(parsePriceBreaksInput("25:1190.48, 10:1228.57")).toEqual({ breaks: DAP });
    expect(parsePriceBreaksInput("10 = ₹1,228.57\n25 @ 1190.48")).toEqual({ breaks: DAP });
    expect(parsePriceBreaksInput("10:1,228.57,25:1,190.48")).toEqual({ breaks: DAP });
    expect(parsePriceBreaksInput("10:1228.57; 25:1190.48;")).toEqual({ breaks: DAP });
    expect(parsePriceBreaksInput("  ")).toEqual({ breaks: [] });
  });

  it("refuses what it cannot read, and more than four", () => {
    expect(parsePriceBreaksInput("ten:1200")).toEqual({ problem: "format" });
    expect(parsePriceBreaksInput("10 1200")).toEqual({ problem: "format" });
    expect(parsePriceBreaksInput("10:12.345")).toEqual({ problem: "format" });
    expect(parsePriceBreaksInput("2:9, 3:8, 4:7, 5:6, 6:5")).toEqual({ problem: "too_many" });
    expect(MAX_PRICE_BREAKS).toBe(4);
  });

  it("checks each break against the size's price: 2 to 999 units, above ₹0, quantities rising, prices falling, below the price", () => {
    expect(priceBreaksProblem(DAP, 128_572)).toBeNull();
    expect(priceBreaksProblem([{ minQuantity: 1, pricePaise: 100 }], 200)).toBe("quantity");
    expect(priceBreaksProblem([{ minQuantity: 1000, pricePaise: 100 }], 200)).toBe("quantity");
    expect(priceBreaksProblem([{ minQuantity: 5, pricePaise: 0 }], 200)).toBe("price");
    expect(priceBreaksProblem([{ minQuantity: 5, pricePaise: 200 }], 200)).toBe("not_lower");
    expect(
      priceBreaksProblem(
        [
          { minQuantity: 5, pricePaise: 150 },
          { minQuantity: 5, pricePaise: 140 },
        ],
        200,
      ),
    ).toBe("order");
    expect(
      priceBreaksProblem(
        [
          { minQuantity: 5, pricePaise: 150 },
          { minQuantity: 10, pricePaise: 150 },
        ],
        200,
      ),
    ).toBe("order");
  });

  it("stores compactly and reads back; stored text that is not a valid list is no breaks (never a lower price)", () => {
    expect(encodePriceBreaks(DAP)).toBe("10:122857,25:119048");
    expect(decodePriceBreaks("10:122857,25:119048")).toEqual(DAP);
    expect(encodePriceBreaks([])).toBeNull();
    expect(decodePriceBreaks(null)).toEqual([]);
    expect(decodePriceBreaks("10:122857,5:100")).toEqual([]);
    expect(decodePriceBreaks("10:-1")).toEqual([]);
    expect(decodePriceBreaks("garbage")).toEqual([]);
    expect(formatPriceBreaksInput(DAP)).toBe("10:1228.57, 25:1190.48");
    expect(formatPriceBreaksInput([{ minQuantity: 3, pricePaise: 50_000 }])).toBe("3:500");
  });

  it("a break below a price within the MRP is within the MRP under either tax mode", () => {
    for (const mode of ["by_rate", "flat"] as const) {
      const top = highestPriceWithinMrp(135_000, 5, mode);
      for (const b of [top - 1, Math.floor(top / 2), 1]) expect(chargedUnitPrice(b, 5, mode)).toBeLessThanOrEqual(135_000);
    }
  });
});

describe("the product form's quantity prices", () => {
  const form = (priceBreaks: string, price = "1285.72") => ({
    name: "DAP 50 kg",
    description: "",
    category: "fertilizers",
    hsnCode: "31053000",
    gstRate: "5",
    variants: [{ label: "50 kg", packQuantity: "50", packUnit: "kg", sku: "", mrp: "1350", price, stock: "100", weight: "", priceBreaks }],
  });
  const issueOf = (fields: ReturnType<typeof form>) => {
    const parsed = ProductFormSchema.safeParse(fields);
    return parsed.success ? null : productFormIssues(parsed.error)["variants.0.priceBreaks"]?.message;
  };

  it("reads them onto the size", () => {
    const parsed = ProductFormSchema.parse(form("10:1228.57, 25:1190.48"));
    expect(parsed.variants[0]?.priceBreaks).toEqual(DAP);
    expect(ProductFormSchema.parse(form("")).variants[0]).not.toHaveProperty("priceBreaks");
  });

  it("names each problem beside the size's field", () => {
    expect(issueOf(form("10 for 1228"))).toBe("product.price_breaks_format");
    expect(issueOf(form("1:1200"))).toBe("product.price_breaks_quantity");
    expect(issueOf(form("10:1300"))).toBe("product.price_breaks_not_lower");
    expect(issueOf(form("10:1200, 25:1250"))).toBe("product.price_breaks_order");
    expect(issueOf(form("10:0"))).toBe("product.price_breaks_price");
    expect(issueOf(form("2:9, 3:8, 4:7, 5:6, 6:5"))).toBe(`product.price_breaks_too_many`);
  });
});

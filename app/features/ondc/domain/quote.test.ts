import { describe, expect, it } from "vitest";
import { breakupOf, breakupTotal, ondcQuote, paiseOf, quoteMatches, rupeesOf, type StoreQuote } from "./quote";

const quote: StoreQuote = {
  providerId: "store",
  lines: [
    {
      itemId: "size000001",
      title: "Urea (45 kg)",
      asked: 3,
      count: 3,
      available: 40,
      unitPaise: 33_333,
      unitWithGstPaise: 34_999,
      discountPaise: 1_001,
      taxPaise: 4_852,
    },
    {
      itemId: "size000002",
      title: "Sickle",
      asked: 2,
      count: 1,
      available: 1,
      unitPaise: 19_999,
      unitWithGstPaise: 23_599,
      discountPaise: 0,
      taxPaise: 3_600,
    },
  ],
  deliveryPaise: 50_000,
  totalPaise: 99_999 - 1_001 + 4_852 + 19_999 + 3_600 + 50_000,
};

describe("ONDC quote arithmetic", () => {
  it("writes paise as rupees exactly and reads them back", () => {
    expect(rupeesOf(0)).toBe("0.00");
    expect(rupeesOf(5)).toBe("0.05");
    expect(rupeesOf(123_456)).toBe("1234.56");
    expect(rupeesOf(-1_001)).toBe("-10.01");
    expect(rupeesOf(2 ** 52)).toBe("45035996273704.96");
    expect(() => rupeesOf(1.5)).toThrow();
    for (const paise of [0, 1, 99, 100, 101, 33_333, 9_999_999]) expect(paiseOf(rupeesOf(paise))).toBe(paise);
    expect(paiseOf("12.5")).toBe(1_250);
    expect(paiseOf("12")).toBe(1_200);
    for (const bad of ["12.345", "1e3", "", "₹12", "12.", "NaN", " - 1"]) expect(paiseOf(bad)).toBeNull();
  });

  it("lays the quote out as ONDC's breakup, at the catalogue's prices with GST, adding up to its price to the paisa", () => {
    const breakup = breakupOf(quote);
    // Items at their GST-inclusive unit prices; the discount with the GST it saves (10.01 + 1.46); the
    // tax lines only what the order's GST differs from the unit prices by (nothing here).
    expect(breakup.map((b) => [b["@ondc/org/title_type"], b["@ondc/org/item_id"], (b.price as { value: string }).value])).toEqual([
      ["item", "size000001", "1049.97"],
      ["discount", "size000001", "-11.47"],
      ["tax", "size000001", "0.00"],
      ["item", "size000002", "235.99"],
      ["tax", "size000002", "0.00"],
      ["delivery", "store-delivery", "500.00"],
    ]);
    expect(breakup[0]).toMatchObject({ item: { price: { value: "349.99" } } });
    const sum = breakup.reduce((s, b) => s + (paiseOf((b.price as { value: string }).value) ?? Number.NaN), 0);
    expect(sum).toBe(quote.totalPaise);
    expect(breakupTotal(quote)).toBe(quote.totalPaise);
    expect(ondcQuote(quote).price).toEqual({ currency: "INR", value: rupeesOf(quote.totalPaise) });
    // Stock is on_select's alone.
    expect(breakup[3]).not.toHaveProperty("item.quantity");
    expect(breakupOf(quote, { stock: true })[3]).toMatchObject({
      "@ondc/org/item_quantity": { count: 1 },
      item: { quantity: { available: { count: "99" }, maximum: { count: "1" } } },
    });
  });

  it("puts a paisa of GST rounding on the tax line, so the line is still what the order charges", () => {
    // ₹3.33 at 5%: 3.50 a unit with GST, but the order's GST on 3 × 3.33 = 9.99 is 0.50, not 3 × 0.17.
    const line = {
      itemId: "s3",
      title: "Seed",
      asked: 3,
      count: 3,
      available: 9,
      unitPaise: 333,
      unitWithGstPaise: 350,
      discountPaise: 0,
      taxPaise: 50,
    };
    const small: StoreQuote = { providerId: "store", lines: [line], deliveryPaise: 0, totalPaise: 999 + 50 };
    const breakup = breakupOf(small);
    expect(breakup.map((b) => (b.price as { value: string }).value)).toEqual(["10.50", "-0.01", "0.00"]);
    expect(breakupTotal(small)).toBe(small.totalPaise);
  });

  it("takes back only our own quote: a changed total or line is not ours", () => {
    const ours = ondcQuote(quote);
    expect(quoteMatches(quote, undefined)).toBe(true);
    expect(quoteMatches(quote, ours)).toBe(true);
    expect(quoteMatches(quote, { price: { value: "1.00" } })).toBe(false);
    const cheaper = structuredClone(ours);
    (cheaper.breakup[0]?.price as { value: string }).value = "1.00";
    expect(quoteMatches(quote, cheaper)).toBe(false);
    expect(quoteMatches(quote, { ...ours, breakup: ours.breakup.slice(1) })).toBe(false);
  });
});

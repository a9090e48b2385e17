import { describe, expect, it } from "vitest";
import { parseRupeesToPaise } from "~/platform/core/rupee-input";
import { kitInputRefusal, readKitFields } from "./kit-rules";
import { withKitName } from "./kit-line-name";

describe("the kit form's fields", () => {
  it("reads the SKU, the price in rupees and the part rows, leaving blank rows out", () => {
    expect(
      readKitFields(
        { kitSku: "KIT-1", price: "1,500.50", part0Sku: "A", part0Qty: "2", part1Sku: "", part1Qty: "", part2Sku: "B", part2Qty: "1" },
        parseRupeesToPaise,
      ),
    ).toEqual({
      kitSku: "KIT-1",
      pricePaise: 150_050,
      parts: [
        { sku: "A", quantity: 2 },
        { sku: "B", quantity: 1 },
      ],
    });
  });

  it("turns a price or quantity that is no number into one the rules refuse, naming the part", () => {
    const input = readKitFields({ kitSku: "KIT-1", price: "abc", part0Sku: "A", part0Qty: "two" }, parseRupeesToPaise);
    expect(kitInputRefusal(input)).toEqual({ code: "kits.price", params: {} });
    expect(kitInputRefusal({ ...input, pricePaise: 100 })).toEqual({ code: "kits.part_quantity", params: { sku: "A", max: 99 } });
    expect(kitInputRefusal({ ...input, pricePaise: 100, parts: [{ sku: "", quantity: 1 }] })).toEqual({
      code: "kits.part_sku",
      params: {},
    });
  });
});

describe("a kit part's line name", () => {
  it("adds the kit, in Hindi when the kit has a Hindi name", () => {
    const line = { kit_name: "1 acre tomato kit", kit_name_hi: "टमाटर 1 एकड़ किट" };
    expect(withKitName("DAP (50 kg)", line, "en")).toBe("DAP (50 kg) — 1 acre tomato kit");
    expect(withKitName("डीएपी (50 kg)", line, "hi")).toBe("डीएपी (50 kg) — टमाटर 1 एकड़ किट");
    expect(withKitName("DAP", { kit_name: null }, "en")).toBe("DAP");
  });
});

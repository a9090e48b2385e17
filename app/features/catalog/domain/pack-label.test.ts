import { describe, expect, it } from "vitest";
import { lineName, packLabel } from "./pack-label";

describe("packLabel", () => {
  it("says the sample catalogue's sizes in Hindi", () => {
    const hindi = (label: string) => packLabel(label, "hi");
    expect(hindi("10 g")).toBe("10 ग्राम");
    expect(hindi("100 g")).toBe("100 ग्राम");
    expect(hindi("4 kg")).toBe("4 किलो");
    expect(hindi("250 ml")).toBe("250 मि.ली.");
    expect(hindi("1 L")).toBe("1 लीटर");
    expect(hindi("1.5 litres")).toBe("1.5 लीटर");
    expect(hindi("25 kg bag")).toBe("25 किलो की बोरी");
    expect(hindi("100 kg (4 bags)")).toBe("100 किलो (4 बोरी)");
    expect(hindi("Pack of 10")).toBe("10 का पैक");
    expect(hindi("1 sapling")).toBe("1 पौधा");
    expect(hindi("12 saplings")).toBe("12 पौधे");
    expect(hindi("Standard")).toBe("सामान्य");
  });

  it("keeps words it does not know, and every label on an English page", () => {
    expect(packLabel("Family size", "hi")).toBe("Family size");
    expect(packLabel("5 किलो", "hi")).toBe("5 किलो");
    expect(packLabel("10 g", "en")).toBe("10 g");
    expect(packLabel("25 kg bag", "en")).toBe("25 kg bag");
  });
});

describe("lineName", () => {
  const line = { name: "Hybrid Tomato Seeds", nameHi: "हाइब्रिड टमाटर के बीज", variantLabel: "10 g" };

  it("names a line by its Hindi snapshot and Hindi size on a Hindi page", () => {
    expect(lineName(line, "hi")).toBe("हाइब्रिड टमाटर के बीज (10 ग्राम)");
    expect(lineName(line, "en")).toBe("Hybrid Tomato Seeds (10 g)");
  });

  it("falls back to the English name where the product had no Hindi name", () => {
    expect(lineName({ ...line, nameHi: null }, "hi")).toBe("Hybrid Tomato Seeds (10 ग्राम)");
    expect(lineName({ ...line, nameHi: " ", variantLabel: "" }, "hi")).toBe("Hybrid Tomato Seeds");
  });
});

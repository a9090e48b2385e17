import { describe, expect, it } from "vitest";
import { consignmentValuePaise, EwayBillNumberSchema, needsEwayBill } from "./eway-bill";

describe("e-way bills", () => {
  it("values a consignment with its GST, leaving out goods that carry none", () => {
    const lines = [
      { taxablePaise: 40_000_00, taxPaise: 7_200_00 },
      { taxablePaise: 9_000_00, taxPaise: 0 },
      { taxablePaise: 3_000_00, taxPaise: 150_00 },
    ];
    expect(consignmentValuePaise(lines)).toBe(50_350_00);
  });

  it("is needed only above the threshold", () => {
    expect(needsEwayBill(50_000_00, 50_000)).toBe(false);
    expect(needsEwayBill(50_000_01, 50_000)).toBe(true);
  });

  it("takes 12 digits, spaces between groups dropped, and nothing else", () => {
    expect(EwayBillNumberSchema.parse("1234 5678 9012")).toBe("123456789012");
    for (const bad of ["12345678901", "1234567890123", "12345678901a", ""]) expect(EwayBillNumberSchema.safeParse(bad).success).toBe(false);
  });
});

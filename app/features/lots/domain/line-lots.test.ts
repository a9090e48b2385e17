import { describe, expect, it } from "vitest";
import { expiryMonth, lotLineEnglish } from "./line-lots";

describe("a line's lots as documents print them", () => {
  it("names the month of the expiry in either language, whatever the day", () => {
    expect(expiryMonth("2027-03-31")).toBe("Mar 2027");
    expect(expiryMonth("2027-03-01", "hi")).toBe("मार्च 2027");
  });

  it("prints the lot, its expiry and the units taken from it", () => {
    expect(lotLineEnglish({ number: "TS-2411-A", expiresOn: "2027-03-15", quantity: 3 })).toBe("Lot TS-2411-A (exp. Mar 2027) × 3");
    expect(lotLineEnglish({ number: "NPK-7", expiresOn: null, quantity: 1 })).toBe("Lot NPK-7 × 1");
  });
});

import { describe, expect, it } from "vitest";
import { CommissionRatesSchema, commissionOf, earnedOf, isStatementMonth, monthBounds, monthTitle, percentText } from "./commission";

describe("commission arithmetic", () => {
  it("rounds a line's commission down to the paisa, never above the rate", () => {
    expect(commissionOf(9_999, 100)).toBe(99);
    expect(commissionOf(10_000, 100)).toBe(100);
    expect(commissionOf(10_001, 100)).toBe(100);
    expect(commissionOf(3_999, 250)).toBe(99);
    expect(commissionOf(4_000, 250)).toBe(100);
    expect(commissionOf(1_00_00_000, 10_000)).toBe(1_00_00_000);
    expect(commissionOf(5_000, 0)).toBe(0);
    expect(commissionOf(0, 500)).toBe(0);
  });

  it("prorates a partly returned line by the units kept, rounded down; all returned earns nothing", () => {
    expect(earnedOf(100, 4, 1)).toBe(75);
    expect(earnedOf(100, 3, 1)).toBe(66);
    expect(earnedOf(100, 3, 0)).toBe(100);
    expect(earnedOf(100, 3, 3)).toBe(0);
    expect(earnedOf(100, 3, 5)).toBe(0);
  });
});

describe("the owner's rates form", () => {
  const form = (seeds: string) => ({ seeds, equipment: "0", tools: "1", fertilizers: "100" });
  it("takes 0 to 100 % with up to two decimals, as basis points", () => {
    expect(CommissionRatesSchema.parse(form("2.5"))).toEqual({ seeds: 250, equipment: 0, tools: 100, fertilizers: 10_000 });
    expect(CommissionRatesSchema.parse(form(" 0.05 % ")).seeds).toBe(5);
    expect(CommissionRatesSchema.parse(form("12.34")).seeds).toBe(1234);
  });
  it("refuses more than 100 %, three decimals, negatives and words, with a message", () => {
    for (const bad of ["100.01", "101", "1.234", "-1", "two", "", "1e2"]) {
      const parsed = CommissionRatesSchema.safeParse(form(bad));
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/percentage|100%|decimals/);
    }
  });
  it("shows basis points as the owner typed them", () => {
    expect([250, 0, 1234, 10_000, 5, 50].map(percentText)).toEqual(["2.5", "0", "12.34", "100", "0.05", "0.5"]);
  });
});

describe("statement months", () => {
  it("are months in India from January 2026", () => {
    expect(["2026-01", "2026-11", "2031-12"].every(isStatementMonth)).toBe(true);
    expect(["2025-12", "2026-13", "2026-00", "2026-1", "x", ""].some(isStatementMonth)).toBe(false);
    expect(monthBounds("2026-11")).toEqual({ startIso: "2026-10-31T18:30:00.000Z", endIso: "2026-11-30T18:30:00.000Z" });
  });
});

describe("month titles", () => {
  it("name the month in full, in English and Hindi", () => {
    expect(monthTitle("2026-11")).toBe("November 2026");
    expect(monthTitle("2026-11", "hi")).toBe("नवंबर 2026");
  });
});

import { describe, expect, it } from "vitest";
import { documentNumber, financialYear, sellerPrefix } from "./tax-documents";

describe("India's financial year, read in India time", () => {
  it.each([
    ["2026-03-31T18:29:59Z", "25-26"], // 31 March, 23:59:59 in India
    ["2026-03-31T18:30:00Z", "26-27"], // 1 April, midnight in India
    ["2026-11-22T10:00:00Z", "26-27"],
    ["2027-01-01T00:00:00Z", "26-27"],
    ["2099-06-01T00:00:00Z", "99-00"],
  ])("%s is in %s", (at, year) => expect(financialYear(new Date(at))).toBe(year));
});

describe("document numbers (rule 46(b): ≤ 16 characters, letters, digits, '-' and '/')", () => {
  it("formats invoices and credit notes", () => {
    expect(documentNumber("ANG", "invoice", "25-26", 123)).toBe("ANG/25-26/000123");
    expect(documentNumber("ANG", "credit_note", "25-26", 12)).toBe("ANGC/25-26/00012");
  });
  it("never exceeds 16 characters or uses another character", () => {
    expect(documentNumber("ANG", "invoice", "25-26", 999_999)).toHaveLength(16);
    expect(() => documentNumber("ANG", "invoice", "25-26", 1_000_000)).toThrow(/rule 46/);
    expect(() => documentNumber("A_G", "invoice", "25-26", 1)).toThrow(/rule 46/);
  });
  it("a vendor's prefix comes from its business name", () => {
    expect(sellerPrefix(null)).toBe("ANG");
    expect(sellerPrefix("Kisan Tools & Co.")).toBe("KIS");
    expect(sellerPrefix("ॐ")).toBe("VEN");
    expect(sellerPrefix("Z9")).toBe("Z9X");
  });
});

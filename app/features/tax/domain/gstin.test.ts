import { describe, expect, it } from "vitest";
import { gstinCheckChar, validateGstin } from "./gstin";
import { english } from "../../../platform/i18n/render-refusal.server";

describe("GSTIN validation", () => {
  it("accepts valid GSTINs and normalises case and spaces", () => {
    expect(validateGstin("27AAPFU0939F1ZV")).toEqual({ ok: true, gstin: "27AAPFU0939F1ZV" });
    expect(validateGstin("27aapfu0939f1zv")).toEqual({ ok: true, gstin: "27AAPFU0939F1ZV" });
    expect(validateGstin(" 29AAGCB7383J1Z4 ")).toEqual({ ok: true, gstin: "29AAGCB7383J1Z4" });
  });

  it("computes the check character", () => {
    expect(gstinCheckChar("27AAPFU0939F1Z")).toBe("V");
  });

  it.each([
    ["27AAPFU0939F1Z", /15 characters; this one has 14/],
    ["27AAPFU0939F1ZVX", /15 characters; this one has 16/],
    ["27AAPFU0939F1ZW", /check digit/],
    ["99AAPFU0939F1ZV".replace("99", "45"), /state code/],
    ["27AAPF10939F1ZV", /PAN/],
    ["27AAPFU0939F1YV", /'Z'/],
    ["27AAPFU0939F0ZV", /entity number/],
    ["27AAPFU0939F1Z-", /only letters and digits/],
  ])("refuses %s", (input, message) => {
    const result = validateGstin(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && english(result.error)).toMatch(message);
  });
});

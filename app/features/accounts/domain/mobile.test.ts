import { describe, expect, it } from "vitest";
import { formatMobile, hasRealEmail, maskMobile, normaliseMobile, placeholderEmail } from "./mobile";
import { MobileSchema } from "./mobile-forms";

describe("Indian mobile numbers", () => {
  it.each([
    ["98765 43210", "+919876543210"],
    ["+91 98765-43210", "+919876543210"],
    ["098765 43210", "+919876543210"],
    ["91 9876543210", "+919876543210"],
    ["(+91) 6000000000", "+916000000000"],
  ])("normalises %s to E.164", (input, e164) => {
    expect(normaliseMobile(input)).toBe(e164);
  });

  it.each(["", "12345", "58765 43210", "+92 98765 43210", "98765 432100", "9876543210x"])("refuses %j", (input) => {
    expect(normaliseMobile(input)).toBeNull();
    expect(MobileSchema.safeParse(input).success).toBe(false);
  });

  it("formats, masks and makes a placeholder email", () => {
    expect(formatMobile("+919876543210")).toBe("+91 98765 43210");
    expect(maskMobile("+919876543210")).toBe("+91•••••43210");
    expect(placeholderEmail("+919876543210")).toBe("919876543210@phone.angle.invalid");
  });

  it("tells a real email from a placeholder", () => {
    expect(hasRealEmail("asha@example.in")).toBe(true);
    expect(hasRealEmail(placeholderEmail("+919876543210"))).toBe(false);
    expect(hasRealEmail("")).toBe(false);
    expect(hasRealEmail(null)).toBe(false);
  });
});

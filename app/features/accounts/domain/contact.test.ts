import { describe, expect, it } from "vitest";
import { hasOwnName, shownContact } from "./contact";
import { formatMobile, placeholderEmail } from "./mobile";

describe("shownContact", () => {
  it("never shows a mobile account's placeholder email, and names it by its number until it has a name", () => {
    const shown = shownContact({ name: formatMobile("+919876543210"), email: placeholderEmail("+919876543210"), phone: "" });
    expect(shown).toEqual({ name: null, phone: "+91 98765 43210", email: null, label: "+91 98765 43210" });
    expect(JSON.stringify(shown)).not.toContain("invalid");
  });

  it("shows a given name, a readable phone and a real email", () => {
    expect(shownContact({ name: " Asha Patil ", phone: "9876543210", email: "asha@example.in" })).toEqual({
      name: "Asha Patil",
      phone: "+91 98765 43210",
      email: "asha@example.in",
      label: "Asha Patil",
    });
  });

  it("falls back to the email when there is neither a name nor a phone", () => {
    expect(shownContact({ name: "", email: "kisan@example.in" }).label).toBe("kisan@example.in");
    expect(shownContact({}).label).toBe("");
  });

  it("keeps a phone it cannot read as an Indian mobile as it was typed", () => {
    expect(shownContact({ name: "Ravi", phone: "020 2345 6789" }).phone).toBe("020 2345 6789");
  });
});

describe("hasOwnName", () => {
  it("refuses an empty name, a number standing in for one and an address", () => {
    expect(hasOwnName("")).toBe(false);
    expect(hasOwnName("  ")).toBe(false);
    expect(hasOwnName("+91 98765 43210")).toBe(false);
    expect(hasOwnName("919876543210@phone.angle.invalid")).toBe(false);
    expect(hasOwnName("रमेश कुमार")).toBe(true);
  });
});

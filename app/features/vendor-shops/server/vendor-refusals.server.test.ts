import { describe, expect, it } from "vitest";
import { VendorProfileSchema } from "~/features/vendor-shops/domain/vendor";
import { validateGstin } from "~/features/tax/domain/gstin";
import { licenceFormSchema } from "~/features/vendor-shops/domain/licences";
import { VendorShipFormSchema } from "~/features/orders/domain/shipments";
import { WRONG_DOOR } from "~/platform/auth/doors";
import { type Refusal, refusal } from "~/platform/core/refusal";
import { english, formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { withLocale } from "../../../platform/i18n/i18n.server";
import { listingRateLimited } from "./vendor-products.server";

const devanagari = /[\u0900-\u097F]/;
const hindi = (refused: Refusal) => renderRefusal(refused, "hi");
const errorsOf = (result: { success: boolean; error?: unknown }, locale: "en" | "hi") => {
  if (result.success) throw new Error("expected a refusal");
  return withLocale(locale, () => formErrors(result.error as never)) as Record<string, string>;
};

describe("the vendor area's refusals", () => {
  it("the licence form's, in the specification's English and in Hindi", () => {
    const refused = licenceFormSchema("2026-11-22").safeParse({
      kind: "seed",
      number: "AB",
      expiresOn: "2026-01-01",
      authority: "x".repeat(200),
      state: "Atlantis",
    });
    expect(errorsOf(refused, "en")).toEqual({
      number: "A licence number is 4 to 40 letters, digits, spaces, slashes (/), dashes (-) or dots, with at least one digit.",
      expiresOn: "This licence expired on 1 January 2026. Enter your renewed licence's number and expiry date.",
      authority: "The issuing authority is too long (120 characters at most).",
      state: "Choose the issuing State from the list.",
    });
    const inHindi = errorsOf(refused, "hi");
    for (const message of Object.values(inHindi)) expect(message).toMatch(devanagari);
    expect(inHindi.expiresOn).toContain("1 जनवरी 2026");
    const empty = licenceFormSchema("2026-11-22").safeParse({ kind: "seed", number: "", expiresOn: "" });
    expect(errorsOf(empty, "en")).toEqual({ number: "Enter the licence number.", expiresOn: "Enter the expiry date." });
    const farOrWrong = licenceFormSchema("2026-11-22").safeParse({ kind: "seed", number: "AB/1234", expiresOn: "2050-01-01" });
    expect(errorsOf(farOrWrong, "en")).toEqual({ expiresOn: "The expiry date is more than 20 years away. Please check the year." });
    const notADay = licenceFormSchema("2026-11-22").safeParse({ kind: "seed", number: "AB/1234", expiresOn: "2026-02-31" });
    expect(errorsOf(notADay, "en")).toEqual({ expiresOn: "Enter the expiry date as a real date (day, month and year)." });
  });

  it("the profile's and the GSTIN's, each by its code", () => {
    const refused = VendorProfileSchema.safeParse({
      businessName: "",
      phone: "9876543210",
      gstNumber: "",
      street: "1 Main Road",
      city: "Pune",
      state: "Maharashtra",
      pincode: "411001",
    });
    expect(errorsOf(refused, "en")).toEqual({
      businessName: "Please enter your business name.",
      gstNumber: "Please enter your GST number.",
    });
    for (const message of Object.values(errorsOf(refused, "hi"))) expect(message).toMatch(devanagari);
    const expected: [string, string][] = [
      ["27AAAAA0000A1Z", "A GSTIN has 15 characters; this one has 14."],
      ["27AAAAA0000A1Z$", "A GSTIN has only letters and digits."],
      ["00AAAAA0000A1Z5", "The first two digits must be a valid state code (01–38)."],
      ["271234567890AZ5", "Characters 3 to 12 must be the business's PAN (5 letters, 4 digits, 1 letter)."],
      ["27AAAAA0000A0Z5", "The 13th character (entity number) must be 1–9 or A–Z."],
      ["27AAAAA0000A1Y5", "The 14th character of a GSTIN is 'Z'."],
      ["27AAAAA0000A1Z9", "The GSTIN's last character (check digit) does not match. Please check for a typing mistake."],
    ];
    for (const [gstin, sentence] of expected) {
      const result = validateGstin(gstin);
      if (result.ok) throw new Error(`${gstin} was accepted`);
      expect(english(result.error), gstin).toBe(sentence);
      expect(hindi(result.error), gstin).toMatch(devanagari);
    }
  });

  it("the ship form's, the listing limits' and the doors'", () => {
    const refused = VendorShipFormSchema.safeParse({ intent: "ship", orderId: "o1", courier: "", tracking: "http://x.example/1" });
    expect(errorsOf(refused, "en")).toEqual({
      courier: "Enter the courier's name (2 to 80 characters).",
      tracking: "A tracking link must be a full https:// address.",
    });
    for (const message of Object.values(errorsOf(refused, "hi"))) expect(message).toMatch(devanagari);
    expect(hindi(refusal("vendor.verify_before_listing"))).toMatch(devanagari);
    expect(english(refusal(WRONG_DOOR.vendor))).toBe(
      "This is not a vendor account. Register your business below, or use the customer login in the store.",
    );
    expect(hindi(refusal(WRONG_DOOR.vendor))).toMatch(devanagari);
    expect(hindi(refusal("account.invalid_email_or_password"))).toMatch(devanagari);
    const tooFast = listingRateLimited(120);
    expect([tooFast.status, tooFast.message]).toEqual([
      429,
      "You have added many listings in a short time. Please wait 2 minutes and try again.",
    ]);
    expect(hindi(tooFast.refusal)).toContain("2 मिनट");
    expect(english(refusal("vendor.too_many_pending", { max: 5 }))).toBe(
      "You have 5 listings waiting for approval. Please wait for our team to review them before adding or editing more.",
    );
    expect(hindi(refusal("vendor.too_many_pending", { max: 5 }))).toMatch(devanagari);
  });
});

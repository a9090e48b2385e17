import { describe, expect, it } from "vitest";
import { VendorProfileSchema } from "~/features/vendor-shops/domain/vendor";
import { fieldErrors } from "~/platform/core/form-errors";
import { validateGstin } from "~/features/tax/domain/gstin";
import {
  LICENCE_EXPIRY_INVALID,
  LICENCE_EXPIRY_REQUIRED,
  LICENCE_EXPIRY_TOO_FAR,
  LICENCE_NUMBER_INVALID,
  LICENCE_NUMBER_REQUIRED,
  licenceExpired,
  licenceFormSchema,
} from "~/features/vendor-shops/domain/licences";
import { VendorShipFormSchema } from "~/features/orders/domain/shipments";
import { WRONG_DOOR } from "~/platform/auth/doors";
import { waitInWords } from "~/platform/rate-limit/rate-limit.server";
import { LISTING_RATE_LIMITED, TOO_MANY_PENDING } from "~/features/vendor-shops/server/vendor-products.server";
import { VERIFY_BEFORE_LISTING } from "~/features/accounts/server/email-verification.server";
import { REGISTRATION_SENT } from "~/features/accounts/server/register-customer.server";
import { withLocale } from "../../../platform/i18n/i18n.server";
import { vendorFieldTexts, vendorText } from "./vendor-text.server";

const hindi = (text: string) => withLocale("hi", () => vendorText(text));
const devanagari = /[\u0900-\u097F]/;

describe("vendorText", () => {
  it("leaves English pages' refusals exactly as the domain says them", () => {
    expect(withLocale("en", () => vendorText(LICENCE_NUMBER_REQUIRED))).toBe(LICENCE_NUMBER_REQUIRED);
  });

  it("knows every licence refusal the domain gives, word for word", () => {
    for (const text of [
      LICENCE_NUMBER_REQUIRED,
      LICENCE_NUMBER_INVALID,
      LICENCE_EXPIRY_REQUIRED,
      LICENCE_EXPIRY_INVALID,
      LICENCE_EXPIRY_TOO_FAR,
    ])
      expect(hindi(text)).toMatch(devanagari);
    const refused = licenceFormSchema("2026-11-22").safeParse({
      kind: "seed",
      number: "AB/1234",
      expiresOn: "2026-01-01",
      authority: "x".repeat(200),
      state: "Atlantis",
    });
    expect(refused.success).toBe(false);
    const errors = withLocale("hi", () => vendorFieldTexts(fieldErrors(refused.error as never)));
    for (const message of Object.values(errors)) expect(message).toMatch(devanagari);
    expect(hindi(licenceExpired("2026-01-01"))).toContain("2026");
    expect(hindi(licenceExpired("2026-01-01"))).toContain("1 जनवरी 2026");
  });

  it("knows the profile's and the GSTIN's refusals", () => {
    const refused = VendorProfileSchema.safeParse({
      businessName: "",
      phone: "9876543210",
      gstNumber: "",
      street: "1 Main Road",
      city: "Pune",
      state: "Maharashtra",
      pincode: "411001",
    });
    const errors = fieldErrors(refused.error as never) as Record<string, string>;
    expect(hindi(errors.businessName ?? "")).toMatch(devanagari);
    expect(hindi(errors.gstNumber ?? "")).toMatch(devanagari);
    for (const gstin of [
      "27AAAAA0000A1Z",
      "27AAAAA0000A1Z$",
      "99AAAAA0000A1Z5",
      "271234567890AZ5",
      "27AAAAA0000A0Z5",
      "27AAAAA0000A1Y5",
      "27AAAAA0000A1Z9",
    ]) {
      const result = validateGstin(gstin);
      if (!result.ok && !result.error.includes("this one has")) expect(hindi(result.error)).toMatch(devanagari);
    }
  });

  it("knows the ship form's refusals and the account messages the vendor sees", () => {
    const refused = VendorShipFormSchema.safeParse({ intent: "ship", orderId: "o1", courier: "", tracking: "http://x.example/1" });
    const errors = fieldErrors(refused.error as never) as Record<string, string>;
    expect(hindi(errors.courier ?? "")).toMatch(devanagari);
    expect(hindi(errors.tracking ?? "")).toMatch(devanagari);
    expect(hindi(VERIFY_BEFORE_LISTING)).toMatch(devanagari);
    expect(hindi(REGISTRATION_SENT)).toMatch(devanagari);
    expect(hindi(WRONG_DOOR.vendor)).toMatch(devanagari);
    expect(hindi("Invalid email or password")).toMatch(devanagari);
    expect(hindi(LISTING_RATE_LIMITED(waitInWords(120)))).toContain("2 मिनट");
    expect(hindi(TOO_MANY_PENDING(5))).toMatch(devanagari);
  });

  it("returns what it does not know as it is", () => {
    expect(hindi("Some other refusal.")).toBe("Some other refusal.");
  });
});

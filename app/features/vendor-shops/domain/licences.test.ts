import { describe, expect, it } from "vitest";
import { addDays, formatIsoDay, indiaToday, isIsoDay, msUntilIndiaMidnight } from "../../../platform/core/india-day";
import { approvalBlockedReason, licenceFormSchema, licenceStatus, regulatedAsFor } from "./licences";
import { ProductFormSchema } from "../../catalog/domain/product-form";
import { issueText } from "../../../platform/i18n/render-refusal.server";

const LICENCE_NUMBER_REQUIRED = "Enter the licence number.";
const LICENCE_NUMBER_INVALID =
  "A licence number is 4 to 40 letters, digits, spaces, slashes (/), dashes (-) or dots, with at least one digit.";
const LICENCE_EXPIRY_REQUIRED = "Enter the expiry date.";
const LICENCE_EXPIRY_INVALID = "Enter the expiry date as a real date (day, month and year).";
const LICENCE_EXPIRY_TOO_FAR = "The expiry date is more than 20 years away. Please check the year.";
const REGULATED_AS_INVALID = "Choose whether it is sold as a fertiliser or a pesticide.";

const TODAY = "2026-03-31";
const parse = (fields: Record<string, string>) =>
  licenceFormSchema(TODAY).safeParse({ kind: "pesticide", number: "MH/NSK/INS/2024/118", expiresOn: "2027-03-31", ...fields });
const errorOf = (fields: Record<string, string>) => {
  const result = parse(fields);
  return result.success ? null : result.error.issues.map((i) => `${String(i.path[0])}: ${issueText(i, "en")}`);
};

describe("India's date", () => {
  it("turns at midnight in India, 18:30 UTC", () => {
    expect(indiaToday(new Date("2026-03-31T18:29:59.999Z"))).toBe("2026-03-31");
    expect(indiaToday(new Date("2026-03-31T18:30:00.000Z"))).toBe("2026-04-01");
    expect(msUntilIndiaMidnight(new Date("2026-03-31T18:29:59.000Z"))).toBe(1000);
    expect(msUntilIndiaMidnight(new Date("2026-03-31T18:30:00.000Z"))).toBe(24 * 3600_000);
  });

  it("knows real days and writes them the store's way", () => {
    expect(isIsoDay("2028-02-29")).toBe(true);
    expect(isIsoDay("2027-02-29")).toBe(false);
    expect(isIsoDay("2026-13-01")).toBe(false);
    expect(isIsoDay("31/03/2026")).toBe(false);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(formatIsoDay("2026-03-31")).toBe("31 March 2026");
  });
});

describe("the licence form", () => {
  it("normalises a sensible number and keeps the optional details", () => {
    const result = parse({ number: "  mh/nsk-ins.2024   118 ", authority: "  District  Agriculture Officer ", state: "Maharashtra" });
    expect(result.data).toEqual({
      kind: "pesticide",
      number: "MH/NSK-INS.2024 118",
      expiresOn: "2027-03-31",
      authority: "District Agriculture Officer",
      state: "Maharashtra",
      // A pesticide licence's States are optional unless the store's setting asks for them.
      states: [],
    });
    expect(parse({}).data).toMatchObject({ authority: null, state: null });
  });

  it("refuses numbers that are too short, too long, without a digit or with other characters", () => {
    expect(errorOf({ number: "" })).toEqual([`number: ${LICENCE_NUMBER_REQUIRED}`]);
    for (const number of ["A12", `${"A".repeat(40)}1`, "LICENCE", "MH#12", "MH_12", "१२३४५", "12\u000034"])
      expect(errorOf({ number }), number).toEqual([`number: ${LICENCE_NUMBER_INVALID}`]);
    expect(errorOf({ number: "1234" })).toBeNull();
    expect(errorOf({ number: `${"A".repeat(39)}1` })).toBeNull();
  });

  it("takes a real date, valid through its day: today is accepted, yesterday refused as expired", () => {
    expect(errorOf({ expiresOn: TODAY })).toBeNull();
    expect(errorOf({ expiresOn: "2026-03-30" })).toEqual([
      "expiresOn: This licence expired on 30 March 2026. Enter your renewed licence's number and expiry date.",
    ]);
    expect(errorOf({ expiresOn: "" })).toEqual([`expiresOn: ${LICENCE_EXPIRY_REQUIRED}`]);
    for (const expiresOn of ["2027-02-29", "31-03-2027", "2027-3-31", "tomorrow"])
      expect(errorOf({ expiresOn }), expiresOn).toEqual([`expiresOn: ${LICENCE_EXPIRY_INVALID}`]);
    expect(errorOf({ expiresOn: "2050-01-01" })).toEqual([`expiresOn: ${LICENCE_EXPIRY_TOO_FAR}`]);
  });

  it("refuses an unknown kind or State and an overlong authority", () => {
    expect(errorOf({ kind: "tractor" })?.[0]).toMatch(/^kind: /);
    expect(errorOf({ state: "Atlantis" })).toEqual(["state: Choose the issuing State from the list."]);
    expect(errorOf({ authority: "x".repeat(121) })?.[0]).toMatch(/^authority: The issuing authority is too long/);
  });
});

describe("a licence's standing", () => {
  const verified = { expiresOn: TODAY, verifiedAt: "2026-01-01T00:00:00.000Z" };
  it("is verified through its expiry day and expired the day after, verified or not", () => {
    expect(licenceStatus(null, TODAY)).toBe("missing");
    expect(licenceStatus(verified, TODAY)).toBe("verified");
    expect(licenceStatus(verified, "2026-04-01")).toBe("expired");
    expect(licenceStatus({ ...verified, verifiedAt: null }, TODAY)).toBe("awaiting");
    expect(licenceStatus({ ...verified, verifiedAt: null }, "2026-04-01")).toBe("expired");
  });

  it("says why a listing cannot be approved, naming the licence", () => {
    expect(approvalBlockedReason("pesticide", { ...verified, verifiedAt: null }, TODAY)).toBe(
      "Verify the vendor's insecticide selling licence before approving this listing.",
    );
    expect(approvalBlockedReason("seed", null, TODAY)).toBe(
      "Verify the vendor's seed dealer licence before approving this listing. The vendor has not entered one yet.",
    );
    expect(approvalBlockedReason("fertiliser", verified, "2026-04-01")).toBe(
      "The vendor's FCO fertiliser dealer registration expired on 31 March 2026. Approve this listing once the vendor has entered the renewed licence and you have verified it.",
    );
    expect(approvalBlockedReason("fertiliser", verified, TODAY)).toBeNull();
  });
});

describe("what a product is regulated as", () => {
  const form = (category: string, regulatedAs?: string) =>
    ProductFormSchema.safeParse({
      name: "Neem Oil 1 L",
      category,
      price: "450",
      stock: "10",
      hsnCode: "38089199",
      gstRate: "18",
      ...(regulatedAs === undefined ? {} : { regulatedAs }),
    });

  it("follows the category; only fertilizers may be marked pesticide", () => {
    expect(regulatedAsFor("seeds")).toBe("seed");
    expect(regulatedAsFor("fertilizers")).toBe("fertiliser");
    expect(regulatedAsFor("fertilizers", "pesticide")).toBe("pesticide");
    expect(regulatedAsFor("tools", "pesticide")).toBeNull();
    expect(form("fertilizers", "pesticide").data?.regulatedAs).toBe("pesticide");
    expect(form("fertilizers", "fertiliser").data?.regulatedAs).toBe("fertiliser");
    expect(form("fertilizers").data?.regulatedAs).toBe("fertiliser");
    // A seed is always seed and a tool never regulated, whatever a left-over select sent.
    expect(form("seeds", "pesticide").data?.regulatedAs).toBe("seed");
    expect(form("equipment", "pesticide").data?.regulatedAs).toBeNull();
    expect(form("tools", "banana").data?.regulatedAs).toBeNull();
  });

  it("refuses a fertilizers product marked something else", () => {
    const result = form("fertilizers", "seed");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), issueText(i, "en")])).toEqual([["regulatedAs", REGULATED_AS_INVALID]]);
  });
});

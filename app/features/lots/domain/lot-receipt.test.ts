import { describe, expect, it } from "vitest";
import { refusalOfIssue } from "~/platform/core/refusal";
import { LotMarginsSchema } from "./lot-margins";
import { lotStatus } from "./lot-status";
import { type LotKind, LotAdjustmentSchema, type LotReceiptFields, lotReceiptSchema, sellBeforeOf } from "./lot-receipt";

const TODAY = "2026-11-30";
const seed: LotReceiptFields = {
  number: "TS-2026/01",
  quantity: "40",
  manufacturedOn: "2026-10-01",
  expiresOn: "2027-03-31",
  testedOn: "2026-10-15",
  germination: "85",
  purity: "98",
  treated: "on",
};
const pesticide: LotReceiptFields = {
  number: "NEEM-7",
  quantity: "12",
  manufacturedOn: "2026-09-01",
  expiresOn: "2028-08-31",
  registrationNo: "CIR-1234/2019",
  phiDays: "7",
  antidote: "No specific antidote; treat symptoms.",
};

/** The refusal codes a receipt is refused with, by field. */
function refused(kind: LotKind | null, fields: LotReceiptFields) {
  const parsed = lotReceiptSchema(kind, TODAY).safeParse(fields);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), refusalOfIssue(i).code]));
}

describe("a lot receipt", () => {
  it("takes a seed lot with its label's facts, and a pesticide's; facts of another kind are dropped", () => {
    expect(lotReceiptSchema("seed", TODAY).parse({ ...seed, registrationNo: "X" })).toEqual({
      number: "TS-2026/01",
      quantity: 40,
      manufacturedOn: "2026-10-01",
      expiresOn: "2027-03-31",
      testedOn: "2026-10-15",
      germinationPct: 85,
      purityPct: 98,
      treated: true,
      registrationNo: null,
      phiDays: null,
      antidote: null,
      fcoGrade: null,
    });
    const p = lotReceiptSchema("pesticide", TODAY).parse({ ...pesticide, germination: "500" });
    expect(p).toMatchObject({ registrationNo: "CIR-1234/2019", phiDays: 7, germinationPct: null, treated: false });
  });

  it("lets a fertiliser go without an expiry or a grade, and a product of no kind with only a number and quantity", () => {
    expect(lotReceiptSchema("fertiliser", TODAY).parse({ number: "U-1", quantity: "5" })).toMatchObject({
      expiresOn: null,
      fcoGrade: null,
    });
    expect(lotReceiptSchema("fertiliser", TODAY).parse({ number: "U-1", quantity: "5", fcoGrade: "  10:26:26 " }).fcoGrade).toBe(
      "10:26:26",
    );
    expect(refused(null, { number: "T-1", quantity: "1" })).toEqual({});
  });

  it("refuses a bad lot number and a quantity that is not whole, zero, negative or over 1,000,000", () => {
    for (const number of ["", "A".repeat(41), "LOT#1", "लॉट-1"]) expect(refused("seed", { ...seed, number }).number).toBe("lots.number");
    for (const quantity of ["0", "-5", "2.5", "", "1000001", "ten"])
      expect(refused("seed", { ...seed, quantity }).quantity).toBe("lots.quantity");
    expect(refused("seed", { ...seed, quantity: "1000000" })).toEqual({});
  });

  it("refuses an expiry before (or on) the manufacture, a missing expiry for seeds and pesticides, and days that are not days", () => {
    expect(refused("seed", { ...seed, expiresOn: "2026-09-30" }).expiresOn).toBe("lots.expiry_before_made");
    expect(refused("pesticide", { ...pesticide, expiresOn: "2026-09-01" }).expiresOn).toBe("lots.expiry_before_made");
    expect(refused("seed", { ...seed, expiresOn: "" }).expiresOn).toBe("lots.expiry_required");
    expect(refused("pesticide", { ...pesticide, expiresOn: "" }).expiresOn).toBe("lots.expiry_required");
    expect(refused("seed", { ...seed, expiresOn: "2027-02-30" }).expiresOn).toBe("lots.date_format");
    expect(refused("seed", { ...seed, manufacturedOn: "31/10/2026" }).manufacturedOn).toBe("lots.date_format");
    expect(refused("seed", { ...seed, manufacturedOn: "2026-12-01" }).manufacturedOn).toBe("lots.made_in_future");
  });

  it("refuses a seed lot without its date of test, germination or purity, or with one above 100%", () => {
    expect(refused("seed", { ...seed, testedOn: "" }).testedOn).toBe("lots.tested_on_required");
    expect(refused("seed", { ...seed, testedOn: "2026-12-01" }).testedOn).toBe("lots.tested_in_future");
    expect(refused("seed", { ...seed, germination: "101" }).germination).toBe("lots.germination_over");
    expect(refused("seed", { ...seed, germination: "" }).germination).toBe("lots.germination");
    expect(refused("seed", { ...seed, germination: "-1" }).germination).toBe("lots.germination");
    expect(refused("seed", { ...seed, purity: "120" }).purity).toBe("lots.purity_over");
    expect(refused("seed", { ...seed, purity: "9.5" }).purity).toBe("lots.purity");
    expect(refused("seed", { ...seed, germination: "0", purity: "100" })).toEqual({});
  });

  it("refuses a pesticide lot without its registration number, or with a pre-harvest interval outside 0–365 days", () => {
    expect(refused("pesticide", { ...pesticide, registrationNo: " " }).registrationNo).toBe("lots.registration_required");
    expect(refused("pesticide", { ...pesticide, phiDays: "366" }).phiDays).toBe("lots.phi_days");
    expect(refused("pesticide", { ...pesticide, phiDays: "-1" }).phiDays).toBe("lots.phi_days");
    expect(refused("pesticide", { ...pesticide, antidote: "x".repeat(301) }).antidote).toBe("lots.too_long");
    expect(refused("pesticide", { ...pesticide, phiDays: "" })).toEqual({});
  });
});

describe("an adjustment of a lot", () => {
  it("takes a signed whole change other than 0, with a reason", () => {
    expect(LotAdjustmentSchema.parse({ lotId: "l1", change: "-3", reason: "Two packets torn" }).change).toBe(-3);
    expect(LotAdjustmentSchema.parse({ lotId: "l1", change: "+5", reason: "Counted again" }).change).toBe(5);
    for (const change of ["0", "", "1.5", "abc", "10000000"]) {
      const parsed = LotAdjustmentSchema.safeParse({ lotId: "l1", change, reason: "Counted" });
      expect(parsed.success ? null : refusalOfIssue(parsed.error.issues[0] ?? ({} as never)).code, change).toBe("lots.adjust_change");
    }
    const noReason = LotAdjustmentSchema.safeParse({ lotId: "l1", change: "2", reason: " " });
    expect(noReason.success ? null : refusalOfIssue(noReason.error.issues[0] ?? ({} as never)).code).toBe("lots.adjust_reason");
  });
});

describe("the margins before expiry", () => {
  it("make a lot's sell-by day its expiry less its kind's days; whole days from 0 to 365 only", () => {
    expect(sellBeforeOf("2027-03-31", 0)).toBe("2027-03-31");
    expect(sellBeforeOf("2027-03-31", 31)).toBe("2027-02-28");
    expect(sellBeforeOf(null, 30)).toBeNull();
    expect(LotMarginsSchema.parse({ seed: "30", pesticide: "0", fertiliser: "365" })).toEqual({ seed: 30, pesticide: 0, fertiliser: 365 });
    for (const bad of ["-1", "366", "2.5", "x"])
      expect(LotMarginsSchema.safeParse({ seed: bad, pesticide: "0", fertiliser: "0" }).success).toBe(false);
  });
});

describe("a lot's status", () => {
  const lot = { quantity: 5, recalledAt: null, sellBefore: "2027-01-31", expiresOn: "2027-03-31" };
  it("is selling until its sell-by day, stopped within the margin, expired from its expiry, recalled above all", () => {
    expect(lotStatus(lot, TODAY)).toEqual({ kind: "selling", until: "2027-01-31" });
    expect(lotStatus({ ...lot, sellBefore: null, expiresOn: null }, TODAY)).toEqual({ kind: "selling", until: null });
    expect(lotStatus(lot, "2027-01-31")).toEqual({ kind: "stopped", since: "2027-01-31" });
    expect(lotStatus(lot, "2027-03-31")).toEqual({ kind: "expired" });
    expect(lotStatus({ ...lot, quantity: 0 }, TODAY)).toEqual({ kind: "empty" });
    expect(lotStatus({ ...lot, recalledAt: "2026-11-01T00:00:00Z" }, "2027-03-31")).toEqual({ kind: "recalled" });
  });
});

import { describe, expect, it } from "vitest";
import { ReturnDecisionSchema, ReturnRequestSchema } from "./return-forms";
import {
  ifscBank,
  isAccountNumber,
  isIfsc,
  isRestockQuantity,
  isUpiId,
  maskAccountNumber,
  maskUpiId,
  nextReturnStage,
  payoutHint,
  type ReturnEvent,
  type ReturnStage,
  returnStage,
} from "./return-refund";

describe("IFSC", () => {
  it("is 4 letters, a zero, then 6 letters or digits, in any case as typed", () => {
    for (const good of ["SBIN0001234", "HDFC0ABC123", "sbin0001234", " ICIC0000001 "]) expect(isIfsc(good), good).toBe(true);
    for (const bad of ["SBIN1001234", "SBI00001234", "SBIN000123", "SBIN00012345", "1BIN0001234", "SBIN-001234", ""])
      expect(isIfsc(bad), bad).toBe(false);
  });

  it("names the bank of a known code, and nothing for another or a malformed one", () => {
    expect(ifscBank("sbin0001234")).toBe("State Bank of India");
    expect(ifscBank("UTIB0000123")).toBe("Axis Bank");
    expect(ifscBank("ABCD0123456")).toBeNull();
    expect(ifscBank("SBIN123")).toBeNull();
  });
});

describe("UPI ID and account number", () => {
  it("a UPI ID is a name @ a handle of letters (and digits)", () => {
    for (const good of ["ramesh.k@okicici", "9876543210@ybl", "farm_shop-1@paytm", "ab@upi"]) expect(isUpiId(good), good).toBe(true);
    for (const bad of ["ramesh", "@okicici", "ramesh@", "r@okicici", "ramesh@ok icici", "ramesh@1bank", "a b@upi", "x@y@z"])
      expect(isUpiId(bad), bad).toBe(false);
  });

  it("an account number is 9 to 18 digits; spaces and hyphens as written on a passbook are ignored", () => {
    for (const good of ["123456789", "1234 5678 9012", "12-3456-7890-12", "123456789012345678"])
      expect(isAccountNumber(good), good).toBe(true);
    for (const bad of ["12345678", "1234567890123456789", "12345678A", ""]) expect(isAccountNumber(bad), bad).toBe(false);
  });

  it("masks all but what identifies the account to its owner", () => {
    expect(maskAccountNumber("1234 5678 9012")).toBe("••••••••9012");
    expect(maskUpiId("ramesh.k@okicici")).toBe("ra••••@okicici");
    expect(payoutHint({ to: "bank", accountNumber: "123456789012", ifsc: "sbin0001234", holder: "Ramesh" })).toBe(
      "A/c ••••9012 · SBIN0001234",
    );
    expect(payoutHint({ to: "upi", upiId: "9876543210@ybl" })).toBe("UPI 98••••@ybl");
  });
});

describe("the return form", () => {
  const base = { lineId: "line12345678", quantity: "1", reasonCode: "damaged", reason: "Leaking bottle" };
  const codes = (input: Record<string, string>) => {
    const parsed = ReturnRequestSchema.safeParse(input);
    return parsed.success ? parsed.data : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("takes a reason from the list plus words; no refund details for an order paid online", () => {
    expect(codes(base)).toEqual({ lineId: "line12345678", quantity: 1, reasonCode: "damaged", reason: "Leaking bottle", payout: null });
    expect(codes({ ...base, reasonCode: "broken-ish" })).toEqual([expect.stringMatching(/^reasonCode: .*orders\.reason_choice/)]);
    expect(codes({ ...base, reasonCode: "" })).toEqual([expect.stringMatching(/^reasonCode: /)]);
  });

  it("a UPI ID, trimmed", () => {
    expect(codes({ ...base, refundTo: "upi", upiId: " ramesh.k@okicici " })).toMatchObject({
      payout: { to: "upi", upiId: "ramesh.k@okicici" },
    });
    expect(codes({ ...base, refundTo: "upi", upiId: "ramesh" })).toEqual([expect.stringMatching(/^upiId: .*orders\.upi_invalid/)]);
  });

  it("a bank account: the number twice, the IFSC by its format, the holder's name; each refusal names its field", () => {
    const bank = {
      refundTo: "bank",
      accountNumber: "1234 5678 9012",
      accountNumberAgain: "123456789012",
      ifsc: "sbin0001234",
      accountHolder: "  Ramesh   Kumar ",
    };
    expect(codes({ ...base, ...bank })).toMatchObject({
      payout: { to: "bank", accountNumber: "123456789012", ifsc: "SBIN0001234", holder: "Ramesh Kumar" },
    });
    expect(codes({ ...base, ...bank, accountNumberAgain: "123456789013" })).toEqual([
      expect.stringMatching(/^accountNumberAgain: .*orders\.account_mismatch/),
    ]);
    expect(codes({ ...base, ...bank, accountNumber: "12345", accountNumberAgain: "12345" })).toEqual([
      expect.stringMatching(/^accountNumber: .*orders\.account_invalid/),
    ]);
    expect(codes({ ...base, ...bank, ifsc: "SBIN1001234", accountHolder: "R" })).toEqual([
      expect.stringMatching(/^ifsc: .*orders\.ifsc_invalid/),
      expect.stringMatching(/^accountHolder: .*orders\.holder_invalid/),
    ]);
    // A UPI ID typed before switching to a bank account is not what is kept.
    expect(codes({ ...base, ...bank, upiId: "ramesh@okicici" })).toMatchObject({ payout: { to: "bank" } });
  });

  it("the goods' receipt takes how many go back into stock, a whole number", () => {
    expect(ReturnDecisionSchema.safeParse({ intent: "receive-return", returnId: "r1", restock: "2" }).data).toEqual({
      intent: "receive-return",
      returnId: "r1",
      restock: 2,
    });
    expect(ReturnDecisionSchema.safeParse({ intent: "receive-return", returnId: "r1", restock: "-1" }).success).toBe(false);
    expect(ReturnDecisionSchema.safeParse({ intent: "receive-return", returnId: "r1", restock: "1.5" }).success).toBe(false);
  });
});

describe("the steps of a return", () => {
  const stages: ReturnStage[] = ["requested", "received", "refunded", "rejected"];
  const events: ReturnEvent[] = ["receive", "refund", "reject"];

  it("requested → received → refunded, or rejected while requested: nothing else", () => {
    const allowed = stages.flatMap((s) => events.flatMap((e) => (nextReturnStage(s, e) ? [`${s} -${e}-> ${nextReturnStage(s, e)}`] : [])));
    expect(allowed).toEqual(["requested -receive-> received", "requested -reject-> rejected", "received -refund-> refunded"]);
  });

  it("reads the stage from the stored status and the receipt", () => {
    expect(returnStage({ status: "requested", receivedAt: null })).toBe("requested");
    expect(returnStage({ status: "requested", receivedAt: "2026-11-22T04:30:00.000Z" })).toBe("received");
    expect(returnStage({ status: "approved", receivedAt: "2026-11-22T04:30:00.000Z" })).toBe("refunded");
    expect(returnStage({ status: "rejected", receivedAt: null })).toBe("rejected");
  });

  it("restocks a whole number from 0 to what came back", () => {
    expect([0, 1, 2].every((n) => isRestockQuantity(n, 2))).toBe(true);
    expect([-1, 3, 1.5, Number.NaN].some((n) => isRestockQuantity(n, 2))).toBe(false);
  });
});

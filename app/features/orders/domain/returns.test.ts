import { describe, expect, it } from "vitest";
import { CancelOrderSchema, ReturnDecisionSchema, ReturnRequestSchema } from "./return-forms";
import type { Refusal } from "../../../platform/core/refusal";
import { english } from "../../../platform/i18n/render-refusal.server";

const said = (refused: Refusal | null) => refused && english(refused);
import {
  CANCEL_AFTER_DELIVERY,
  CANCEL_AFTER_SHIPPING,
  CANCEL_PAID_OFFLINE,
  cancelRefundPaise,
  cancelRefusal,
  isReturnWindowOpen,
  lastReturnDay,
  ORDER_ALREADY_CANCELLED,
  paymentStatusAfterCancel,
  RETURN_WINDOW_DAYS,
  returnedAmounts,
} from "./returns";

describe("the return window", () => {
  it("is RETURN_WINDOW_DAYS India days after the day of delivery, inclusive", () => {
    expect(RETURN_WINDOW_DAYS).toBe(7);
    // 20:00 UTC on 10 March is 01:30 on 11 March in India: delivered on the 11th, the 18th is the last day.
    const delivered = "2026-03-10T20:00:00.000Z";
    expect(lastReturnDay(delivered)).toBe("2026-03-18");
    expect(isReturnWindowOpen(delivered, new Date("2026-03-11T04:00:00Z"))).toBe(true);
    expect(isReturnWindowOpen(delivered, new Date("2026-03-18T18:29:59Z"))).toBe(true); // 23:59:59 on the 18th in India
    expect(isReturnWindowOpen(delivered, new Date("2026-03-18T18:30:00Z"))).toBe(false); // midnight: the 19th
  });
});

describe("what a return refunds", () => {
  const line = { quantity: 3, taxable: 100_001, cgst: 9_001, sgst: 9_001, igst: 0 };

  it("is the line's value with GST, pro rata, rounded down; the credit note's parts add up to it", () => {
    const one = returnedAmounts(line, 1);
    expect(one.total).toBe(Math.floor((100_001 + 18_002) / 3)); // 39,334
    expect(one).toEqual({ taxable: 33_334, cgst: 3_000, sgst: 3_000, igst: 0, total: 39_334 });
    expect(one.taxable + one.cgst + one.sgst + one.igst).toBe(one.total);
    expect(returnedAmounts(line, 3)).toEqual({ taxable: 100_001, cgst: 9_001, sgst: 9_001, igst: 0, total: 118_003 });
  });

  it("keeps CGST equal to SGST and IGST whole for another State", () => {
    const inter = returnedAmounts({ quantity: 7, taxable: 35_000, cgst: 0, sgst: 0, igst: 6_300 }, 2);
    expect(inter).toEqual({ taxable: 10_000, cgst: 0, sgst: 0, igst: 1_800, total: 11_800 });
  });

  it("refuses a quantity outside 1..the line's", () => {
    for (const q of [0, -1, 4, 1.5]) expect(() => returnedAmounts(line, q)).toThrow(RangeError);
  });
});

describe("cancelling", () => {
  const order = (status: "pending" | "confirmed" | "shipped" | "delivered" | "cancelled", paymentStatus = "cod" as const) => ({
    status,
    paymentMethod: "cod",
    paymentStatus,
  });

  it("customers until it ships, admins until delivery", () => {
    expect(cancelRefusal(order("pending"), "customer")).toBeNull();
    expect(cancelRefusal(order("confirmed"), "customer")).toBeNull();
    expect(cancelRefusal(order("shipped"), "customer")).toBe(CANCEL_AFTER_SHIPPING);
    expect(cancelRefusal(order("shipped"), "admin")).toBeNull();
    expect(cancelRefusal(order("delivered"), "customer")).toBe(CANCEL_AFTER_DELIVERY);
    expect(said(cancelRefusal(order("shipped"), "customer"))).toBe(
      "This order has shipped, so it can no longer be cancelled. Once it is delivered, you can return items within 7 days.",
    );
    expect(said(cancelRefusal(order("delivered"), "admin"))).toBe("An order that is delivered cannot be marked cancelled.");
    expect(said(cancelRefusal(order("cancelled"), "admin"))).toBe("An order that is cancelled cannot be marked cancelled.");
    expect(cancelRefusal(order("cancelled"), "customer")).toBe(ORDER_ALREADY_CANCELLED);
  });

  it("a paid order not paid online is cancelled by us (a payout), not by its customer", () => {
    const paidBank = { status: "confirmed" as const, paymentMethod: "bank_transfer", paymentStatus: "paid" as const };
    expect(cancelRefusal(paidBank, "customer")).toBe(CANCEL_PAID_OFFLINE);
    expect(cancelRefusal(paidBank, "admin")).toBeNull();
    expect(cancelRefusal({ ...paidBank, paymentMethod: "upi" }, "customer")).toBeNull();
  });

  it("refunds what was received and not yet refunded; voids an unpaid prepaid order", () => {
    expect(cancelRefundPaise({ paymentStatus: "paid", paidPaise: 50_000, refundedPaise: 0 })).toBe(50_000);
    expect(cancelRefundPaise({ paymentStatus: "partly_refunded", paidPaise: 50_000, refundedPaise: 20_000 })).toBe(30_000);
    expect(cancelRefundPaise({ paymentStatus: "awaiting_payment", paidPaise: 0, refundedPaise: 0 })).toBe(0);
    expect(cancelRefundPaise({ paymentStatus: "cod", paidPaise: 0, refundedPaise: 0 })).toBe(0);
    expect(paymentStatusAfterCancel("awaiting_payment")).toBe("voided");
    expect(paymentStatusAfterCancel("failed")).toBe("voided");
    expect(paymentStatusAfterCancel("paid")).toBe("paid");
    expect(paymentStatusAfterCancel("cod")).toBe("cod");
  });
});

describe("the forms", () => {
  it("a return: a whole quantity of at least 1 and a reason of 3–500 characters", () => {
    expect(ReturnRequestSchema.parse({ lineId: "abc123", quantity: " 2 ", reasonCode: "damaged", reason: "  Leaking bottle " })).toEqual({
      lineId: "abc123",
      quantity: 2,
      reasonCode: "damaged",
      reason: "Leaking bottle",
      payout: null,
    });
    for (const quantity of ["0", "-1", "1.5", "", "two", "99999"]) {
      expect(ReturnRequestSchema.safeParse({ lineId: "abc123", quantity, reasonCode: "damaged", reason: "Broken" }).success, quantity).toBe(
        false,
      );
    }
    expect(ReturnRequestSchema.safeParse({ lineId: "abc123", quantity: "1", reasonCode: "other", reason: "ab " }).success).toBe(false);
    expect(ReturnRequestSchema.safeParse({ lineId: "abc123", quantity: "1", reasonCode: "other", reason: "x".repeat(501) }).success).toBe(
      false,
    );
    expect(ReturnRequestSchema.safeParse({ lineId: "abc123", quantity: "1", reasonCode: "other", reason: "x".repeat(500) }).success).toBe(
      true,
    );
  });

  it("a decision: a rejection needs a note; a payout reference, when given, is 6–40 safe characters", () => {
    expect(ReturnDecisionSchema.safeParse({ intent: "reject-return", returnId: "r1" }).success).toBe(false);
    expect(ReturnDecisionSchema.parse({ intent: "approve-return", returnId: "r1" })).toEqual({
      intent: "approve-return",
      returnId: "r1",
      payoutReference: "",
    });
    expect(ReturnDecisionSchema.parse({ intent: "approve-return", returnId: "r1", payoutReference: " UTR123456789 " })).toMatchObject({
      payoutReference: "UTR123456789",
    });
    for (const payoutReference of ["12345", "x".repeat(41), "UTR 1234567", "<script>", "utr\u0000123456"]) {
      expect(ReturnDecisionSchema.safeParse({ intent: "approve-return", returnId: "r1", payoutReference }).success).toBe(false);
    }
    expect(ReturnDecisionSchema.safeParse({ intent: "delete", returnId: "r1" }).success).toBe(false);
  });

  it("a cancel: confirm=yes, and where to go back to (anything else: the order)", () => {
    expect(CancelOrderSchema.safeParse({}).success).toBe(false);
    expect(CancelOrderSchema.parse({ confirm: "yes" })).toEqual({ confirm: "yes", from: "order" });
    expect(CancelOrderSchema.parse({ confirm: "yes", from: "orders" })).toEqual({ confirm: "yes", from: "orders" });
    expect(CancelOrderSchema.parse({ confirm: "yes", from: "//evil.example" })).toEqual({ confirm: "yes", from: "order" });
  });
});

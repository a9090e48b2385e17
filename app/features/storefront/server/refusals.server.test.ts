import { describe, expect, it } from "vitest";
import { TOO_MANY_OF_ONE } from "~/features/cart/domain/cart-limits";
import { CheckoutSchema } from "~/features/cart/domain/checkout";
import {
  codOverCapMessage,
  noCodHereMessage,
  PINCODE_FORMAT_MESSAGE,
  stateMismatchMessage,
  unservedMessage,
} from "~/features/delivery/domain/delivery";
import { fieldErrors } from "~/platform/core/form-errors";
import { CHECKOUT_FAILED, ORDER_LOAD_FAILED } from "~/platform/i18n/messages";
import { TOO_MANY_OPEN_ORDERS } from "~/features/orders/domain/orders";
import { PAYMENT_FAILED_MESSAGE } from "~/features/payments/domain/payments";
import { CANCEL_AFTER_SHIPPING, RETURN_REASON_TOO_SHORT, returnQuantityTooHigh } from "~/features/orders/domain/returns";
import { REVIEW_TOO_LONG } from "~/features/reviews/domain/reviews";
import {
  DECISION_NOTE_TOO_LONG,
  PAYOUT_REFERENCE_INVALID,
  PAYOUT_REFERENCE_REQUIRED,
  REJECT_NOTE_REQUIRED,
  RETURN_ALREADY_DECIDED,
  RETURN_MISSING,
  returnWindowClosed,
  UNKNOWN_RETURN_INTENT,
} from "~/features/orders/domain/returns";
import { TOO_MANY_ORDERS } from "~/features/orders/server/place-order.server";
import {
  PAYOUT_REFERENCE_MISSING,
  REFUND_NO_PAYMENT,
  REFUND_NOT_POSITIVE,
  REFUND_ORDER_GONE,
  refundOverLeft,
} from "~/features/payments/server/refunds.server";
import { RateLimitUnavailable, waitInWords } from "~/platform/rate-limit/rate-limit.server";
import { localizeFields, localizeRefusal } from "./refusals.server";

describe("localizeRefusal", () => {
  it("keeps English as it is", () => {
    expect(localizeRefusal(CHECKOUT_FAILED, "en")).toBe(CHECKOUT_FAILED);
    expect(localizeRefusal(TOO_MANY_OF_ONE, "en")).toBe(TOO_MANY_OF_ONE);
  });

  it("says the domain's refusals in Hindi, with their inputs", () => {
    const sentences = [
      CHECKOUT_FAILED,
      ORDER_LOAD_FAILED,
      TOO_MANY_OF_ONE,
      TOO_MANY_OPEN_ORDERS(5),
      PINCODE_FORMAT_MESSAGE,
      codOverCapMessage(5_000_000),
      noCodHereMessage("110001"),
      stateMismatchMessage("110001", "Delhi"),
      unservedMessage("796001", { district: "Aizawl", state: "Mizoram" } as never),
      PAYMENT_FAILED_MESSAGE,
      CANCEL_AFTER_SHIPPING,
      RETURN_REASON_TOO_SHORT,
      returnQuantityTooHigh(1),
      returnQuantityTooHigh(4),
      REVIEW_TOO_LONG,
      "Only 3 of Neem Oil (1 L) left in stock; please reduce the quantity.",
      "A product in your cart is no longer available.",
    ];
    for (const sentence of sentences) expect(localizeRefusal(sentence, "hi"), sentence).toMatch(/[\u0900-\u097F]/);
    expect(localizeRefusal("Only 3 of Neem Oil (1 L) left in stock; please reduce the quantity.", "hi")).toBe(
      "Neem Oil (1 L) के केवल 3 बचे हैं; मात्रा घटाएँ।",
    );
    expect(localizeRefusal(noCodHereMessage("110001"), "hi")).toContain("110001");
    expect(localizeRefusal("A product in your cart is no longer available.", "hi")).toBe("आपके कार्ट का एक उत्पाद अब उपलब्ध नहीं है।");
  });

  it("says every checkout form refusal in Hindi", () => {
    const parsed = CheckoutSchema.safeParse({
      checkoutKey: "short",
      items: "[]",
      paymentMethod: "",
      phone: "12",
      street: "",
      city: "",
      state: "Atlantis",
      pincode: "012345",
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const fields = localizeFields(fieldErrors(parsed.error) as Record<string, string | undefined>, "hi");
    for (const [field, message] of Object.entries(fields)) expect(message, field).toMatch(/[\u0900-\u097F]/);
  });

  it("says the refunds' and the return decisions' refusals, the rate limits and dates in Hindi", () => {
    const sentences = [
      REFUND_NOT_POSITIVE,
      REFUND_ORDER_GONE,
      refundOverLeft(120_000),
      REFUND_NO_PAYMENT,
      PAYOUT_REFERENCE_MISSING,
      RETURN_MISSING,
      RETURN_ALREADY_DECIDED,
      PAYOUT_REFERENCE_REQUIRED,
      PAYOUT_REFERENCE_INVALID,
      REJECT_NOTE_REQUIRED,
      DECISION_NOTE_TOO_LONG,
      UNKNOWN_RETURN_INTENT,
      new RateLimitUnavailable().message,
    ];
    for (const sentence of sentences) {
      expect(localizeRefusal(sentence, "hi"), sentence).toMatch(/[\u0900-\u097F]/);
      expect(localizeRefusal(sentence, "hi").replaceAll("UPI", ""), sentence).not.toMatch(/[A-Za-z]{3,}/);
    }
    expect(localizeRefusal(refundOverLeft(120_000), "hi")).toContain("₹1,200");
    expect(localizeRefusal(TOO_MANY_ORDERS(waitInWords(600)), "hi")).toBe("कम समय में बहुत सारे ऑर्डर। 10 मिनट रुककर फिर से कोशिश करें।");
    expect(localizeRefusal(TOO_MANY_ORDERS(waitInWords(1)), "hi")).toContain("1 सेकंड");
    expect(localizeRefusal(returnWindowClosed("2026-11-22"), "hi")).toContain("22 नवंबर 2026");
  });

  it("leaves a sentence it does not know in English", () => {
    expect(localizeRefusal("Something new happened.", "hi")).toBe("Something new happened.");
  });
});

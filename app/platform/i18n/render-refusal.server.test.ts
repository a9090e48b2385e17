import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type PlainRefusalCode,
  type Refusal,
  type RefusalCode,
  RefusalError,
  type RefusalParams,
  refusal,
  refusalCode,
} from "~/platform/core/refusal";
import { withLocale } from "./i18n.server";
import {
  adminFormErrors,
  english,
  formErrors,
  formRefusals,
  issueText,
  REFUSAL_CODES,
  renderRefusal,
  sayRefusal,
} from "./render-refusal.server";

const DEVANAGARI = /[\u0900-\u097F]/;

/** Values for every code whose sentence needs some (the type makes this list complete). */
const SAMPLES: { [C in Exclude<RefusalCode, PlainRefusalCode>]: RefusalParams[C] } = {
  "common.too_many_attempts": { seconds: 30 },
  "account.address_limit": { max: 10 },
  "checkout.too_many_of_one": { max: 999 },
  "checkout.too_many_lines": { max: 50 },
  "checkout.pincode_unknown": { pincode: "110001" },
  "checkout.unserved": { pincode: "796001", district: "Aizawl", state: "Mizoram" },
  "checkout.state_mismatch": { pincode: "110001", state: "Delhi" },
  "checkout.no_cod_here": { pincode: "110001" },
  "checkout.cod_over_cap": { amountPaise: 50_000_00 },
  "checkout.open_orders": { max: 5 },
  "wishlist.full": { max: 200 },
  "wishlist.too_many_alerts": { max: 100 },
  "checkout.unpaid_order_value": { amountPaise: 2_00_000_00 },
  "checkout.unpaid_order_units": { max: 50 },
  "checkout.unpaid_customer_value": { amountPaise: 5_00_000_00 },
  "checkout.unpaid_customer_units": { max: 100 },
  "product.price_above_mrp": { chargedPaise: 648_00, mrpPaise: 599_00, maxPaise: 507_62 },
  "checkout.unpaid_share": { max: 10, name: "Neem Oil (1 L)" },
  "checkout.named_gone": { name: "Neem Oil" },
  "orders.discount_over_limit": { percent: 5, maxPaise: 1_332_50 },
  "orders.discount_over_goods": { maxPaise: 2_665_00 },
  "checkout.outside_licence_states": { name: "Urea (45 kg)", state: "Maharashtra", kind: "fertiliser", states: ["Punjab", "Haryana"] },
  "checkout.subsidised": { name: "Urea (45 kg)" },
  "checkout.out_of_stock": { name: "Neem Oil" },
  "checkout.only_left": { stock: 3, name: "Neem Oil (1 L)" },
  "checkout.untaxable": { missing: "the GSTIN of Kisan Traders" },
  "checkout.too_fast": { seconds: 600 },
  "business.legal_name": { min: 2, max: 120 },
  "business.state_mismatch": { registeredIn: "Maharashtra", state: "Gujarat" },
  "checkout.coupon_unknown": { code: "KHARIF10" },
  "checkout.coupon_not_started": { code: "KHARIF10", date: "2026-06-01" },
  "checkout.coupon_expired": { code: "KHARIF10" },
  "checkout.coupon_used_up": { code: "KHARIF10" },
  "checkout.coupon_min_value": { code: "KHARIF10", amountPaise: 2_000_00 },
  "price_lists.group_taken": { name: "FPO" },
  "price_lists.email_unknown": { email: "kisan@example.com" },
  "price_lists.in_other_group": { email: "kisan@example.com", group: "Dealer" },
  "price_lists.price_not_below": { sku: "DAP-50", pricePaise: 128_572 },
  "price_lists.sku_unknown": { sku: "DAP-50" },
  "price_lists.product_unknown": { id: "abc123def" },
  "checkout.coupon_min_quantity": { code: "KHARIF10", quantity: 3 },
  "checkout.coupon_not_for_these": { code: "KHARIF10" },
  "checkout.coupon_first_order": { code: "KHARIF10" },
  "checkout.coupon_not_your_state": { code: "KHARIF10" },
  "checkout.coupon_already_used": { code: "KHARIF10" },
  "checkout.coupon_not_your_pincode": { code: "KHARIF10" },
  "checkout.coupon_not_your_group": { code: "FPO5" },
  "offers.unknown_skus": { skus: "DAP-50, UREA-45" },
  "offers.not_your_products": { skus: "DAP-50" },
  "checkout.coupon_add_items": { code: "DAP3", quantity: 1, name: "DAP (50 kg)" },
  "checkout.coupon_too_many_tries": { seconds: 60 },
  "kits.kit_unknown": { sku: "KIT-TOMATO-1AC" },
  "kits.kit_one_size": { sku: "KIT-TOMATO-1AC" },
  "kits.kit_is_part": { sku: "KIT-TOMATO-1AC" },
  "kits.price_over_parts": { amountPaise: 180_000 },
  "kits.too_many_parts": { max: 12 },
  "kits.part_twice": { sku: "DAP-50" },
  "kits.part_quantity": { sku: "DAP-50", max: 99 },
  "kits.part_unknown": { sku: "DAP-50" },
  "kits.part_is_kit": { sku: "KIT-WHEAT" },
  "recalls.reason_long": { max: 500 },
  "recalls.already": { lot: "TS-2611-A" },
  "recalls.order_moved": { status: "shipped" },
  "recalls.swap_short": { lot: "TS-2611-A", needed: 5, available: 2 },
  "recalls.ship_held": { lot: "TS-2611-A" },
  "agents.limit": { max: 500 },
  "agents.daily_limit": { limit: 20 },
  "orders.cancel_shipped": { days: 7 },
  "orders.cancel_delivered": { days: 7 },
  "orders.reason_short": { min: 3 },
  "orders.reason_long": { max: 500 },
  "orders.bought": { bought: 4 },
  "orders.window_closed": { date: "2026-11-22", days: 7 },
  "orders.review_short": { min: 10 },
  "orders.review_long": { max: 2000 },
  "orders.refund_only_left": { amountPaise: 120_000 },
  "orders.refund_payout_reference": { min: 6, max: 40 },
  "orders.payout_reference_required": { min: 6, max: 40 },
  "orders.payout_reference_invalid": { min: 6, max: 40 },
  "orders.decision_note_long": { max: 500 },
  "orders.status_move": { from: "delivered", to: "cancelled" },
  "orders.ship_status": { status: "cancelled" },
  "orders.eway_bill_needed": { amountPaise: 60_000_00 },
  "orders.eway_bill_status": { status: "shipped" },
  "orders.slips_none": { date: "2026-11-30" },
  "account.suspended": { email: "help@angle.in", phone: "+91 98765 43210" },
  "account.email_too_long": { max: 254 },
  "account.password_min": { min: 8 },
  "account.password_max": { max: 128 },
  "account.name_too_long": { max: 80 },
  "account.street_too_long": { max: 200 },
  "account.city_too_long": { max: 60 },
  "vendor.gst_length": { count: 14 },
  "vendor.gst_state_mismatch": { code: "27", registeredIn: "Maharashtra", state: "Goa", stateCode: "30" },
  "vendor.business_too_long": { max: 120 },
  "vendor.licence_expired": { date: "2026-01-05" },
  "vendor.licence_expiry_too_far": { years: 20 },
  "vendor.licence_authority_too_long": { max: 120 },
  "vendor.courier_length": { min: 2, max: 80 },
  "vendor.courier_too_long": { max: 80 },
  "vendor.tracking_length": { min: 3, max: 300 },
  "vendor.tracking_too_long": { max: 300 },
  "vendor.listing_rate_limited": { seconds: 45 },
  "vendor.too_many_pending": { max: 20 },
  "vendor.csv_too_large": { rows: 10_000 },
  "vendor.csv_too_many_rows": { rows: 10_000 },
  "vendor.csv_too_many_columns": { row: 1, max: 60, count: 24 },
  "vendor.csv_cell_too_long": { row: 12, column: "description", max: 5000 },
  "product.too_many_sizes": { max: 10 },
  "product.price_breaks_too_many": { max: 4 },
  "product.gst_rate": { rates: "0, 5, 18, 40" },
  "product.gallery_full": { max: 5 },
  "product.size_has_lots": { sku: "AG-TOM-10G" },
  "lots.too_long": { max: 300 },
  "lots.number_taken": { number: "TS-2026-01" },
  "lots.adjust_reason": { min: 3, max: 200 },
  "lots.below_zero": { number: "TS-2026-01", onHand: 4 },
  "lots.csv_too_many_rows": { rows: 2000 },
  "lots.csv_unknown_column": { column: "batch", columns: "sku, lot, quantity" },
  "lots.csv_missing_column": { column: "sku" },
  "lots.csv_unknown_sku": { sku: "TOM-10G" },
  "lots.csv_repeated": { number: "TS-2026-01", row: 3 },
  "dosage.area_max": { acres: "1,000", inUnit: { amount: "40,000", unit: "guntha" } },
};

const sample = (code: RefusalCode) => ({ code, params: (SAMPLES as Record<string, object>)[code] ?? {} }) as Refusal;

describe("refusal codes", () => {
  it("every code is said by a message in English and in Hindi, with every value it needs", () => {
    expect(REFUSAL_CODES.length).toBeGreaterThan(200);
    for (const code of REFUSAL_CODES) {
      const en = renderRefusal(sample(code), "en");
      const hi = renderRefusal(sample(code), "hi");
      expect(en, code).toMatch(/^[A-Z"]/);
      expect(en, code).not.toMatch(/undefined|\{\w+\}/);
      expect(hi, code).toMatch(DEVANAGARI);
      expect(hi, code).not.toMatch(/undefined|\{\w+\}/);
      expect(hi, code).not.toBe(en);
    }
  });

  it("says a code's values in its sentence, formatted for the language", () => {
    expect(renderRefusal(refusal("checkout.cod_over_cap", { amountPaise: 50_000_00 }), "hi")).toContain("₹50,000");
    expect(renderRefusal(refusal("orders.window_closed", { date: "2026-11-22", days: 7 }), "hi")).toContain("22 नवंबर 2026");
    expect(renderRefusal(refusal("checkout.too_fast", { seconds: 600 }), "hi")).toBe("कम समय में बहुत सारे ऑर्डर। 10 मिनट रुककर फिर से कोशिश करें।");
    expect(renderRefusal(refusal("checkout.only_left", { stock: 3, name: "Neem Oil (1 L)" }), "hi")).toBe(
      "Neem Oil (1 L) के केवल 3 बचे हैं; मात्रा घटाएँ।",
    );
    expect(renderRefusal(refusal("common.too_many_attempts", { seconds: 1 }), "hi")).toBe(
      "बहुत बार कोशिश हो चुकी है। 1 सेकंड रुककर फिर से कोशिश करें।",
    );
    expect(renderRefusal(refusal("dosage.area_max", { acres: "1,000", inUnit: { amount: "40,000", unit: "guntha" } }), "hi")).toBe(
      "रकबा ज़्यादा से ज़्यादा 1,000 एकड़ (40,000 गुंठा) हो सकता है।",
    );
  });

  it("says in English the very sentences the pages said before codes", () => {
    const before: [Refusal, string][] = [
      [
        refusal("checkout.only_left", { stock: 3, name: "Neem Oil (1 L)" }),
        "Only 3 of Neem Oil (1 L) left in stock; please reduce the quantity.",
      ],
      [refusal("checkout.too_fast", { seconds: 45 }), "Too many orders in a short time. Please wait 45 seconds and try again."],
      [refusal("checkout.too_fast", { seconds: 61 }), "Too many orders in a short time. Please wait 2 minutes and try again."],
      [
        refusal("checkout.cod_over_cap", { amountPaise: 50_000_00 }),
        "Cash on Delivery is available only for orders up to ₹50,000. Please choose another payment method.",
      ],
      [
        refusal("checkout.unserved", { pincode: "796001", district: "Aizawl", state: "Mizoram" }),
        "Sorry, we do not deliver to 796001 (Aizawl, Mizoram) yet.",
      ],
      [refusal("common.too_many_attempts", { seconds: 1 }), "Too many attempts. Please wait 1 second and try again."],
      [refusal("common.too_many_attempts", { seconds: 30 }), "Too many attempts. Please wait 30 seconds and try again."],
      [refusal("orders.refund_only_left", { amountPaise: 120_000 }), "Only ₹1,200 of this order can still be refunded."],
      [
        refusal("orders.window_closed", { date: "2026-03-31", days: 7 }),
        "Returns for this order closed on 31 March 2026: items can be returned within 7 days of delivery.",
      ],
      [refusal("orders.bought", { bought: 1 }), "You bought 1 of this item: you can return 1."],
      [refusal("orders.bought", { bought: 4 }), "You bought 4 of this item: choose from 1 to 4."],
      [refusal("orders.review_long", { max: 2000 }), "Please keep your review to 2,000 characters."],
      [refusal("orders.status_move", { from: "delivered", to: "cancelled" }), "An order that is delivered cannot be marked cancelled."],
      [
        refusal("vendor.licence_expired", { date: "2026-01-05" }),
        "This licence expired on 5 January 2026. Enter your renewed licence's number and expiry date.",
      ],
      [
        refusal("vendor.listing_rate_limited", { seconds: 600 }),
        "You have added many listings in a short time. Please wait 10 minutes and try again.",
      ],
      [
        refusal("vendor.csv_cell_too_long", { row: 12_000, column: "description", max: 5000 }),
        'Row 12,000, column description: the cell is longer than 5,000 characters. Shorten it, or look for a missing " before it.',
      ],
      [
        refusal("vendor.gst_state_mismatch", { code: "27", registeredIn: "Maharashtra", state: "Goa", stateCode: "30" }),
        "This GSTIN starts with 27 (Maharashtra), but your address is in Goa, whose GST code is 30. Please check the GSTIN or the State.",
      ],
      [refusal("product.gst_rate", { rates: "0, 5, 18, 40" }), "GST rate must be one of 0, 5, 18, 40%."],
      [refusal("dosage.area_max", { acres: "1,000", inUnit: null }), "Enter an area up to 1,000 acres."],
      [
        refusal("dosage.area_max", { acres: "1,000", inUnit: { amount: "404.68", unit: "hectare" } }),
        "Enter an area up to 1,000 acres (404.68 hectares).",
      ],
    ];
    for (const [refused, sentence] of before) expect(english(refused), refused.code).toBe(sentence);
  });

  it("says a refusal in the request's language, and carries its English as the error's message", () => {
    expect(withLocale("hi", () => sayRefusal("checkout.failed"))).toBe("आपका ऑर्डर नहीं हो सका। फिर से कोशिश करें।");
    expect(withLocale("en", () => sayRefusal("checkout.failed"))).toBe("Could not place your order. Please try again.");
    const refused = refusal("orders.already_cancelled");
    const error = new RefusalError(refused, { status: 409, english: english(refused) });
    expect([error.status, error.message, error.refusal]).toEqual([409, "This order is already cancelled.", refused]);
  });
});

describe("a form's refusals", () => {
  const Schema = z.object({
    name: z.string().trim().min(1, refusalCode("account.name_missing")).max(5, refusalCode("account.name_too_long")),
    courier: z.string().min(2, refusalCode("vendor.courier_length", { min: 2, max: 80 })),
    gst: z.string().refine((v) => v === "ok", { message: refusalCode("vendor.gst_length"), params: { count: 3 } }),
    other: z.string().min(1, "Enter the COD maximum in rupees, e.g. 50000."),
  });
  const failed = Schema.safeParse({ name: "Ramesh Kumar", courier: "D", gst: "abc", other: "" });
  if (failed.success) throw new Error("expected a refusal");

  it("are the codes their checks name, with the values of the issue and those written with the code", () => {
    expect(formRefusals(failed.error)).toEqual({
      name: refusal("account.name_too_long", { max: 5 }),
      courier: refusal("vendor.courier_length", { min: 2, max: 80 }),
      gst: refusal("vendor.gst_length", { count: 3 }),
      other: refusal("common.check_form"),
    });
  });

  it("are said in the page's language; words that are no code are the form's own (an admin's English)", () => {
    expect(withLocale("en", () => formErrors(failed.error))).toEqual({
      name: "Full name is too long (5 characters at most).",
      courier: "Enter the courier's name (2 to 80 characters).",
      gst: "A GSTIN has 15 characters; this one has 3.",
      other: "Please check the form.",
    });
    const hindi = withLocale("hi", () => formErrors(failed.error));
    for (const text of Object.values(hindi)) expect(text).toMatch(DEVANAGARI);
    expect(adminFormErrors(failed.error).other).toBe("Enter the COD maximum in rupees, e.g. 50000.");
    expect(adminFormErrors(failed.error).name).toBe("Full name is too long (5 characters at most).");
    const [, , , other] = failed.error.issues;
    expect(other && issueText(other)).toBe("Enter the COD maximum in rupees, e.g. 50000.");
  });

  it("are told by code, never by their words: Zod's own words for a field left out are 'check the form'", () => {
    const missing = z.object({ email: z.string() }).safeParse({});
    if (missing.success) throw new Error("expected a refusal");
    expect(withLocale("en", () => formErrors(missing.error))).toEqual({ email: "Please check the form." });
    expect(withLocale("hi", () => formErrors(missing.error)).email).toMatch(DEVANAGARI);
  });
});

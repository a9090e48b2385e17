import { z } from "zod";
import { refusalCode } from "../../../platform/core/refusal";
import { parseRupeesToPaise } from "../../../platform/core/rupee-input";

/*
 * Draft orders (docs/decisions/064-draft-orders.md): what the desk types to give a draft a discount.
 */

export const DISCOUNT_REASON_MIN = 3;
export const DISCOUNT_REASON_MAX = 200;

/** A discount in rupees as typed ("150", "1,499.50"), as paise above zero. */
const DiscountAmountSchema = z.string(refusalCode("orders.discount_amount")).transform((value, ctx) => {
  const paise = parseRupeesToPaise(value);
  if (paise === null || paise <= 0) {
    ctx.addIssue({ code: "custom", message: refusalCode("orders.discount_amount") });
    return z.NEVER;
  }
  return paise;
});

/** The discount form: how much, and why (the audit trail keeps the reason). */
export const DraftDiscountSchema = z.object({
  amount: DiscountAmountSchema,
  reason: z
    .string(refusalCode("orders.discount_reason"))
    .trim()
    .min(DISCOUNT_REASON_MIN, refusalCode("orders.discount_reason"))
    .max(DISCOUNT_REASON_MAX, refusalCode("orders.discount_reason")),
});

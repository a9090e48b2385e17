import { z } from "zod";
import { refusalCode } from "../../../platform/core/refusal";
import {
  CANCEL_FROM,
  DECISION_NOTE_MAX,
  PAYOUT_REFERENCE_MAX,
  PAYOUT_REFERENCE_MIN,
  RETURN_REASON_MAX,
  RETURN_REASON_MIN,
} from "./returns";

/**
 * The forms of cancellations and returns (issue 15), one Zod schema each, used by the pages'
 * actions; their rules are in ./returns (which pages import without Zod), their messages refusal codes.
 */

const MISSING = refusalCode("common.form_missing");
const QUANTITY = refusalCode("orders.quantity");
const REASON_SHORT = refusalCode("orders.reason_short", { min: RETURN_REASON_MIN });
const PAYOUT_REFERENCE_INVALID = refusalCode("orders.payout_reference_invalid", { min: PAYOUT_REFERENCE_MIN, max: PAYOUT_REFERENCE_MAX });
const REJECT_NOTE_REQUIRED = refusalCode("orders.reject_note_required");

const returnQuantity = z
  .string(QUANTITY)
  .trim()
  .regex(/^\d{1,4}$/, QUANTITY)
  .transform(Number)
  .refine((n) => n >= 1, QUANTITY);

/** The customer's return of one line of a delivered order. */
export const ReturnRequestSchema = z.object({
  lineId: z.string(MISSING).trim().min(1, MISSING).max(64, MISSING),
  quantity: returnQuantity,
  reason: z.string(REASON_SHORT).trim().min(RETURN_REASON_MIN, REASON_SHORT).max(RETURN_REASON_MAX, refusalCode("orders.reason_long")),
});
export type ReturnRequestInput = z.infer<typeof ReturnRequestSchema>;

/** A UPI or bank transfer reference (a UTR is 12–22 letters and digits), as createRefund takes it. */
export const PayoutReferenceSchema = z
  .string(PAYOUT_REFERENCE_INVALID)
  .trim()
  .min(PAYOUT_REFERENCE_MIN, PAYOUT_REFERENCE_INVALID)
  .max(PAYOUT_REFERENCE_MAX, PAYOUT_REFERENCE_INVALID)
  .regex(/^[A-Za-z0-9@./_-]+$/, PAYOUT_REFERENCE_INVALID);

/** Empty (none given) or a well-formed reference; whether one is needed is the service's to say. */
const optionalPayoutReference = z
  .string()
  .trim()
  .max(200, PAYOUT_REFERENCE_INVALID)
  .default("")
  .pipe(z.union([z.literal(""), PayoutReferenceSchema]));

const returnId = z.string(MISSING).trim().min(1, MISSING).max(64, MISSING);

/** An admin's or a vendor's decision on a return request. */
export const ReturnDecisionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve-return"), returnId, payoutReference: optionalPayoutReference }),
    z.object({
      intent: z.literal("reject-return"),
      returnId,
      note: z
        .string(REJECT_NOTE_REQUIRED)
        .trim()
        .min(3, REJECT_NOTE_REQUIRED)
        .max(DECISION_NOTE_MAX, refusalCode("orders.decision_note_long")),
    }),
  ],
  { error: refusalCode("common.unknown_intent") },
);
export const RETURN_DECISION_INTENTS: readonly string[] = ["approve-return", "reject-return"];

/** The customer's cancel: the dialog's button, or the confirmation page without JavaScript, posts confirm=yes. */
export const CancelOrderSchema = z.object({
  confirm: z.literal("yes", refusalCode("orders.cancel_confirm")),
  from: z.enum(CANCEL_FROM).catch("order"),
});

/** The admin's cancel of a paid order not paid online: the payout's reference. */
export const CancelPayoutSchema = optionalPayoutReference;

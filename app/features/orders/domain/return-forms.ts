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
import {
  HOLDER_NAME_MAX,
  isAccountNumber,
  isIfsc,
  isUpiId,
  normalizeAccountNumber,
  normalizeIfsc,
  normalizeUpiId,
  type PayoutDetails,
  RETURN_REASON_CODES,
} from "./return-refund";

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

const text = (max: number) => z.string().trim().max(max).default("");

/**
 * Where the refund of an order not paid online goes: nothing chosen (the service says whether the
 * order needs it), a UPI ID, or a bank account given twice with its IFSC and holder. Each field's
 * refusal names that field.
 */
const PayoutFieldsSchema = z
  .object({
    refundTo: z.enum(["", "upi", "bank"], refusalCode("orders.refund_to")).default(""),
    upiId: text(300),
    accountNumber: text(40),
    accountNumberAgain: text(40),
    ifsc: text(20),
    accountHolder: text(200),
  })
  .superRefine((v, ctx) => {
    const bad = (path: string, code: Parameters<typeof refusalCode>[0]) =>
      ctx.addIssue({ code: "custom", path: [path], message: refusalCode(code) });
    if (v.refundTo === "upi" && !isUpiId(v.upiId)) bad("upiId", "orders.upi_invalid");
    if (v.refundTo !== "bank") return;
    if (!isAccountNumber(v.accountNumber)) bad("accountNumber", "orders.account_invalid");
    else if (normalizeAccountNumber(v.accountNumber) !== normalizeAccountNumber(v.accountNumberAgain))
      bad("accountNumberAgain", "orders.account_mismatch");
    if (!isIfsc(v.ifsc)) bad("ifsc", "orders.ifsc_invalid");
    const holder = v.accountHolder.replace(/\s+/g, " ");
    if (holder.length < 2 || holder.length > HOLDER_NAME_MAX || !/^[\p{L}\p{M} .'&-]+$/u.test(holder))
      bad("accountHolder", "orders.holder_invalid");
  })
  .transform((v): PayoutDetails | null => {
    if (v.refundTo === "upi") return { to: "upi", upiId: normalizeUpiId(v.upiId) };
    if (v.refundTo === "bank")
      return {
        to: "bank",
        accountNumber: normalizeAccountNumber(v.accountNumber),
        ifsc: normalizeIfsc(v.ifsc),
        holder: v.accountHolder.replace(/\s+/g, " ").trim(),
      };
    return null;
  });

/** The customer's return of one line of a delivered order: how many, why (from the list, and in words), and where the refund goes. */
export const ReturnRequestSchema = z
  .object({
    lineId: z.string(MISSING).trim().min(1, MISSING).max(64, MISSING),
    quantity: returnQuantity,
    reasonCode: z.enum(RETURN_REASON_CODES, refusalCode("orders.reason_choice")),
    reason: z.string(REASON_SHORT).trim().min(RETURN_REASON_MIN, REASON_SHORT).max(RETURN_REASON_MAX, refusalCode("orders.reason_long")),
  })
  .and(PayoutFieldsSchema.transform((payout) => ({ payout })));
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
    // The goods came back: how many of them can be sold again and go back into stock (0 to all).
    z.object({
      intent: z.literal("receive-return"),
      returnId,
      restock: z
        .string(refusalCode("orders.restock_quantity"))
        .trim()
        .regex(/^\d{1,4}$/, refusalCode("orders.restock_quantity"))
        .transform(Number),
    }),
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
export const RETURN_DECISION_INTENTS: readonly string[] = ["approve-return", "receive-return", "reject-return"];

/** The customer's cancel: the dialog's button, or the confirmation page without JavaScript, posts confirm=yes. */
export const CancelOrderSchema = z.object({
  confirm: z.literal("yes", refusalCode("orders.cancel_confirm")),
  from: z.enum(CANCEL_FROM).catch("order"),
});

/** The admin's cancel of a paid order not paid online: the payout's reference. */
export const CancelPayoutSchema = optionalPayoutReference;

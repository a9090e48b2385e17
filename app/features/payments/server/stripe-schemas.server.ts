import { z } from "zod";

/**
 * The parts of Stripe's answers and webhook events that the store reads (docs/decisions/035-validated-gateway-responses.md).
 * The SDK types what it returns but checks none of it. Other fields are dropped; a field we read
 * that is missing or of another type makes the whole answer one we do not know. Amounts are whole paise.
 */
const paise = z.number().int().nonnegative();
const SESSION_PAYMENT_STATUSES = ["paid", "unpaid", "no_payment_required"] as const;

export const StripeSessionSchema = z.object({
  id: z.string().min(1),
  status: z.enum(["open", "complete", "expired"]).nullable(),
  payment_status: z.enum(SESSION_PAYMENT_STATUSES),
  // An id: the store never asks Stripe to expand it into an object.
  payment_intent: z.string().nullable(),
  amount_total: paise.nullable(),
  currency: z.string().nullable(),
  url: z.string().nullable(),
});

export const StripePaymentIntentSchema = z.object({
  id: z.string().min(1),
  status: z.enum([
    "requires_payment_method",
    "requires_confirmation",
    "requires_action",
    "processing",
    "requires_capture",
    "canceled",
    "succeeded",
  ]),
  amount_received: paise,
});

export const StripeRefundSchema = z.object({ id: z.string().min(1) });

/** A webhook event's envelope; its object is read by the event's type. */
export const StripeEventSchema = z.object({ id: z.string().min(1), type: z.string(), data: z.object({ object: z.unknown() }) });

/**
 * The session of a checkout.session.* event. Its id and statuses must be right. Its amount and
 * currency, when unreadable, read as not stated: the event is signed, so a paid session behind it is
 * real money, kept for an admin as a mismatch (record-payment.server.ts) rather than dropped.
 */
export const StripeSessionEventSchema = z.object({
  id: z.string().min(1),
  payment_status: z.enum(SESSION_PAYMENT_STATUSES),
  payment_intent: z.string().nullable(),
  amount_total: z.number().int().nullable().catch(null),
  currency: z.string().nullable().catch(null),
});

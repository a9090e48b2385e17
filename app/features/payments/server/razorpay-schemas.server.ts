import { z } from "zod";

/**
 * The parts of Razorpay's answers and webhooks that the store reads (docs/decisions/035-validated-gateway-responses.md).
 * Other fields are dropped; a field we read that is missing or of another type makes the whole answer
 * one we do not know. Amounts are whole paise.
 */
const paise = z.number().int().nonnegative();
const PAYMENT_STATUSES = ["created", "authorized", "captured", "refunded", "failed"] as const;

export const RazorpayOrderSchema = z.object({ id: z.string().min(1), amount: paise, currency: z.string() });

export const RazorpayPaymentSchema = z.object({
  id: z.string().min(1),
  // A payment taken without an order (a payment link, another integration on the account) has none.
  order_id: z.string().nullable(),
  amount: paise,
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  method: z.string().nullish(),
  error_description: z.string().nullish(),
});

export const RazorpayRefundSchema = z.object({ id: z.string().min(1), receipt: z.string().nullish() });

/** A list answer (`entity: "collection"`). */
export const razorpayCollection = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

/** An error answer; its description is only ever shown in our logs and to admins. */
export const RazorpayErrorSchema = z.object({ error: z.object({ description: z.string() }) });

/** A webhook's envelope: which event; its payload is read by the event's type. */
export const RazorpayWebhookSchema = z.object({ event: z.string(), payload: z.unknown() });

/**
 * The payment of a payment.captured, order.paid or payment.failed event. Its ids and status must be
 * right. Its amount, currency and method, when unreadable, read as not stated (null, "", null): the
 * message is signed, so a captured payment behind it is real money, kept for an admin as a mismatch
 * (record-payment.server.ts) rather than dropped.
 */
export const RazorpayPaymentEventSchema = z.object({
  payment: z.object({
    entity: z.object({
      id: z.string(),
      order_id: z.string().nullish(),
      status: z.enum(PAYMENT_STATUSES),
      amount: z.number().int().nullable().catch(null),
      currency: z.string().catch(""),
      method: z.string().nullish().catch(null),
      error_description: z.string().nullish().catch(null),
    }),
  }),
});

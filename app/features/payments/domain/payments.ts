/**
 * How an order's money stands, apart from its status (issue 15, docs/decisions/023-payments.md).
 * Client-safe: labels and rules only.
 */
export const PAYMENT_STATUSES = [
  "awaiting_payment",
  "failed",
  "paid",
  "partly_refunded",
  "refunded",
  "cod",
  "bank_transfer_pending",
  "voided",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const GATEWAYS = ["razorpay", "stripe"] as const;
export type Gateway = (typeof GATEWAYS)[number];
export type PaymentAttemptStatus = "created" | "paid" | "failed" | "expired";
export type RefundReason = "cancelled" | "return" | "late_payment" | "extra_payment";
export type RefundStatus = "pending" | "sending" | "processed" | "failed";

/**
 * A captured payment the order did not take (0026-payment-attention): a second payment of a paid
 * order and one that came after the order was cancelled are refunded at once; one for another
 * amount or currency waits for an admin, who refunds it or settles it with a note.
 */
export type StrayPaymentReason = "second_payment" | "late_payment" | "amount_mismatch" | "currency_mismatch";
export type StrayPaymentResolution = "refund" | "settled";
export const needsAttention = (reason: StrayPaymentReason) => reason === "amount_mismatch" || reason === "currency_mismatch";

/** A stray payment as the admin's pages show it. */
export type StrayPaymentView = {
  id: string;
  orderId: string;
  gateway: Gateway;
  gatewayPaymentId: string;
  /** 0 while the gateway's message gave no usable amount (asked from the gateway when it is refunded). */
  amountPaise: number;
  amountKnown: boolean;
  currency: string;
  reason: StrayPaymentReason;
  /** waiting: for an admin; refunding / refunded: its refund's state; refund_failed: the gateway would not take it; settled. */
  state: "waiting" | "refunding" | "refunded" | "refund_failed" | "settled";
  note: string | null;
  createdAt: string;
};

export const STRAY_REASON_LABELS: Record<StrayPaymentReason, string> = {
  second_payment: "Second payment of a paid order",
  late_payment: "Paid after the order was cancelled",
  amount_mismatch: "Not the order's amount",
  currency_mismatch: "Not in rupees",
};

export const STRAY_STATE_LABELS: Record<StrayPaymentView["state"], string> = {
  waiting: "Needs attention",
  refunding: "Being refunded",
  refunded: "Refunded",
  refund_failed: "Refund failed",
  settled: "Settled",
};

/** A stray payment as its customer sees it: a settled one is not shown (the admin agreed it with them). */
export type CustomerStrayPayment = {
  id: string;
  amountPaise: number;
  reason: StrayPaymentReason;
  /** waiting: for the store's check (a mismatch); refunding includes a refund the gateway has not taken yet. */
  state: "waiting" | "refunding" | "refunded";
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  awaiting_payment: "Awaiting payment",
  failed: "Payment failed",
  paid: "Paid",
  partly_refunded: "Partly refunded",
  refunded: "Refunded",
  cod: "Cash on delivery",
  bank_transfer_pending: "Bank transfer pending",
  voided: "Not paid",
};

export const PAYMENT_STATUS_STYLES: Record<PaymentStatus, string> = {
  awaiting_payment: "bg-orange-100 text-orange-800",
  failed: "bg-red-100 text-red-800",
  paid: "bg-green-100 text-green-800",
  partly_refunded: "bg-blue-100 text-blue-800",
  refunded: "bg-blue-100 text-blue-800",
  cod: "bg-stone-100 text-stone-800",
  bank_transfer_pending: "bg-orange-100 text-orange-800",
  voided: "bg-stone-200 text-stone-700",
};

/** Methods paid at a gateway before the order is confirmed. */
export const PREPAID_METHODS = ["card", "upi"] as const;
export const isPrepaidMethod = (method: string) => (PREPAID_METHODS as readonly string[]).includes(method);

/** A prepaid order that can still be paid: the customer may (re)try while it is pending and unpaid. */
export const AWAITING_PAYMENT: readonly PaymentStatus[] = ["awaiting_payment", "failed"];
export const isAwaitingPayment = (status: PaymentStatus) => AWAITING_PAYMENT.includes(status);

/**
 * A pending order in one of these holds its stock with no money received: a card or UPI order
 * until its hold ends, a bank-transfer order until its deadline (docs/decisions/031-unpaid-holds.md).
 */
export const HOLDING_UNPAID: readonly PaymentStatus[] = [...AWAITING_PAYMENT, "bank_transfer_pending"];

/** Money the gateway or the admin has confirmed as received, net of refunds. */
export const RECEIVED = ["paid", "partly_refunded"] as const satisfies readonly PaymentStatus[];

/**
 * An ONDC order its buyer app collected the money for before confirming it (payment ON-ORDER, collected
 * by the BAP, PAID): paid when placed, through no gateway of ours; the buyer app settles with the store
 * later (docs/decisions/075-ondc-orders.md). Not a prepaid method above: nothing is held waiting for it.
 */
export const ONDC_PREPAID = "ondc_prepaid";

/** The payment status an order starts with, from its method. */
export function initialPaymentStatus(method: string): PaymentStatus {
  if (isPrepaidMethod(method)) return "awaiting_payment";
  if (method === ONDC_PREPAID) return "paid";
  if (method === "bank_transfer") return "bank_transfer_pending";
  return "cod";
}

/**
 * After refunds: all of what was received went back → refunded; the order still keeps its total (a
 * second payment was returned) → paid; less than its total is kept → partly refunded.
 */
export function statusAfterRefunds(paidPaise: number, refundedPaise: number, totalPaise: number): PaymentStatus {
  if (refundedPaise >= paidPaise) return "refunded";
  return paidPaise - refundedPaise >= totalPaise ? "paid" : "partly_refunded";
}

/**
 * The notice the order page shows after the customer comes back from paying (`?payment=`), from
 * what the server made of the payment: a payment the order did not take never reads "received".
 */
export type PaymentNotice = "done" | "checking" | "failed" | "refunding" | "review";
export function paymentNotice(outcome: string): PaymentNotice {
  if (outcome === "failed" || outcome === "checking" || outcome === "refunding") return outcome;
  if (outcome === "mismatch") return "review";
  return "done";
}

/** What the order page says after the customer comes back from paying. */
export type ShownPaymentNotice = "done" | "checking" | "cancelled" | "late" | "second" | "review";

/**
 * The notice for `?payment=`, checked against the order as it is now (the address can be reloaded
 * or shared, and "already" comes back as "done"): a payment the order did not take never reads
 * "received". `strays` are the order's payments it did not take (CustomerStrayPayment).
 */
export function shownPaymentNotice(
  asked: string | null,
  orderStatus: string,
  strays: readonly { reason: StrayPaymentReason; state: string }[],
): ShownPaymentNotice | null {
  if (asked === "checking" || asked === "cancelled") return asked;
  if (asked !== "done" && asked !== "refunding" && asked !== "review") return null;
  if (orderStatus === "cancelled") return strays.some((s) => s.reason === "late_payment") ? "late" : null;
  if (orderStatus === "pending") return strays.some((s) => needsAttention(s.reason) && s.state === "waiting") ? "review" : null;
  if (asked === "refunding") return "second";
  return asked === "done" ? "done" : null;
}

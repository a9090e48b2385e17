import { addDays, indiaToday } from "../../../platform/core/india-day";
import { formatPaiseExact } from "../../../platform/core/money";
import { type Refusal, refusal } from "../../../platform/core/refusal";
import { type OrderStatus, statusChangeRefusal } from "./orders";
import { AWAITING_PAYMENT, isPrepaidMethod, ONDC_PREPAID, type PaymentStatus, RECEIVED } from "../../payments/domain/payments";
import type { PayoutDetails, ReturnReasonCode, ReturnStage } from "./return-refund";

/**
 * Cancellations, returns and their refunds (issue 15, docs/decisions/024-cancellations-and-returns.md):
 * the client-safe rules, form schemas and messages. The refund page states the same window
 * (RETURN_WINDOW_DAYS), so the page and the rule cannot drift apart.
 */

/** Days after delivery (India dates) within which a return may be requested: delivered on the 3rd, the 10th is the last day. */
export const RETURN_WINDOW_DAYS = 7;
export const RETURN_REASON_MIN = 3;
export const RETURN_REASON_MAX = 500;
export const PAYOUT_REFERENCE_MIN = 6;
export const PAYOUT_REFERENCE_MAX = 40;
export const DECISION_NOTE_MAX = 500;

export const RETURN_STATUSES = ["requested", "approved", "rejected"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = { requested: "Requested", approved: "Approved", rejected: "Rejected" };
export const RETURN_STATUS_STYLES: Record<ReturnStatus, string> = {
  requested: "bg-orange-100 text-orange-800",
  approved: "bg-green-100 text-green-800",
  rejected: "bg-stone-200 text-stone-700",
};
export function isReturnStatus(value: unknown): value is ReturnStatus {
  return typeof value === "string" && (RETURN_STATUSES as readonly string[]).includes(value);
}

// ---- Refusals (said in the page's language: docs/decisions/033-errors-as-codes.md) ----

export const ORDER_ALREADY_CANCELLED = refusal("orders.already_cancelled");
export const CANCEL_AFTER_SHIPPING = refusal("orders.cancel_shipped", { days: RETURN_WINDOW_DAYS });
export const CANCEL_AFTER_DELIVERY = refusal("orders.cancel_delivered", { days: RETURN_WINDOW_DAYS });
export const CANCEL_PAID_OFFLINE = refusal("orders.cancel_paid_offline");
export const CANCEL_CHANGED = refusal("orders.changed");

export const RETURN_NOT_DELIVERED = refusal("orders.not_delivered");
export const RETURN_LINE_MISSING = refusal("orders.line_missing");
export const RETURN_ALREADY_REQUESTED = refusal("orders.already_requested");

export const RETURN_MISSING = refusal("orders.return_missing");
export const RETURN_ALREADY_DECIDED = refusal("orders.return_decided");
export const PAYOUT_REFERENCE_REQUIRED = refusal("orders.payout_reference_required", {
  min: PAYOUT_REFERENCE_MIN,
  max: PAYOUT_REFERENCE_MAX,
});

export const returnQuantityTooHigh = (bought: number) => refusal("orders.bought", { bought });

export const returnWindowClosed = (lastDay: string) => refusal("orders.window_closed", { date: lastDay, days: RETURN_WINDOW_DAYS });

// ---- The return window ----

/** The last India day on which a return of an order delivered at `deliveredAt` (an instant) may be requested. */
export function lastReturnDay(deliveredAt: string): string {
  return addDays(indiaToday(new Date(deliveredAt)), RETURN_WINDOW_DAYS);
}

export function isReturnWindowOpen(deliveredAt: string, now: Date = new Date()): boolean {
  return indiaToday(now) <= lastReturnDay(deliveredAt);
}

// ---- Amounts ----

export type LineTax = { quantity: number; taxable: number; cgst: number; sgst: number; igst: number };
export type ReturnedAmounts = { taxable: number; cgst: number; sgst: number; igst: number; total: number };

/**
 * What returning `quantity` of a line refunds, and how its credit note splits it: the line's value
 * with its GST (taxable + CGST + SGST + IGST), pro rata to the quantity, rounded down to the paisa.
 * Each tax is its pro-rata share rounded down (so CGST still equals SGST) and the taxable value takes
 * the rest, so the credit note's total is exactly the refund. Shipping is never part of it.
 */
export function returnedAmounts(line: LineTax, quantity: number): ReturnedAmounts {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > line.quantity)
    throw new RangeError(`cannot return ${quantity} of ${line.quantity}`);
  const share = (paise: number) => Math.floor((paise * quantity) / line.quantity);
  const total = share(line.taxable + line.cgst + line.sgst + line.igst);
  const [cgst, sgst, igst] = [share(line.cgst), share(line.sgst), share(line.igst)];
  return { taxable: total - cgst - sgst - igst, cgst, sgst, igst, total };
}

// ---- Cancelling ----

const received = (status: PaymentStatus) => (RECEIVED as readonly PaymentStatus[]).includes(status);

export type CancelActor = "customer" | "admin";
export type OrderMoney = { status: OrderStatus; paymentMethod: string; paymentStatus: PaymentStatus };

/**
 * Why this actor may not cancel the order, or null. Customers cancel their own order until it
 * ships; admins any time before delivery. A paid order that was not paid online can only be
 * refunded by a payout an admin sends and records, so its customer asks us to cancel it. An ONDC
 * order its buyer app collected is refunded by that buyer app, out of what it settles with the store
 * (docs/decisions/075-ondc-orders.md): its buyer may cancel it, and the refund is recorded as a payout.
 */
export function cancelRefusal(order: OrderMoney, actor: CancelActor): Refusal | null {
  // An admin gets the status table's own words (docs/decisions/005-order-status-rules.md).
  if (actor === "admin") return statusChangeRefusal(order.status, "cancelled", "admin");
  if (order.status === "cancelled") return ORDER_ALREADY_CANCELLED;
  if (order.status === "delivered") return CANCEL_AFTER_DELIVERY;
  if (order.status === "shipped") return CANCEL_AFTER_SHIPPING;
  if (refundNeedsPayout(order) && order.paymentMethod !== ONDC_PREPAID) return CANCEL_PAID_OFFLINE;
  return null;
}

/** Money was received and must go back, but not through a gateway: the admin sends it and records the reference. */
export function refundNeedsPayout(order: Pick<OrderMoney, "paymentMethod" | "paymentStatus">): boolean {
  return received(order.paymentStatus) && !isPrepaidMethod(order.paymentMethod);
}

/** What cancelling refunds: everything received and not yet refunded. */
export function cancelRefundPaise(order: { paymentStatus: PaymentStatus; paidPaise: number; refundedPaise: number }): number {
  return received(order.paymentStatus) ? Math.max(0, order.paidPaise - order.refundedPaise) : 0;
}

/** An unpaid prepaid order will never be paid once cancelled; any other payment status stays (a refund moves it later). */
export function paymentStatusAfterCancel(status: PaymentStatus): PaymentStatus {
  return AWAITING_PAYMENT.includes(status) ? "voided" : status;
}

/** Where a customer's cancel came from, to go back to. */
export const CANCEL_FROM = ["order", "orders"] as const;
export type CancelFrom = (typeof CANCEL_FROM)[number];

// ---- What the pages show ----

/** A return request as the customer, the admin and the vendor see it. */
export type ReturnView = {
  id: string;
  orderId: string;
  lineId: string;
  name: string;
  quantity: number;
  reason: string;
  amountPaise: number;
  status: ReturnStatus;
  createdAt: string;
  decidedAt: string | null;
  decisionNote: string | null;
  /** The payout reference, for a return refunded by UPI or bank transfer. */
  payoutReference: string | null;
  /** The reason chosen from the list (null for a return asked before there was one). */
  reasonCode: ReturnReasonCode | null;
  /** Where it stands: requested, received (the goods are back), refunded, rejected. */
  stage: ReturnStage;
  receivedAt: string | null;
  /** How many of the returned items went back into stock. */
  restockedQuantity: number;
  /** Where a payout goes, masked ("UPI ra••••@okicici", "A/c ••••9012 · SBIN0001234"); null for an order paid online. */
  payoutHint: string | null;
  /** The customer's photos of the item (stored image paths). */
  photos: string[];
};

/** A return as its decider (an admin, or the line's vendor) sees it: approving needs a payout reference when the order was not paid online. */
export type DecidableReturnView = ReturnView & {
  needsPayout: boolean;
  /** A pesticide's line: an opened pack is not resold, so the receipt puts back none unless sealed ones are counted in. */
  sealedOnly: boolean;
  /** The payout's destination in full: only for the admin who sends it, otherwise absent. */
  payoutDetails?: PayoutDetails | null;
};

/** Why a decision on one return was refused, by field, for the panel of that return. */
export type ReturnDecisionError = {
  returnId: string;
  errors: Partial<Record<"payoutReference" | "note" | "restock" | "returnId" | "intent" | "form", string>>;
};

/** One line of an order on the customer's return page. */
export type ReturnFormLine = {
  id: string;
  name: string;
  image: string;
  quantity: number;
  /** The refund of returning all of it (price with GST). */
  fullRefundPaise: number;
  request: ReturnView | null;
};

/** The return form's fields, as a refusal names them and sends back what was typed. */
export type ReturnFormField =
  | "lineId"
  | "quantity"
  | "reasonCode"
  | "reason"
  | "refundTo"
  | "upiId"
  | "accountNumber"
  | "accountNumberAgain"
  | "ifsc"
  | "accountHolder"
  | "photos";

/** A refused return request, for the form of its line: errors by field, and what was typed. */
export type ReturnLineRefusal = {
  lineId: string;
  errors: Partial<Record<ReturnFormField | "form", string>>;
  /** What was typed, but never the account number: a refused form asks for it again. */
  values: Partial<Record<Exclude<ReturnFormField, "accountNumber" | "accountNumberAgain" | "photos" | "lineId">, string>>;
};

/** A refund as the order's pages show it. */
export type RefundView = {
  id: string;
  amountPaise: number;
  /** mismatched_payment: the refund of a payment for another amount or currency (stored as an extra payment's). */
  reason: "cancelled" | "return" | "late_payment" | "extra_payment" | "mismatched_payment";
  kind: "gateway" | "payout";
  /** processed: the money has gone; otherwise it is on its way. */
  done: boolean;
  /** The gateway refused it, or kept failing: it waits for an admin (with the gateway's last error). */
  failed: boolean;
  error: string | null;
  payoutReference: string | null;
  createdAt: string;
  updatedAt: string;
};

/** "Refunded ₹472.00" or "Refund of ₹472.00 on its way". */
export function refundLabel(refund: Pick<RefundView, "amountPaise" | "done">): string {
  return refund.done ? `Refunded ${formatPaiseExact(refund.amountPaise)}` : `Refund of ${formatPaiseExact(refund.amountPaise)} on its way`;
}

/** "2 × Neem oil". */
export const itemCount = (quantity: number, name: string) => `${quantity} × ${name}`;

import { isAwaitingPayment, isPrepaidMethod, type PaymentStatus, RECEIVED, type StrayPaymentReason } from "../../payments/domain/payments";
import { type OrderEventTime, type OrderStatus, reachedAt } from "./orders";

/**
 * What an order page says about one order, decided in one place so that its heading, its status
 * badge, its payment badge and its timeline never contradict each other (the customer's order page,
 * My Orders, the admin's and the vendor's views all draw from it).
 */
export type OrderFacts = {
  status: OrderStatus;
  /** The method's key: "card", "upi", "cod", "bank_transfer" or one the admin added. */
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  /** Everything received and refunded on the order, stray payments (late, second) counted in. */
  paidPaise: number;
  refundedPaise: number;
  /** Payments the order did not take; counted in paid/refunded once they are being refunded. */
  strays?: readonly { reason: StrayPaymentReason; state: string; amountPaise: number }[];
  events?: readonly OrderEventTime[];
};

export type OrderHeadline = "awaiting_payment" | "placed" | "confirmed" | "shipped" | "delivered" | "cancelled" | "refunded";

/**
 * The line under the status badge that says what the status means where the words could be read two
 * ways: a pending order whose timeline (spec §4) already ticks "Order Confirmed", or one waiting for
 * its payment.
 */
export type StatusNote = "pending_check" | "confirm_after_payment";

export type StepKey = "payment" | "confirmed" | "processing" | "shipped" | "delivered";
export type PictureStep = {
  key: StepKey;
  done: boolean;
  /** The first step not done: where the order is now. */
  current: boolean;
  /** When it happened (ISO, UTC), from the history; null while ahead or when unrecorded. */
  at: string | null;
};

export type OrderPicture = {
  headline: OrderHeadline;
  tone: "good" | "waiting" | "stopped";
  /** When the headline's event happened (delivered, cancelled, refunded), when the history has it. */
  headlineAt: string | null;
  note: StatusNote | null;
  orderBadge: OrderStatus;
  paymentBadge: PaymentStatus;
  /** The steps, in order; null for a cancelled order (the page says it was cancelled instead). */
  timeline: PictureStep[] | null;
};

/** Methods whose money comes before the order is confirmed: a gateway's (card, UPI) or a bank transfer. */
export const paysFirst = (method: string) => isPrepaidMethod(method) || method === "bank_transfer";

/** The order's own money, without the stray payments counted in (received and refunded alongside it). */
function ownMoney(facts: OrderFacts) {
  const strays = facts.strays ?? [];
  const counted = strays.filter((s) => s.state !== "waiting").reduce((n, s) => n + s.amountPaise, 0);
  const back = strays.filter((s) => s.state === "refunded").reduce((n, s) => n + s.amountPaise, 0);
  return { paid: Math.max(0, facts.paidPaise - counted), refunded: Math.max(0, facts.refundedPaise - back) };
}

/**
 * The payment badge. Money still expected on a cancelled order will never come ("Not paid", not
 * "Cash on delivery" or "Awaiting payment"), and a payment the order did not take (one that came
 * after it was cancelled, then went back) never makes it read "Paid".
 */
export function shownPaymentStatus(facts: OrderFacts): PaymentStatus {
  const { status, paymentStatus } = facts;
  if (
    status === "cancelled" &&
    (isAwaitingPayment(paymentStatus) || paymentStatus === "cod" || paymentStatus === "bank_transfer_pending")
  ) {
    return "voided";
  }
  const own = ownMoney(facts);
  if ((RECEIVED as readonly PaymentStatus[]).includes(paymentStatus) && own.paid === 0) {
    return facts.refundedPaise > 0 && facts.refundedPaise >= facts.paidPaise ? "refunded" : "voided";
  }
  return paymentStatus;
}

const RANK: Record<OrderStatus, number> = { pending: 0, confirmed: 1, shipped: 2, delivered: 3, cancelled: -1 };

/** How an order reads, from its status, payment method, payment status and refunds. */
export function describeOrder(facts: OrderFacts): OrderPicture {
  const events = facts.events ?? [];
  const { status } = facts;
  const paymentBadge = shownPaymentStatus(facts);
  const own = ownMoney(facts);
  const awaiting = status === "pending" && (isAwaitingPayment(facts.paymentStatus) || facts.paymentStatus === "bank_transfer_pending");
  const refunded = status !== "cancelled" && paymentBadge === "refunded" && own.paid > 0;

  const headline: OrderHeadline =
    status === "cancelled" ? "cancelled" : refunded ? "refunded" : awaiting ? "awaiting_payment" : status === "pending" ? "placed" : status;
  const headlineAt =
    headline === "cancelled" ? reachedAt(events, "cancelled") : headline === "delivered" ? reachedAt(events, "delivered") : null;
  const tone = headline === "cancelled" || headline === "refunded" ? "stopped" : awaiting ? "waiting" : "good";
  const note: StatusNote | null = awaiting ? "confirm_after_payment" : status === "pending" ? "pending_check" : null;
  return { headline, tone, headlineAt, note, orderBadge: status, paymentBadge, timeline: timeline(facts, awaiting, paymentBadge) };
}

function timeline(facts: OrderFacts, awaiting: boolean, payment: PaymentStatus): PictureStep[] | null {
  const { status } = facts;
  if (status === "cancelled") return null;
  const events = facts.events ?? [];
  const rank = RANK[status];
  const paidFirst = paysFirst(facts.paymentMethod);
  const paid = (RECEIVED as readonly PaymentStatus[]).includes(payment) || payment === "refunded";
  const confirmedAt = reachedAt(events, "confirmed");
  const steps: Omit<PictureStep, "current">[] = [];
  if (paidFirst) steps.push({ key: "payment", done: paid, at: paid ? confirmedAt : null });
  // Spec §4: "Order Confirmed" shows for every status. An order waiting for its payment is not confirmed
  // yet; a cash-on-delivery one is received at once (the note under its "Pending" badge says what that means).
  const confirmedDone = !awaiting;
  const confirmedStepAt = paidFirst ? confirmedAt : reachedAt(events, "pending");
  steps.push(
    { key: "confirmed", done: confirmedDone, at: confirmedDone ? confirmedStepAt : null },
    { key: "processing", done: rank >= 1, at: rank >= 1 ? confirmedAt : null },
    { key: "shipped", done: rank >= 2, at: rank >= 2 ? reachedAt(events, "shipped") : null },
    { key: "delivered", done: rank >= 3, at: rank >= 3 ? reachedAt(events, "delivered") : null },
  );
  const firstAhead = steps.findIndex((s) => !s.done);
  return steps.map((s, i) => ({ ...s, current: i === firstAhead }));
}

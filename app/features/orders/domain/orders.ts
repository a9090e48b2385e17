import { type Refusal, refusal } from "../../../platform/core/refusal";

export const ORDER_STATUSES = ["pending", "confirmed", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * An open unpaid order: placed (pending) or confirmed, and neither paid, cancelled nor delivered.
 * A paid order (payment_status paid or partly refunded, issue 15) leaves it: placeOrder counts these
 * statuses without those.
 */
export const OPEN_UNPAID_STATUSES = ["pending", "confirmed"] as const satisfies readonly OrderStatus[];
export const TOO_MANY_OPEN_ORDERS = (max: number) => refusal("checkout.open_orders", { max });

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** Spec §4: pending orange, confirmed green, shipped blue, delivered green. */
export const STATUS_STYLES: Record<OrderStatus, string> = {
  pending: "bg-orange-100 text-orange-800",
  confirmed: "bg-green-100 text-green-800",
  shipped: "bg-blue-100 text-blue-800",
  delivered: "bg-green-100 text-green-800",
  cancelled: "bg-stone-200 text-stone-700",
};

/**
 * The one table of order-status moves: pending → confirmed → shipped → delivered, and cancelling
 * any time before delivery. Delivered and cancelled are final. Only an admin moves an order today;
 * customers and vendors watch its timeline.
 */
export type OrderActor = "admin" | "vendor" | "customer";
const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["confirmed", "cancelled"],
  confirmed: ["shipped", "cancelled"],
  shipped: ["delivered", "cancelled"],
  delivered: [],
  cancelled: [],
};
const MAY_CHANGE_STATUS: Record<OrderActor, boolean> = { admin: true, vendor: false, customer: false };

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The statuses this actor may move an order in `from` to (empty when the status is final for them). */
export function nextStatuses(from: OrderStatus, actor: OrderActor = "admin"): readonly OrderStatus[] {
  return MAY_CHANGE_STATUS[actor] ? TRANSITIONS[from] : [];
}

export function canChangeStatus(from: OrderStatus, to: OrderStatus, actor: OrderActor = "admin") {
  return nextStatuses(from, actor).includes(to);
}

/** Why a move is refused; null when it is allowed. */
export function statusChangeRefusal(from: OrderStatus, to: OrderStatus, actor: OrderActor = "admin"): Refusal | null {
  if (!MAY_CHANGE_STATUS[actor]) return refusal("orders.admin_only");
  if (canChangeStatus(from, to, actor)) return null;
  return refusal("orders.status_move", { from, to });
}

export { paymentMethodLabel } from "../../payments/domain/payment-settings";

export type TimelineStep = {
  label: string;
  /** The spec's estimate ("1-2 days"), for a step still ahead. */
  when: string;
  done: boolean;
  /** When the step happened (ISO, UTC), from the order's history; null while ahead or when unrecorded. */
  at: string | null;
};

/** A move in the order's history (order_event), as the timeline reads it. */
export type OrderEventTime = { status: OrderStatus; createdAt: string };

/** When the order first reached this status, from its history; null if it never did. */
export function reachedAt(events: readonly OrderEventTime[], status: OrderStatus): string | null {
  let first: string | null = null;
  for (const e of events) if (e.status === status && (first === null || e.createdAt < first)) first = e.createdAt;
  return first;
}

/**
 * Spec §4: Order Confirmed for any status; Processing from confirmed; Shipped from shipped; Delivered
 * only when delivered. A step that has happened carries its date from the history (Order Confirmed:
 * when the order was placed); steps ahead keep the spec's estimates.
 */
export function orderTimeline(status: OrderStatus, events: readonly OrderEventTime[] = []): TimelineStep[] {
  const rank = { pending: 0, confirmed: 1, shipped: 2, delivered: 3, cancelled: -1 }[status];
  const step = (label: string, when: string, done: boolean, reached: OrderStatus): TimelineStep => ({
    label,
    when,
    done,
    at: done ? reachedAt(events, reached) : null,
  });
  return [
    step("Order Confirmed", "Today", status !== "cancelled", "pending"),
    step("Processing", "1-2 days", rank >= 1, "confirmed"),
    step("Shipped", "3-5 days", rank >= 2, "shipped"),
    step("Delivered", "5-7 days", rank >= 3, "delivered"),
  ];
}

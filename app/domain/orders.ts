export { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./cart-limits";

export const ORDER_STATUSES = ["pending", "confirmed", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

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

export { paymentMethodLabel } from "./payment-settings";

export type TimelineStep = { label: string; when: string; done: boolean };

/** Spec §4: Order Confirmed for any status; Processing from confirmed; Shipped from shipped; Delivered only when delivered. */
export function orderTimeline(status: OrderStatus): TimelineStep[] {
  const rank = { pending: 0, confirmed: 1, shipped: 2, delivered: 3, cancelled: -1 }[status];
  return [
    { label: "Order Confirmed", when: "Today", done: status !== "cancelled" },
    { label: "Processing", when: "1-2 days", done: rank >= 1 },
    { label: "Shipped", when: "3-5 days", done: rank >= 2 },
    { label: "Delivered", when: "5-7 days", done: rank >= 3 },
  ];
}

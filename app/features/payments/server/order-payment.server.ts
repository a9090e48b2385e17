import { getDb } from "~/platform/db/db.server";
import { type CustomerStrayPayment, isAwaitingPayment, type PaymentStatus } from "~/features/payments/domain/payments";
import { gatewayForMethod } from "~/features/settings/server/payment-settings.server";
import { listCustomerStrayPayments } from "./stray-payments.server";

export type OrderPayment = {
  status: PaymentStatus;
  method: string;
  totalPaise: number;
  paidPaise: number;
  refundedPaise: number;
  /** Until when a waiting order can be paid (ISO), else null. */
  dueAt: string | null;
  /** Whether the customer can pay (again) now, and through which gateway. */
  payWith: "razorpay" | "stripe" | null;
  /** Payments the order did not take (late, second, mismatched), counted in paidPaise/refundedPaise once refunded. */
  strays: CustomerStrayPayment[];
};

/** How one of this customer's orders stands for money; null when it is not theirs (its refunds: order-aftercare). */
export async function getOrderPayment(orderId: string, userId: string): Promise<OrderPayment | null> {
  const db = getDb();
  const order = await db
    .selectFrom("orders")
    .select(["status", "payment_status", "payment_method", "total_paise", "paid_paise", "refunded_paise", "payment_due_at"])
    .where("id", "=", orderId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!order) return null;
  const waiting = order.status === "pending" && isAwaitingPayment(order.payment_status);
  const open = waiting && (!order.payment_due_at || Date.parse(order.payment_due_at) > Date.now());
  return {
    status: order.payment_status,
    method: order.payment_method,
    totalPaise: Number(order.total_paise),
    paidPaise: Number(order.paid_paise),
    refundedPaise: Number(order.refunded_paise),
    dueAt: waiting ? order.payment_due_at : null,
    payWith: open ? await gatewayForMethod(order.payment_method) : null,
    strays: (await listCustomerStrayPayments([orderId])).get(orderId) ?? [],
  };
}

import { getDb } from "~/platform/db/db.server";
import type { BankTransferDetails } from "~/features/payments/domain/bank-transfer";
import type { OrderEventTime } from "~/features/orders/domain/orders";
import type { CustomerStrayPayment, PaymentStatus } from "~/features/payments/domain/payments";
import type { ShipmentView } from "~/features/orders/domain/shipments";
import { listCustomerStrayPayments } from "~/features/payments/server/stray-payments.server";
import { getBankTransferDetails } from "~/features/settings/server/payment-settings.server";
import { listShipments } from "./list-shipments.server";
import { currentLocale } from "~/platform/i18n/i18n.server";

/** What the customer follows of an order besides its lines: its history's dates, parcels and money. */
export type OrderProgress = {
  /** The method's key ("upi", "cod", …): with the statuses and money, what the page says (describeOrder). */
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  paidPaise: number;
  refundedPaise: number;
  /** The order's moves, oldest first (the timeline's dates). */
  events: OrderEventTime[];
  shipments: ShipmentView[];
  /** The store's account, while the order waits for the customer's bank transfer; else null. */
  bankTransfer: BankTransferDetails | null;
  /** While a pending order waits for its bank transfer: the end of the time to pay, after which it is cancelled. */
  transferDueAt: string | null;
  /** Payments the order did not take (late, second, mismatched), with whether each is refunded. */
  strays: CustomerStrayPayment[];
};

/**
 * The progress of this customer's orders, by order id (two or three queries, however many orders).
 * Another customer's order id is left out, as if it did not exist.
 */
export async function listOrderProgress(userId: string, orderIds: readonly string[]): Promise<Record<string, OrderProgress>> {
  if (orderIds.length === 0) return {};
  const db = getDb();
  const orders = await db
    .selectFrom("orders")
    .select(["id", "status", "payment_method", "payment_status", "paid_paise", "refunded_paise", "payment_due_at"])
    .where("user_id", "=", userId)
    .where("id", "in", [...orderIds])
    .execute();
  const ids = orders.map((o) => o.id);
  if (ids.length === 0) return {};
  // A cancelled order is not to be paid, even when its transfer was never recorded.
  const awaitsTransfer = (o: (typeof orders)[number]) => o.payment_status === "bank_transfer_pending" && o.status !== "cancelled";
  const waitingForTransfer = orders.some(awaitsTransfer);
  const [events, shipments, bank, strays] = await Promise.all([
    db.selectFrom("order_event").select(["order_id", "status", "created_at"]).where("order_id", "in", ids).orderBy("created_at").execute(),
    listShipments(ids, { locale: currentLocale() }),
    waitingForTransfer ? getBankTransferDetails() : Promise.resolve(null),
    listCustomerStrayPayments(ids),
  ]);
  return Object.fromEntries(
    orders.map((o) => [
      o.id,
      {
        paymentMethod: o.payment_method,
        paymentStatus: o.payment_status,
        paidPaise: Number(o.paid_paise),
        refundedPaise: Number(o.refunded_paise),
        events: events.filter((e) => e.order_id === o.id).map((e) => ({ status: e.status, createdAt: e.created_at })),
        shipments: shipments
          .filter((s) => s.orderId === o.id)
          .map(({ id, courier, tracking, shippedAt, items }) => ({ id, courier, tracking, shippedAt, items })),
        bankTransfer: awaitsTransfer(o) ? bank : null,
        transferDueAt: awaitsTransfer(o) && o.status === "pending" ? o.payment_due_at : null,
        strays: strays.get(o.id) ?? [],
      },
    ]),
  );
}

/** One of this customer's orders' progress, or null when the order is not theirs. */
export async function getOrderProgress(userId: string, orderId: string): Promise<OrderProgress | null> {
  return (await listOrderProgress(userId, [orderId]))[orderId] ?? null;
}

import { sql } from "kysely";
import { getDb } from "~/platform/db/db.server";
import { ORDER_STATUSES, type OrderStatus } from "~/features/orders/domain/orders";

/**
 * Real figures: products on sale, listings waiting for approval, orders, customers, sales received
 * (see salesReceived), and the latest orders.
 */
export async function getDashboard() {
  const db = getDb();
  const [products, pendingListings, customers, byStatus, latest, received] = await Promise.all([
    db
      .selectFrom("product")
      .where("status", "=", "live")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("product")
      .where("status", "=", "pending")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("user")
      .where("role", "=", "user")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .groupBy("status")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .execute(),
    db
      .selectFrom("orders")
      .select(["id", "customer_name", "status", "total_paise", "created_at"])
      .orderBy("created_at", "desc")
      .limit(8)
      .execute(),
    db.selectFrom("orders").select(salesReceived().as("paise")).executeTakeFirstOrThrow(),
  ]);
  const statusCounts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  let orders = 0;
  for (const row of byStatus) {
    statusCounts[row.status] = Number(row.n);
    orders += Number(row.n);
  }
  const sales = Number(received.paise ?? 0);
  return {
    products: Number(products.n),
    pendingListings: Number(pendingListings.n),
    customers: Number(customers.n),
    orders,
    sales,
    statusCounts,
    latest: latest.map((o) => ({
      id: o.id,
      customer: o.customer_name,
      status: o.status,
      total: Number(o.total_paise),
      createdAt: o.created_at,
    })),
  };
}

/**
 * Money received, net of refunds (issue 15): what was paid online or by a bank transfer an admin
 * recorded (paid − refunded), plus cash on delivery once delivered (the total, less any payout to the
 * customer). An order waiting for its payment, a failed payment and an order cancelled unpaid count
 * nothing. The admin's own offline methods are paid on delivery, like cash.
 */
export function salesReceived() {
  return sql<number>`coalesce(sum(case
    when payment_status in ('paid', 'partly_refunded', 'refunded') and paid_paise > 0 then paid_paise - refunded_paise
    when payment_status in ('cod', 'partly_refunded', 'refunded') and status = 'delivered' then total_paise - refunded_paise
    else 0 end), 0)`;
}

import { getDb } from "~/db/db.server";
import { ORDER_STATUSES, type OrderStatus } from "~/domain/orders";

/**
 * Real figures: products on sale, listings waiting for approval, orders, customers, sales
 * (non-cancelled totals), and the latest orders.
 */
export async function getDashboard() {
  const db = getDb();
  const [products, pendingListings, customers, byStatus, latest] = await Promise.all([
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
      .select(["status", (eb) => eb.fn.countAll<number>().as("n"), (eb) => eb.fn.sum<number>("total_paise").as("sales")])
      .execute(),
    db
      .selectFrom("orders")
      .select(["id", "customer_name", "status", "total_paise", "created_at"])
      .orderBy("created_at", "desc")
      .limit(8)
      .execute(),
  ]);
  const statusCounts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  let orders = 0;
  let sales = 0;
  for (const row of byStatus) {
    statusCounts[row.status] = Number(row.n);
    orders += Number(row.n);
    if (row.status !== "cancelled") sales += Number(row.sales ?? 0);
  }
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

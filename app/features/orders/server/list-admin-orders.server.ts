import { type Expression, sql, type SqlBool } from "kysely";
import { orderIdFromInput } from "~/platform/core/order-id";
import { getDb } from "~/platform/db/db.server";
import { shownContact } from "~/features/accounts/domain/contact";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import { containsInsensitive, containsPattern } from "~/platform/db/like.server";
import type { OrderStatus } from "~/features/orders/domain/orders";
import type { PageRequest } from "~/platform/core/pagination";

export const ADMIN_ORDERS_PAGE_SIZE = 50;

export type AdminOrderFilter = { status: OrderStatus | "all"; q: string };

/** Newest first; the id breaks ties between orders placed in the same millisecond. */
const NEWEST_FIRST: Keyset<{ created_at: string; id: string }> = {
  keys: [
    { ref: "orders.created_at", field: "created_at", kind: "string" },
    { ref: "orders.id", field: "id", kind: "string" },
  ],
  order: "desc",
};

/**
 * Matches an order by its id ("#abc…" too), the customer's name or email, or phone: the phone by
 * its digits, so "98765 43210", "9876543210" and "+91-98765-43210" all find "+91 98765 43210".
 */
export function orderSearch(q: string): Expression<SqlBool> {
  const text = q.trim().replace(/^#/, "");
  const digits = text.replace(/[\s()+-]/g, "");
  const phoneDigits = sql.ref("orders.customer_phone");
  const stripped = sql`replace(replace(replace(replace(replace(${phoneDigits}, ' ', ''), '-', ''), '+', ''), '(', ''), ')', '')`;
  const parts: Expression<SqlBool>[] = [
    // An id as read out or copied from an email: any case, with or without its dashes and spaces.
    containsInsensitive("orders.id", orderIdFromInput(text) || text),
    containsInsensitive("orders.customer_name", text),
    containsInsensitive("orders.customer_email", text),
  ];
  if (/^\d{3,}$/.test(digits)) parts.push(sql<SqlBool>`${stripped} like ${containsPattern(digits)} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** One page of orders for the admin list, filtered by status and search, with the true total. */
export async function listOrdersForAdmin(filter: AdminOrderFilter, page: PageRequest) {
  let query = getDb()
    .selectFrom("orders")
    .select([
      "id",
      "customer_name",
      "customer_email",
      "customer_phone",
      "status",
      "payment_method",
      "payment_status",
      "paid_paise",
      "refunded_paise",
      "total_paise",
      "created_at",
    ]);
  if (filter.status !== "all") query = query.where("status", "=", filter.status);
  if (filter.q.trim()) query = query.where(orderSearch(filter.q));
  const result = await paginate(query, NEWEST_FIRST, page, ADMIN_ORDERS_PAGE_SIZE);
  const rows = result.rows.map((o) => ({
    id: o.id,
    customerName: o.customer_name,
    // A mobile account's placeholder never leaves the server: "" when there is no real email.
    customerEmail: shownContact({ email: o.customer_email }).email ?? "",
    customerPhone: o.customer_phone,
    status: o.status,
    paymentMethod: o.payment_method,
    paymentStatus: o.payment_status,
    paidPaise: Number(o.paid_paise),
    refundedPaise: Number(o.refunded_paise),
    totalPaise: Number(o.total_paise),
    createdAt: o.created_at,
  }));
  return { ...result, rows };
}

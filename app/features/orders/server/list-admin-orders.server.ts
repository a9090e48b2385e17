import { type Expression, sql, type SqlBool } from "kysely";
import { orderIdFromInput } from "~/platform/core/order-id";
import { getDb } from "~/platform/db/db.server";
import { shownContact } from "~/features/accounts/domain/contact";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import { containsInsensitive, containsPattern } from "~/platform/db/like.server";
import type { OrderStatus } from "~/features/orders/domain/orders";
import type { PageRequest } from "~/platform/core/pagination";

export const ADMIN_ORDERS_PAGE_SIZE = 50;

/** Where an order came from: the store's own checkout and desks, or a buyer app on ONDC. */
export const ORDER_CHANNELS = ["all", "store", "ondc"] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const isOrderChannel = (value: unknown): value is OrderChannel => (ORDER_CHANNELS as readonly unknown[]).includes(value);

export type AdminOrderFilter = { status: OrderStatus | "all"; q: string; channel?: OrderChannel };

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

/**
 * One page of orders for the admin list, filtered by status, channel and search, with the true total.
 * An order a buyer app placed over ONDC has its ondc_order row (one at most: order_id is unique), so
 * one left join marks it with the buyer app's id without multiplying rows.
 */
export async function listOrdersForAdmin(filter: AdminOrderFilter, page: PageRequest) {
  let query = getDb()
    .selectFrom("orders")
    .leftJoin("ondc_order", "ondc_order.order_id", "orders.id")
    .select([
      "orders.id",
      "orders.customer_name",
      "orders.customer_email",
      "orders.customer_phone",
      "orders.status",
      "orders.payment_method",
      "orders.payment_status",
      "orders.paid_paise",
      "orders.refunded_paise",
      "orders.total_paise",
      "orders.created_at",
      "ondc_order.bap_id as ondc_bap_id",
    ]);
  if (filter.status !== "all") query = query.where("orders.status", "=", filter.status);
  if (filter.channel === "ondc") query = query.where("ondc_order.id", "is not", null);
  if (filter.channel === "store") query = query.where("ondc_order.id", "is", null);
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
    /** The buyer app's subscriber id when the order came over ONDC. */
    ondcBuyerApp: o.ondc_bap_id ?? null,
  }));
  return { ...result, rows };
}

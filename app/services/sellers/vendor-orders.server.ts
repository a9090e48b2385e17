import { sql } from "kysely";
import { getDatabase, getDb } from "~/db/db.server";

/**
 * Orders containing this vendor's products, with only the vendor's own lines and what fulfilment
 * needs of the customer (name, phone, shipping address) — no other items, totals or payment.
 */
export async function listVendorOrderLines(vendorId: string) {
  const rows = await getDb()
    .selectFrom("order_line")
    .innerJoin("orders", "orders.id", "order_line.order_id")
    .select([
      "orders.id as orderId",
      "orders.status",
      "orders.created_at as createdAt",
      "orders.customer_name as customerName",
      "orders.customer_phone as customerPhone",
      "orders.street",
      "orders.city",
      "orders.state",
      "orders.pincode",
      "order_line.name",
      "order_line.quantity",
      "order_line.unit_price_paise as unitPrice",
      "order_line.line_total_paise as lineTotal",
    ])
    .where("order_line.vendor_id", "=", vendorId)
    .orderBy("orders.created_at", "desc")
    .limit(500)
    .execute();
  const orders = new Map<
    string,
    {
      orderId: string;
      status: string;
      createdAt: string;
      customerName: string;
      customerPhone: string;
      address: string;
      lines: { name: string; quantity: number; unitPrice: number; lineTotal: number }[];
    }
  >();
  for (const r of rows) {
    let order = orders.get(r.orderId);
    if (!order) {
      order = {
        orderId: r.orderId,
        status: r.status,
        createdAt: r.createdAt,
        customerName: r.customerName,
        customerPhone: r.customerPhone,
        address: `${r.street}, ${r.city}, ${r.state} ${r.pincode}`,
        lines: [],
      };
      orders.set(r.orderId, order);
    }
    order.lines.push({ name: r.name, quantity: r.quantity, unitPrice: Number(r.unitPrice), lineTotal: Number(r.lineTotal) });
  }
  return [...orders.values()];
}

export async function countVendorStats(vendorId: string) {
  const db = getDb();
  const [products, orders] = await Promise.all([
    db
      .selectFrom("product")
      .where("vendor_id", "=", vendorId)
      .where("status", "!=", "archived")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("order_line")
      .where("vendor_id", "=", vendorId)
      .select(sql<number>`count(distinct order_id)`.as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { products: Number(products.n), orders: Number(orders.n) };
}

/**
 * The calendar month (YYYY-MM) in India of a stored UTC time: an order placed at 01:30 IST on
 * 1 April is April's, although UTC still says 31 March. India keeps +05:30 all year (no DST).
 */
function indiaMonth(column: "orders.created_at") {
  return getDatabase().engine === "postgres"
    ? sql<string>`to_char(${sql.ref(column)}::timestamptz at time zone 'Asia/Kolkata', 'YYYY-MM')`
    : sql<string>`strftime('%Y-%m', ${sql.ref(column)}, '+330 minutes')`;
}

/** Revenue and units from the vendor's own lines of non-cancelled orders, by month in India time. */
export async function vendorSalesByMonth(vendorId: string) {
  const month = indiaMonth("orders.created_at");
  const rows = await getDb()
    .selectFrom("order_line")
    .innerJoin("orders", "orders.id", "order_line.order_id")
    .where("order_line.vendor_id", "=", vendorId)
    .where("orders.status", "!=", "cancelled")
    .groupBy(month)
    .select([
      month.as("month"),
      (eb) => eb.fn.sum<number>("order_line.line_total_paise").as("revenue"),
      (eb) => eb.fn.sum<number>("order_line.quantity").as("units"),
    ])
    .orderBy(month)
    .execute();
  return rows.map((r) => ({ month: r.month, revenue: Number(r.revenue), units: Number(r.units) }));
}

import { sql } from "kysely";
import { shownContact } from "~/features/accounts/domain/contact";
import { lineName } from "~/features/catalog/domain/pack-label";
import { stateName } from "~/platform/core/indian-states-hi";
import { currentLocale } from "~/platform/i18n/i18n.server";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import { FIRST_PAGE, type PageRequest } from "~/platform/core/pagination";
import { listLineLots } from "~/features/lots/server/line-lots.server";

export const VENDOR_ORDERS_PAGE_SIZE = 20;

const NEWEST_FIRST: Keyset<{ orderId: string; createdAt: string }> = {
  keys: [
    { ref: "orders.created_at", field: "createdAt", kind: "string" },
    { ref: "orders.id", field: "orderId", kind: "string" },
  ],
  order: "desc",
};

/**
 * A page of the orders containing this vendor's products, newest first, with only the vendor's own
 * lines and what fulfilment needs of the customer (name, phone, shipping address) — no other items,
 * totals or payment. Pages count orders, not lines.
 */
export async function listVendorOrderLines(vendorId: string, request: PageRequest = FIRST_PAGE) {
  const db = getDb();
  const page = await paginate(
    db
      .selectFrom("orders")
      // An order a buyer app placed over ONDC (one ondc_order row at most per order) is marked on the vendor's list.
      .leftJoin("ondc_order", "ondc_order.order_id", "orders.id")
      .select([
        "ondc_order.bap_id as ondcBuyerApp",
        "orders.id as orderId",
        "orders.status",
        "orders.payment_status as paymentStatus",
        "orders.created_at as createdAt",
        "orders.customer_name as customerName",
        "orders.customer_phone as customerPhone",
        "orders.street",
        "orders.city",
        "orders.state",
        "orders.pincode",
      ])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("order_line")
            .select("order_line.id")
            .whereRef("order_line.order_id", "=", "orders.id")
            .where("order_line.vendor_id", "=", vendorId),
        ),
      ),
    NEWEST_FIRST,
    request,
    VENDOR_ORDERS_PAGE_SIZE,
  );
  const ids = page.rows.map((r) => r.orderId);
  const lines = ids.length
    ? await db
        .selectFrom("order_line")
        .select([
          "id",
          "order_id as orderId",
          "name",
          "name_hi",
          "variant_label",
          "sku",
          "quantity",
          "unit_price_paise as unitPrice",
          "line_total_paise as lineTotal",
          "shipment_id as shipmentId",
        ])
        .where("vendor_id", "=", vendorId)
        .where("order_id", "in", ids)
        .orderBy("name")
        .orderBy("id")
        .execute()
    : [];
  // Their own invoices and credit notes only: never the store's or another vendor's.
  const documents = ids.length
    ? await db
        .selectFrom("tax_document")
        .select(["id", "order_id", "kind", "number"])
        .where("seller", "=", vendorId)
        .where("order_id", "in", ids)
        .orderBy("issued_at")
        .orderBy("number")
        .execute()
    : [];
  const lots = await listLineLots(
    db,
    lines.map((l) => l.id),
  );
  // The vendor area is in English and Hindi: lines and States in the page's language.
  const locale = currentLocale();
  const rows = page.rows.map((r) => ({
    documents: documents.filter((d) => d.order_id === r.orderId).map(({ id, kind, number }) => ({ id, kind, number })),
    orderId: r.orderId,
    ondc: r.ondcBuyerApp !== null,
    status: r.status,
    paymentStatus: r.paymentStatus,
    createdAt: r.createdAt,
    customerName: shownContact({ name: r.customerName, phone: r.customerPhone }).label,
    customerPhone: shownContact({ phone: r.customerPhone }).phone ?? "",
    address: `${r.street}, ${r.city}, ${stateName(r.state, locale)} ${r.pincode}`,
    lines: lines
      .filter((l) => l.orderId === r.orderId)
      .map((l) => ({
        id: l.id,
        name: lineName({ name: l.name, nameHi: l.name_hi, variantLabel: l.variant_label }, locale),
        sku: l.sku,
        quantity: l.quantity,
        unitPrice: Number(l.unitPrice),
        lineTotal: Number(l.lineTotal),
        shipmentId: l.shipmentId,
        lots: lots.get(l.id) ?? [],
      })),
  }));
  return { ...page, rows };
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

/**
 * Revenue and units from the vendor's own lines of orders whose money was received, by month in India
 * time (the rule of the admin's sales figure, issue 15): paid online or by a recorded bank transfer,
 * or cash on delivery once delivered; never a cancelled order. Items returned with a refund come off
 * their line, in proportion.
 */
export async function vendorSalesByMonth(vendorId: string) {
  const month = indiaMonth("orders.created_at");
  const kept = sql<number>`order_line.quantity - coalesce(returned.quantity, 0)`;
  const rows = await getDb()
    .selectFrom("order_line")
    .innerJoin("orders", "orders.id", "order_line.order_id")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("return_request")
          .select(["order_line_id", (r) => r.fn.sum<number>("quantity").as("quantity")])
          .where("status", "=", "approved")
          .groupBy("order_line_id")
          .as("returned"),
      (join) => join.onRef("returned.order_line_id", "=", "order_line.id"),
    )
    .where("order_line.vendor_id", "=", vendorId)
    .where("orders.status", "!=", "cancelled")
    .where((eb) =>
      eb.or([
        eb.and([eb("orders.payment_status", "in", ["paid", "partly_refunded"]), eb("orders.paid_paise", ">", 0)]),
        eb.and([eb("orders.payment_status", "in", ["cod", "partly_refunded", "refunded"]), eb("orders.status", "=", "delivered")]),
      ]),
    )
    .groupBy(month)
    .select([
      month.as("month"),
      sql<number>`sum(order_line.line_total_paise * (${kept}) / order_line.quantity)`.as("revenue"),
      sql<number>`sum(${kept})`.as("units"),
    ])
    .orderBy(month)
    .execute();
  return rows.map((r) => ({ month: r.month, revenue: Number(r.revenue), units: Number(r.units) }));
}

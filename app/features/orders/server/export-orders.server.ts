import { getDb } from "~/platform/db/db.server";
import { shownContact } from "~/features/accounts/domain/contact";
import { type Keyset, walkKeyset } from "~/platform/db/keyset.server";
import { CSV_BOM } from "~/platform/core/csv";
import { csvRow } from "~/platform/csv.server";
import { formatIstDateTime, type OrderExportRange, paiseToRupeeText } from "~/features/orders/domain/order-export";
import { paymentMethodLabel, STATUS_LABELS } from "~/features/orders/domain/orders";
import { PAYMENT_STATUS_LABELS } from "~/features/payments/domain/payments";

export const ORDER_EXPORT_HEADER = [
  "Order ID",
  "Placed (IST)",
  "Status",
  "Payment",
  "Payment status",
  "Customer",
  "Email",
  "Phone",
  "Street",
  "City",
  "State",
  "Pincode",
  "Items",
  "Subtotal (₹)",
  "Shipping (₹)",
  "GST (₹)",
  "Total (₹)",
];

const OLDEST_FIRST: Keyset<{ created_at: string; id: string }> = {
  keys: [
    { ref: "orders.created_at", field: "created_at", kind: "string" },
    { ref: "orders.id", field: "id", kind: "string" },
  ],
  order: "asc",
};

/**
 * The orders placed in the range as CSV, one row per order, oldest first. Streamed a batch at a
 * time, so a year of orders never sits in memory at once.
 */
export function exportOrdersCsv(range: OrderExportRange): ReadableStream<Uint8Array> {
  const query = getDb()
    .selectFrom("orders")
    .select((eb) => [
      "orders.id",
      "orders.created_at",
      "orders.status",
      "orders.payment_method",
      "orders.payment_status",
      "orders.customer_name",
      "orders.customer_email",
      "orders.customer_phone",
      "orders.street",
      "orders.city",
      "orders.state",
      "orders.pincode",
      "orders.subtotal_paise",
      "orders.shipping_paise",
      "orders.tax_paise",
      "orders.total_paise",
      eb
        .selectFrom("order_line")
        .whereRef("order_line.order_id", "=", "orders.id")
        .select((s) => s.fn.sum<number>("order_line.quantity").as("n"))
        .as("items"),
    ])
    .where("orders.created_at", ">=", range.startIso)
    .where("orders.created_at", "<", range.endIso);
  const batches = walkKeyset(query, OLDEST_FIRST);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(ORDER_EXPORT_HEADER)));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      let chunk = "";
      for (const o of next.value) {
        chunk += csvRow([
          o.id,
          formatIstDateTime(o.created_at),
          STATUS_LABELS[o.status],
          paymentMethodLabel(o.payment_method),
          PAYMENT_STATUS_LABELS[o.payment_status],
          o.customer_name,
          shownContact({ email: o.customer_email }).email ?? "",
          o.customer_phone,
          o.street,
          o.city,
          o.state,
          o.pincode,
          Number(o.items ?? 0),
          paiseToRupeeText(Number(o.subtotal_paise)),
          paiseToRupeeText(Number(o.shipping_paise)),
          paiseToRupeeText(Number(o.tax_paise)),
          paiseToRupeeText(Number(o.total_paise)),
        ]);
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

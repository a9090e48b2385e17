import type { Db } from "~/platform/db/db.server";
import { orderShipmentEmail, paymentReceivedEmail } from "~/features/messaging/domain/emails/fulfilment-messages";
import { listShipments } from "~/features/orders/server/list-shipments.server";
import { enqueueEmail } from "~/features/messaging/server/enqueue.server";
import type { EmailContext } from "./email-context.server";

/**
 * Queues the customer's email about one parcel of an order whose other items are still to ship, in
 * the transaction that records it. (The parcel that completes the order sends the "shipped" status
 * email instead, listing every parcel.)
 */
export async function queueShipmentEmail(trx: Db, ctx: EmailContext, orderId: string, shipmentId: string, remaining: number) {
  const order = await trx
    .selectFrom("orders")
    .select(["id", "customer_name", "customer_email", "locale"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const shipment = (await listShipments([orderId], { db: trx, locale: order.locale })).find((s) => s.id === shipmentId);
  if (!shipment) return;
  const email = orderShipmentEmail(ctx.store, { id: order.id, customerName: order.customer_name, shipment, remaining }, order.locale);
  await enqueueEmail(trx, "order-shipment", `order-shipment:${shipmentId}`, { to: order.customer_email, ...email });
}

/** Queues the customer's receipt for a bank transfer an admin recorded, in that transaction. */
export async function queuePaymentReceivedEmail(trx: Db, ctx: EmailContext, orderId: string, confirmed: boolean) {
  const order = await trx
    .selectFrom("orders")
    .select(["id", "customer_name", "customer_email", "paid_paise", "payment_reference", "locale"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const email = paymentReceivedEmail(
    ctx.store,
    {
      id: order.id,
      customerName: order.customer_name,
      amount: Number(order.paid_paise),
      reference: order.payment_reference ?? "",
      confirmed,
    },
    order.locale,
  );
  await enqueueEmail(trx, "payment-received", `payment-received:${order.id}`, { to: order.customer_email, ...email });
}

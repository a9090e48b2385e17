import type { Db } from "~/platform/db/db.server";
import { lineName } from "~/features/catalog/domain/pack-label";
import {
  adminNewOrderEmail,
  emailPaymentLabel,
  orderPlacedEmail,
  orderStatusEmail,
  vendorOrderEmail,
} from "~/features/messaging/domain/emails/messages";
import type { OrderStatus } from "~/features/orders/domain/orders";
import { paymentMethodLabel } from "~/features/payments/domain/payment-settings";
import { enqueueEmail } from "~/features/messaging/server/enqueue.server";
import type { EmailContext } from "./email-context.server";
import { queueOrderSms } from "./queue-order-sms.server";
import { listShipments } from "~/features/orders/server/list-shipments.server";

/**
 * Queues, in the order's own transaction, the emails a new order sends: the customer's
 * confirmation, the admin's notification (when General Settings has an address) and one email to
 * each vendor with products in it, showing only that vendor's lines. The customer's is in the
 * order's language, each vendor's in theirs, the admin's in English (like the admin panel).
 */
export async function queueOrderPlacedEmails(trx: Db, ctx: EmailContext, orderId: string) {
  const order = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  const rows = await trx.selectFrom("order_line").selectAll().where("order_id", "=", orderId).orderBy("name").orderBy("id").execute();
  // Each reader's lines in their language: a Hindi email names a line by its Hindi name and size.
  const linesIn = (locale: string) =>
    rows.map((l) => ({
      vendorId: l.vendor_id,
      name: lineName({ name: l.name, nameHi: l.name_hi, variantLabel: l.variant_label }, locale),
      quantity: Number(l.quantity),
      unitPrice: Number(l.unit_price_paise),
      lineTotal: Number(l.line_total_paise),
      tax: Number(l.cgst_paise) + Number(l.sgst_paise) + Number(l.igst_paise),
    }));
  const lines = linesIn("en");
  const data = {
    id: order.id,
    createdAt: order.created_at,
    customerName: order.customer_name,
    customerEmail: order.customer_email,
    customerPhone: order.customer_phone,
    address: { street: order.street, city: order.city, state: order.state, pincode: order.pincode },
    lines,
    subtotal: Number(order.subtotal_paise),
    tax: Number(order.tax_paise),
    total: Number(order.total_paise),
    paymentLabel: paymentMethodLabel(order.payment_method, ctx.paymentNames),
    taxMode: order.tax_mode,
    ...(ctx.priceDisplay === "inclusive"
      ? {
          inclusive: {
            shippingTax: Number(order.shipping_cgst_paise) + Number(order.shipping_sgst_paise) + Number(order.shipping_igst_paise),
          },
        }
      : {}),
    gst: {
      cgst: rows.reduce((s, l) => s + Number(l.cgst_paise), Number(order.shipping_cgst_paise)),
      sgst: rows.reduce((s, l) => s + Number(l.sgst_paise), Number(order.shipping_sgst_paise)),
      igst: rows.reduce((s, l) => s + Number(l.igst_paise), Number(order.shipping_igst_paise)),
    },
  };
  // A bank transfer order carries the store's account until the transfer is recorded (issue 15).
  const bankTransfer = order.payment_status === "bank_transfer_pending" ? ctx.bankTransfer : null;
  const transferDueAt = order.payment_status === "bank_transfer_pending" ? order.payment_due_at : null;
  await enqueueEmail(trx, "order-placed", `order-placed:${order.id}`, {
    to: order.customer_email,
    ...orderPlacedEmail(
      ctx.store,
      {
        ...data,
        lines: linesIn(order.locale),
        paymentLabel: emailPaymentLabel(
          order.payment_method,
          paymentMethodLabel(order.payment_method, order.locale === "hi" ? (ctx.paymentNamesHi ?? ctx.paymentNames) : ctx.paymentNames),
          order.locale,
        ),
        bankTransfer,
        transferDueAt,
      },
      order.locale,
    ),
  });
  await queueOrderSms(trx, ctx, order.id, "pending");
  if (ctx.adminEmail) {
    await enqueueEmail(trx, "admin-new-order", `admin-new-order:${order.id}`, {
      to: ctx.adminEmail,
      ...adminNewOrderEmail(ctx.store, data),
    });
  }
  const vendorIds = [...new Set(lines.flatMap((l) => (l.vendorId ? [l.vendorId] : [])))].sort();
  if (vendorIds.length === 0) return;
  const vendors = await trx.selectFrom("user").select(["id", "email", "locale"]).where("id", "in", vendorIds).execute();
  for (const vendor of vendors) {
    const locale = vendor.locale ?? "en";
    const email = vendorOrderEmail(ctx.store, { ...data, lines: linesIn(locale).filter((l) => l.vendorId === vendor.id) }, locale);
    await enqueueEmail(trx, "vendor-new-order", `vendor-new-order:${order.id}:${vendor.id}`, { to: vendor.email, ...email });
  }
}

/** Queues the customer's email for a status change, in the transaction that makes it. */
export async function queueOrderStatusEmail(trx: Db, ctx: EmailContext, orderId: string, status: OrderStatus) {
  const order = await trx
    .selectFrom("orders")
    .select(["id", "customer_name", "customer_email", "locale"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const shipments = status === "shipped" ? await listShipments([orderId], { db: trx, locale: order.locale }) : [];
  const email = orderStatusEmail(ctx.store, { id: order.id, customerName: order.customer_name, status, shipments }, order.locale);
  await enqueueEmail(trx, "order-status", `order-status:${order.id}:${status}`, { to: order.customer_email, ...email });
  await queueOrderSms(trx, ctx, order.id, status);
}

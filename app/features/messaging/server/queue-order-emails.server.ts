import { withKitName } from "~/features/kits/domain/kit-line-name";
import type { Selectable } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
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
import { emailOutboxRow, enqueueEmail, type OutboxRow } from "~/features/messaging/server/enqueue.server";
import type { EmailContext } from "./email-context.server";
import { orderSmsRow, queueOrderSms } from "./queue-order-sms.server";
import { listShipments } from "~/features/orders/server/list-shipments.server";

type OrderRow = Selectable<Database["orders"]>;
type LineRow = Selectable<Database["order_line"]>;

/** What the emails of a new order say of it: the order and its lines as placeOrder writes them. */
export type PlacedOrder = {
  order: Pick<
    OrderRow,
    | "id"
    | "locale"
    | "created_at"
    | "customer_name"
    | "customer_email"
    | "customer_phone"
    | "street"
    | "city"
    | "state"
    | "pincode"
    | "subtotal_paise"
    | "tax_paise"
    | "total_paise"
    | "payment_method"
    | "payment_status"
    | "payment_due_at"
    | "tax_mode"
    | "shipping_cgst_paise"
    | "shipping_sgst_paise"
    | "shipping_igst_paise"
  > &
    Partial<Pick<OrderRow, "offers">>;
  lines: readonly (Pick<
    LineRow,
    | "id"
    | "vendor_id"
    | "name"
    | "name_hi"
    | "variant_label"
    | "quantity"
    | "unit_price_paise"
    | "line_total_paise"
    | "cgst_paise"
    | "sgst_paise"
    | "igst_paise"
  > &
    Partial<Pick<LineRow, "discount_paise" | "kit_name" | "kit_name_hi">>)[];
  /** Where the customer's SMS goes (smsRecipientOf), or null: none. */
  sms: { id: string; locale: OrderRow["locale"]; to: string } | null;
};

/**
 * The messages a new order sends, for its own transaction to write (insertOutboxRows): the
 * customer's confirmation and SMS, the admin's notification (when General Settings has an address)
 * and one email to each vendor with products in it, showing only that vendor's lines. The
 * customer's is in the order's language, each vendor's in theirs, the admin's in English (like the
 * admin panel). Made from what placeOrder wrote, not read back (docs/decisions/043-orders-under-a-rush.md).
 */
export async function orderPlacedMessages(trx: Db, ctx: EmailContext, placed: PlacedOrder): Promise<OutboxRow[]> {
  const { order } = placed;
  // By name, then id (as the order's pages list them), the same on either engine.
  const rows = [...placed.lines].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const messages: (OutboxRow | null)[] = [];
  // Each reader's lines in their language: a Hindi email names a line by its Hindi name and size.
  const linesIn = (locale: string) =>
    rows.map((l) => ({
      vendorId: l.vendor_id,
      name: withKitName(lineName({ name: l.name, nameHi: l.name_hi, variantLabel: l.variant_label }, locale), l, locale),
      quantity: Number(l.quantity),
      unitPrice: Number(l.unit_price_paise),
      // After its discount (issue 31): its taxable value, so the lines add up to the subtotal.
      lineTotal: Number(l.line_total_paise) - Number(l.discount_paise ?? 0),
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
    offers: emailOffers(order.offers),
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
  messages.push(
    await emailOutboxRow(trx, "order-placed", `order-placed:${order.id}`, {
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
    }),
  );
  if (placed.sms) messages.push(orderSmsRow(ctx, placed.sms, "pending"));
  if (ctx.adminEmail) {
    messages.push(
      await emailOutboxRow(trx, "admin-new-order", `admin-new-order:${order.id}`, {
        to: ctx.adminEmail,
        ...adminNewOrderEmail(ctx.store, data),
      }),
    );
  }
  const vendorIds = [...new Set(lines.flatMap((l) => (l.vendorId ? [l.vendorId] : [])))].sort();
  const vendors =
    vendorIds.length > 0 ? await trx.selectFrom("user").select(["id", "email", "locale"]).where("id", "in", vendorIds).execute() : [];
  for (const vendor of vendors) {
    const locale = vendor.locale ?? "en";
    const email = vendorOrderEmail(ctx.store, { ...data, lines: linesIn(locale).filter((l) => l.vendorId === vendor.id) }, locale);
    messages.push(
      await emailOutboxRow(trx, "vendor-new-order", `vendor-new-order:${order.id}:${vendor.id}`, { to: vendor.email, ...email }),
    );
  }
  return messages.filter((m) => m !== null);
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

/** An order's stored discounts (orders.offers, issue 31) as its emails show them. */
function emailOffers(
  json: string | undefined,
): { name: string; nameHi: string | null; paise: number; withGstPaise: number; freeShipping: boolean }[] {
  try {
    const parsed = JSON.parse(json ?? "[]") as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((o: { name?: unknown; nameHi?: unknown; paise?: unknown; withGstPaise?: unknown; freeShipping?: unknown }) =>
      typeof o?.name === "string"
        ? [
            {
              name: o.name,
              nameHi: typeof o.nameHi === "string" ? o.nameHi : null,
              paise: Number(o.paise) || 0,
              withGstPaise: typeof o.withGstPaise === "number" ? o.withGstPaise : Number(o.paise) || 0,
              freeShipping: o.freeShipping === true,
            },
          ]
        : [],
    );
  } catch {
    return [];
  }
}

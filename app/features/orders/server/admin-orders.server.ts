import { withKitName } from "~/features/kits/domain/kit-line-name";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { shownOffers } from "./get-customer-order.server";
import { priceListNames } from "~/features/price-lists/server/member-prices.server";
import { sizeName } from "~/features/catalog/domain/variants";
import { type Db, getDb } from "~/platform/db/db.server";
import { shownContact } from "~/features/accounts/domain/contact";
import { isOrderStatus, nextStatuses, type OrderStatus, statusChangeRefusal } from "~/features/orders/domain/orders";
import { isId, newId } from "~/platform/ids";
import { type EmailContext, getEmailContext } from "~/features/messaging/server/email-context.server";
import { isAwaitingPayment } from "~/features/payments/domain/payments";
import { queueOrderStatusEmail } from "~/features/messaging/server/queue-order-emails.server";
import { issueInvoices } from "~/features/tax/server/issue-documents.server";
import { CancelRefused, cancelOrder } from "./cancel-order.server";
import { listOrderDocuments } from "~/features/tax/server/documents.server";
import { describeFulfilment } from "./describe-fulfilment.server";
import { listShipments } from "./list-shipments.server";
import { refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import { listLineLots } from "~/features/lots/server/line-lots.server";

/** A status change the admin may not make, in the admin panel's English. */
export class StatusRefused extends Error {}

export async function getOrderForAdmin(id: string) {
  if (!isId(id)) return null;
  const db = getDb();
  const order = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  if (!order) return null;
  const [lines, events, documents, shipments, placer] = await Promise.all([
    db.selectFrom("order_line").selectAll().where("order_id", "=", id).orderBy("name").execute(),
    db.selectFrom("order_event").selectAll().where("order_id", "=", id).orderBy("created_at").execute(),
    listOrderDocuments(id),
    listShipments([id]),
    // A phone order's member of staff (docs/decisions/062-assisted-orders.md); an account removed since reads as such.
    order.placed_by ? db.selectFrom("user").select(["name", "role"]).where("id", "=", order.placed_by).executeTakeFirst() : undefined,
  ]);
  const fulfilment = await describeFulfilment(lines, shipments);
  const lots = await listLineLots(
    db,
    lines.map((l) => l.id),
  );
  // The customer group's price list that priced a line (decision 054); a list removed since is named by its id.
  const lists = await priceListNames(
    db,
    lines.map((l) => l.price_list_id),
  );
  return {
    id: order.id,
    status: order.status,
    paymentMethod: order.payment_method,
    customerName: order.customer_name,
    // A mobile account's placeholder never leaves the server: "" when there is no real email.
    customerEmail: shownContact({ email: order.customer_email }).email ?? "",
    customerPhone: order.customer_phone,
    /** Who placed it for the customer (a phone order), or null for the customer's own. */
    placedBy: order.placed_by ? (placer?.name ?? "a former member of staff") : null,
    /** How: by the store's phone desk (a member of staff), or by a field agent (a customer's account, docs/decisions/065-field-agents.md). */
    placedAs: placer?.role === "user" ? ("field agent" as const) : ("phone order" as const),
    // Invoiced to a registered business (docs/decisions/051-business-buyers.md), or null.
    business: order.buyer_gstin ? { legalName: order.buyer_legal_name ?? order.customer_name, gstin: order.buyer_gstin } : null,
    address: { street: order.street, city: order.city, state: order.state, pincode: order.pincode },
    subtotalPaise: Number(order.subtotal_paise),
    /** Issue 31: the discounts in the subtotal (it is after them), each offer's name and what it saved. */
    discountPaise: Number(order.discount_paise),
    offers: shownOffers(order.offers, "en"),
    shippingPaise: Number(order.shipping_paise),
    taxPaise: Number(order.tax_paise),
    totalPaise: Number(order.total_paise),
    createdAt: order.created_at,
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.product_id,
      name: withKitName(sizeName(l.name, l.variant_label), l, "en"),
      sku: l.sku,
      image: l.image,
      unitPricePaise: Number(l.unit_price_paise),
      quantity: Number(l.quantity),
      lineTotalPaise: Number(l.line_total_paise),
      priceList: l.price_list_id ? (lists.get(l.price_list_id) ?? l.price_list_id) : null,
      lots: lots.get(l.id) ?? [],
    })),
    events: events.map((e) => ({ id: e.id, status: e.status, note: e.note, createdAt: e.created_at })),
    next: nextStatuses(order.status, "admin"),
    documents,
    // Issue 15: how the money stands, and the parcels.
    payment: {
      status: order.payment_status,
      paidPaise: Number(order.paid_paise),
      refundedPaise: Number(order.refunded_paise),
      paidAt: order.paid_at,
      reference: order.payment_reference,
      dueAt: order.payment_due_at,
    },
    ...fulfilment,
  };
}

export const SHIP_WITH_TRACKING = "To mark the order shipped, enter the courier and the tracking number or link.";
export const UNPAID_REFUSAL = english(refusal("orders.awaiting_payment"));

/**
 * Moves an order to its next status, recording who did it. Cancelling is cancelOrder's (stock back,
 * credit notes and refund in one transaction); shipping needs the courier and tracking, so it goes
 * through shipOrder (ship-order.server.ts). The status check is part of the update, so two admins
 * cannot both move it. `within`: the caller's transaction (a bank transfer marked paid confirms its
 * order in it).
 */
export async function changeOrderStatus(
  orderId: string,
  to: OrderStatus,
  actorId: string,
  note?: string,
  options: { within?: { trx: Db; emails: EmailContext }; payoutReference?: string } = {},
) {
  if (!isOrderStatus(to)) throw new StatusRefused("Unknown status.");
  if (!isId(orderId)) throw new StatusRefused("That order no longer exists.");
  if (to === "shipped") throw new StatusRefused(SHIP_WITH_TRACKING);
  // Cancelling has one path for everyone (stock, credit notes, refund, email): cancel-order.server.ts.
  if (to === "cancelled") {
    await cancelOrder({ orderId, actor: { role: "admin", id: actorId }, note, payoutReference: options.payoutReference }).catch(
      (error: unknown) => {
        throw error instanceof CancelRefused ? new StatusRefused(error.message) : error;
      },
    );
    return;
  }
  const { within } = options;
  const emails = within?.emails ?? (await getEmailContext());
  await databaseOf(within)
    .transaction()
    .execute(async (trx) => {
      const order = await trx.selectFrom("orders").select(["id", "status", "payment_status"]).where("id", "=", orderId).executeTakeFirst();
      if (!order) throw new StatusRefused("That order no longer exists.");
      const refused = statusChangeRefusal(order.status, to, "admin");
      if (refused) throw new StatusRefused(english(refused));
      // A card or UPI order is confirmed by its payment (cancelling it is cancelOrder's).
      if (isAwaitingPayment(order.payment_status)) throw new StatusRefused(UNPAID_REFUSAL);
      const now = new Date().toISOString();
      const moved = await trx
        .updateTable("orders")
        .set({ status: to, updated_at: now })
        .where("id", "=", orderId)
        .where("status", "=", order.status)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new StatusRefused("The order changed meanwhile; reload and try again.");
      // A confirmed order is a supply: its tax invoices are issued with the confirmation.
      if (to === "confirmed") await issueInvoices(trx, orderId, new Date(now));
      await trx
        .insertInto("order_event")
        .values({ id: newId(), order_id: orderId, status: to, note: note?.slice(0, 500) || null, actor_id: actorId, created_at: now })
        .execute();
      await recordAudit(trx, {
        kind: "order.status",
        object: { type: "order", id: orderId },
        before: { status: order.status },
        after: { status: to },
        reason: note,
      });
      await queueOrderStatusEmail(trx, emails, orderId, to);
    });
}

type Transactional = { transaction(): { execute<T>(work: (trx: Db) => Promise<T>): Promise<T> } };

/** The database to open a transaction on, or the caller's open one (the work runs in it, not nested). */
function databaseOf(within?: { trx: Db }): Transactional {
  if (!within) return getDb();
  return { transaction: () => ({ execute: (work) => work(within.trx) }) };
}

import { getDb } from "~/platform/db/db.server";
import { returnRequestedEmail } from "~/features/messaging/domain/emails/return-messages";
import {
  isReturnWindowOpen,
  itemCount,
  lastReturnDay,
  RETURN_ALREADY_REQUESTED,
  RETURN_LINE_MISSING,
  RETURN_NOT_DELIVERED,
  type ReturnFormLine,
  returnedAmounts,
  returnQuantityTooHigh,
  returnWindowClosed,
} from "~/features/orders/domain/returns";
import type { ReturnRequestInput } from "~/features/orders/domain/return-forms";
import { lineName } from "~/features/catalog/domain/pack-label";
import { sizeName } from "~/features/catalog/domain/variants";
import { currentLocale } from "~/platform/i18n/i18n.server";
import { isId, newId } from "~/platform/ids";
import { RefusalError, type Refusal, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { enqueueEmail } from "~/features/messaging/server/enqueue.server";
import { isPrepaidMethod, ONDC_PREPAID } from "~/features/payments/domain/payments";
import { payoutHint } from "~/features/orders/domain/return-refund";
import { seal } from "~/platform/secret-box.server";
import { listOrderReturns } from "./list-returns.server";
import { deliveredAt } from "./order-aftercare.server";

/** A return the store will not take: the status its page answers, and the form field it is about. */
export class ReturnRefused extends RefusalError {
  declare readonly status: 400 | 403 | 404 | 409;
  constructor(
    refused: Refusal,
    status: 400 | 403 | 404 | 409 = 409,
    readonly field?: "quantity" | "reason" | "lineId" | "payoutReference" | "note" | "refundTo" | "restock",
  ) {
    super(refused, { status, english: english(refused) });
  }
}

export const RETURN_ORDER_MISSING = refusal("orders.order_missing");

const amountsOf = (l: { quantity: number; taxable_paise: number; cgst_paise: number; sgst_paise: number; igst_paise: number }) => ({
  quantity: Number(l.quantity),
  taxable: Number(l.taxable_paise),
  cgst: Number(l.cgst_paise),
  sgst: Number(l.sgst_paise),
  igst: Number(l.igst_paise),
});

export type ReturnForm = {
  orderId: string;
  /** Why no return can be asked for now (not delivered, window closed), or null. */
  refusal: Refusal | null;
  lastReturnDay: string | null;
  /** Not paid online: the refund is a payout, so the form asks where to send it. */
  needsPayout: boolean;
  lines: ReturnFormLine[];
};

/** The return page of one of this customer's orders; null when it is not theirs (or does not exist). */
export async function getReturnForm(userId: string, orderId: string, now: Date = new Date()): Promise<ReturnForm | null> {
  if (!isId(orderId)) return null;
  const db = getDb();
  const order = await db
    .selectFrom("orders")
    .select(["id", "status", "payment_method"])
    .where("id", "=", orderId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!order) return null;
  const [lines, at, requests] = await Promise.all([
    db.selectFrom("order_line").selectAll().where("order_id", "=", orderId).orderBy("name").orderBy("id").execute(),
    deliveredAt(db, [orderId]),
    listOrderReturns(orderId),
  ]);
  const delivered = order.status === "delivered" ? at.get(orderId) : undefined;
  const lastDay = delivered ? lastReturnDay(delivered) : null;
  const refused = !delivered || !lastDay ? RETURN_NOT_DELIVERED : isReturnWindowOpen(delivered, now) ? null : returnWindowClosed(lastDay);
  return {
    orderId,
    refusal: refused,
    lastReturnDay: lastDay,
    needsPayout: !isPrepaidMethod(order.payment_method),
    lines: lines.map((l) => {
      const request = requests.find((r) => r.lineId === l.id);
      return {
        id: l.id,
        name: lineName({ name: l.name, nameHi: l.name_hi, variantLabel: l.variant_label }, currentLocale()),
        image: l.image,
        quantity: Number(l.quantity),
        fullRefundPaise: returnedAmounts(amountsOf(l), Number(l.quantity)).total,
        request: request ? (({ needsPayout: _, ...r }) => r)(request) : null,
      };
    }),
  };
}

/**
 * A customer asks to return (part of) one line of their delivered order, within RETURN_WINDOW_DAYS
 * of its delivery (India dates). One request per line: the unique line id settles a race. Its
 * amount is fixed now: the line's price with GST for the quantity, rounded down (no shipping). The
 * line's seller (its vendor, or the store's admin address) is told by email. An order not paid online
 * is refunded by a payout, so its return must say where to (a UPI ID or a bank account): sealed at
 * rest, shown masked to all but the admin who pays, never in an event, an email or a log.
 * `photos` are images already stored (the page's adapter validated and re-encoded them).
 */
export async function requestReturn(
  customer: { id: string; name: string },
  orderId: string,
  input: ReturnRequestInput,
  now: Date = new Date(),
  photos: readonly string[] = [],
): Promise<{ returnId: string; amountPaise: number }> {
  if (!isId(orderId)) throw new ReturnRefused(RETURN_ORDER_MISSING, 404);
  const emails = await getEmailContext();
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const order = await trx
        .selectFrom("orders")
        .select(["id", "status", "customer_name", "payment_method"])
        .where("id", "=", orderId)
        .where("user_id", "=", customer.id)
        .executeTakeFirst();
      if (!order) throw new ReturnRefused(RETURN_ORDER_MISSING, 404);
      const delivered = order.status === "delivered" ? (await deliveredAt(trx, [orderId])).get(orderId) : undefined;
      if (!delivered) throw new ReturnRefused(RETURN_NOT_DELIVERED, 409);
      if (!isReturnWindowOpen(delivered, now)) throw new ReturnRefused(returnWindowClosed(lastReturnDay(delivered)), 409);
      const line = isId(input.lineId)
        ? await trx.selectFrom("order_line").selectAll().where("id", "=", input.lineId).where("order_id", "=", orderId).executeTakeFirst()
        : undefined;
      if (!line) throw new ReturnRefused(RETURN_LINE_MISSING, 400, "lineId");
      if (input.quantity > Number(line.quantity)) throw new ReturnRefused(returnQuantityTooHigh(Number(line.quantity)), 400, "quantity");
      const amountPaise = returnedAmounts(amountsOf(line), input.quantity).total;
      if (amountPaise <= 0) throw new ReturnRefused(refusal("orders.free_item"), 409);
      // An ONDC order its buyer app collected is refunded by that buyer app (docs/decisions/075-ondc-orders.md): no payout details.
      const refundedAtSource = isPrepaidMethod(order.payment_method) || order.payment_method === ONDC_PREPAID;
      const payout = refundedAtSource ? null : input.payout;
      if (!refundedAtSource && !payout) throw new ReturnRefused(refusal("orders.refund_to"), 400, "refundTo");

      const returnId = newId();
      const at = now.toISOString();
      const inserted = await trx
        .insertInto("return_request")
        .values({
          id: returnId,
          order_id: orderId,
          order_line_id: line.id,
          vendor_id: line.vendor_id,
          quantity: input.quantity,
          reason: input.reason,
          reason_code: input.reasonCode,
          photos: JSON.stringify(photos),
          payout_to: payout?.to ?? null,
          payout_details: payout ? seal(JSON.stringify(payout)) : null,
          payout_hint: payout ? payoutHint(payout) : null,
          amount_paise: amountPaise,
          status: "requested",
          decided_by: null,
          decided_at: null,
          decision_note: null,
          refund_id: null,
          created_at: at,
        })
        .onConflict((oc) => oc.column("order_line_id").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw new ReturnRefused(RETURN_ALREADY_REQUESTED, 409);
      const item = sizeName(line.name, line.variant_label);
      await trx
        .insertInto("order_event")
        .values({
          id: newId(),
          order_id: orderId,
          status: order.status,
          note: `Return requested: ${itemCount(input.quantity, item)}`,
          actor_id: customer.id,
          created_at: at,
        })
        .execute();

      // The seller hears of it: a vendor at their account's address, the store at the admin's.
      const vendor = line.vendor_id
        ? await trx.selectFrom("user").select(["email", "locale"]).where("id", "=", line.vendor_id).executeTakeFirst()
        : undefined;
      const to = line.vendor_id ? vendor?.email : emails.adminEmail;
      if (to) {
        const email = returnRequestedEmail(
          emails.store,
          {
            orderId,
            customerName: order.customer_name,
            item,
            quantity: input.quantity,
            reason: input.reason,
            amountPaise,
            path: line.vendor_id ? "/vendor-login/orders" : `/admin/orders/${orderId}`,
          },
          vendor?.locale ?? "en",
        ); // the vendor's language; the admin's address is written to in English
        await enqueueEmail(trx, "return-requested", `return-requested:${returnId}`, { to, ...email });
      }
      return { returnId, amountPaise };
    });
}

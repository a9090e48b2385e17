import { getDb } from "~/platform/db/db.server";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { orderCancelledEmail } from "~/features/messaging/domain/emails/return-messages";
import { formatPaiseExact } from "~/platform/core/money";
import {
  type CancelActor,
  CANCEL_CHANGED,
  cancelRefundPaise,
  cancelRefusal,
  PAYOUT_REFERENCE_REQUIRED,
  paymentStatusAfterCancel,
  refundNeedsPayout,
} from "~/features/orders/domain/returns";
import { isId, newId } from "~/platform/ids";
import { RefusalError, type Refusal, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import { log } from "~/platform/log.server";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { queueOrderSms } from "~/features/messaging/server/queue-order-sms.server";
import { enqueueEmail } from "~/features/messaging/server/enqueue.server";
import { createRefund, RefundRefused, sendRefund } from "~/features/payments/server/refunds.server";
import { issueCreditNotes } from "~/features/tax/server/issue-documents.server";
import { restoreOrderStock } from "./restore-stock.server";

/** A cancel the store will not make, with the status its page answers and the field it is about. */
export class CancelRefused extends RefusalError {
  declare readonly status: 400 | 404 | 409;
  constructor(
    refused: Refusal,
    status: 400 | 404 | 409 = 409,
    readonly field?: "payoutReference",
  ) {
    super(refused, { status, english: english(refused) });
  }
}

export const ORDER_GONE = refusal("orders.order_gone");

export type CancelRequest = {
  orderId: string;
  /** A customer may cancel only their own order (another's reads as not found). */
  actor: { role: CancelActor; id: string };
  /** The admin's note, kept with the event. */
  note?: string;
  /** An admin cancelling a paid order not paid online: the reference of the UPI or bank payout they sent. */
  payoutReference?: string;
};

export type CancelOutcome = { refundPaise: number; refundKind: "gateway" | "payout" | null };

/**
 * The one way an order is cancelled (docs/decisions/024-cancellations-and-returns.md). In one
 * transaction: the status moves by a guarded update (it must still be what was read, payment
 * included, so of two racing cancels one wins and the other is refused); the stock goes back; each
 * invoice gets its credit note; an unpaid prepaid order is voided and a paid one gets the refund of
 * everything received (its idem key "cancel:<order>" makes a second impossible); the event and the
 * customer's email are written. After the commit a gateway refund is sent.
 */
export async function cancelOrder(request: CancelRequest): Promise<CancelOutcome> {
  const { orderId, actor } = request;
  if (!isId(orderId)) throw new CancelRefused(ORDER_GONE, 404);
  const emails = await getEmailContext();
  const result = await getDb()
    .transaction()
    .execute(async (trx) => {
      let query = trx
        .selectFrom("orders")
        .select([
          "id",
          "status",
          "payment_method",
          "payment_status",
          "paid_paise",
          "refunded_paise",
          "customer_name",
          "customer_email",
          "locale",
        ])
        .where("id", "=", orderId);
      if (actor.role === "customer") query = query.where("user_id", "=", actor.id);
      const order = await query.executeTakeFirst();
      if (!order) throw new CancelRefused(ORDER_GONE, 404);
      const money = { status: order.status, paymentMethod: order.payment_method, paymentStatus: order.payment_status };
      const refused = cancelRefusal(money, actor.role);
      if (refused) throw new CancelRefused(refused, 409);
      const [paid, refunded] = [Number(order.paid_paise), Number(order.refunded_paise)];
      const refundPaise = cancelRefundPaise({ paymentStatus: order.payment_status, paidPaise: paid, refundedPaise: refunded });
      const payout = refundPaise > 0 && refundNeedsPayout(money);
      if (payout && !request.payoutReference) throw new CancelRefused(PAYOUT_REFERENCE_REQUIRED, 400, "payoutReference");

      const now = new Date().toISOString();
      const moved = await trx
        .updateTable("orders")
        .set({ status: "cancelled", payment_status: paymentStatusAfterCancel(order.payment_status), updated_at: now })
        .where("id", "=", orderId)
        .where("status", "=", order.status)
        .where("payment_status", "=", order.payment_status)
        .where("paid_paise", "=", paid)
        .where("refunded_paise", "=", refunded)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new CancelRefused(CANCEL_CHANGED, 409);
      await restoreOrderStock(trx, orderId, now);
      // An invoiced order is credited in full (issue 14): its credit notes are part of the cancel.
      await issueCreditNotes(trx, orderId, new Date(now));
      const invoiced = await trx
        .selectFrom("tax_document")
        .select("id")
        .where("order_id", "=", orderId)
        .where("kind", "=", "invoice")
        .executeTakeFirst();

      const refund =
        refundPaise > 0
          ? await createRefund(trx, {
              orderId,
              amountPaise: refundPaise,
              reason: "cancelled",
              idemKey: `cancel:${orderId}`,
              actorId: actor.id,
              ...(payout ? { payoutReference: request.payoutReference } : {}),
            }).catch((error: unknown) => {
              if (error instanceof RefundRefused) throw new CancelRefused(error.refusal, 409);
              throw error;
            })
          : null;

      const by = actor.role === "customer" ? "Cancelled by the customer" : `Cancelled by ${emails.store.name}`;
      const refundNote = refund
        ? refund.kind === "payout"
          ? `${formatPaiseExact(refundPaise)} refunded (reference ${request.payoutReference})`
          : `${formatPaiseExact(refundPaise)} being refunded to the original payment method`
        : "";
      const note = [by, refundNote, request.note?.trim() ?? ""].filter(Boolean).join(". ").slice(0, 500);
      await trx
        .insertInto("order_event")
        .values({ id: newId(), order_id: orderId, status: "cancelled", note, actor_id: actor.id, created_at: now })
        .execute();
      // A customer's own cancel is not a change by staff; an admin's or a vendor's is.
      if (actor.role !== "customer") {
        await recordAudit(trx, {
          kind: "order.cancel",
          object: { type: "order", id: orderId },
          before: { status: order.status, payment_status: order.payment_status, refunded_paise: refunded },
          after: {
            status: "cancelled",
            payment_status: paymentStatusAfterCancel(order.payment_status),
            refunded_paise: refunded + (refund ? refundPaise : 0),
          },
          reason: request.note,
        });
      }
      const email = orderCancelledEmail(
        emails.store,
        {
          id: orderId,
          customerName: order.customer_name,
          byCustomer: actor.role === "customer",
          refund: refund ? { amountPaise: refundPaise, kind: refund.kind, payoutReference: request.payoutReference ?? null } : null,
          invoiced: invoiced !== undefined,
        },
        order.locale,
      );
      await enqueueEmail(trx, "order-status", `order-status:${orderId}:cancelled`, { to: order.customer_email, ...email });
      await queueOrderSms(trx, emails, orderId, "cancelled");
      return { refundPaise: refund ? refundPaise : 0, refund };
    });
  if (result.refund?.kind === "gateway") await sendAfterCommit(result.refund.refundId);
  return { refundPaise: result.refundPaise, refundKind: result.refund?.kind ?? null };
}

/**
 * Sends a gateway refund once the transaction that wrote it has committed. sendRefund does not
 * throw for a gateway failure (the refund stays pending and the payment sweep retries); anything
 * else it throws must not turn a done cancel or approval into an error page, so it is logged.
 */
export async function sendAfterCommit(refundId: string) {
  try {
    await sendRefund(refundId);
  } catch (error) {
    log.error({ err: error, refundId }, "sending a refund failed; the payment sweep will retry it");
  }
}

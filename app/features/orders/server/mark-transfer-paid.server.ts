import { getDb } from "~/platform/db/db.server";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { MarkTransferPaidSchema } from "~/features/payments/domain/bank-transfer";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { PAYMENT_STATUS_LABELS } from "~/features/payments/domain/payments";
import { isId, newId } from "~/platform/ids";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { queuePaymentReceivedEmail } from "~/features/messaging/server/queue-fulfilment-emails.server";
import { changeOrderStatus, StatusRefused } from "./admin-orders.server";

/** Why recording a transfer was refused; `status` is the HTTP answer. */
export class TransferRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 409,
  ) {
    super(message);
  }
}

/**
 * An admin records a customer's bank transfer (issue 15): the order is paid in full (paid_paise =
 * total, paid_at, the UTR as payment_reference), a pending order is confirmed in the same
 * transaction by the same path as the admin's status change (so its tax invoices are issued), the
 * history records it and the customer gets a receipt. Only an order waiting for a bank transfer can
 * be marked paid, once: the update is guarded on that status. Past its deadline, too, as long as the
 * payment sweep has not cancelled it yet (the money is there); once cancelled, never: its stock may
 * be sold again, so the money goes back to the customer instead.
 */
export async function markTransferPaid(input: { orderId: string; reference: string; actorId: string }): Promise<{ confirmed: boolean }> {
  const parsed = MarkTransferPaidSchema.safeParse({ reference: input.reference });
  if (!parsed.success) throw new TransferRefused(firstError(fieldErrors(parsed.error)), 400);
  const { reference } = parsed.data;
  if (!isId(input.orderId)) throw new TransferRefused("That order no longer exists.", 404);
  const orderId = input.orderId;
  const emails = await getEmailContext();
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const order = await trx
        .selectFrom("orders")
        .select(["id", "status", "payment_status", "total_paise"])
        .where("id", "=", orderId)
        .executeTakeFirst();
      if (!order) throw new TransferRefused("That order no longer exists.", 404);
      if (order.payment_status === "paid") throw new TransferRefused("This order is already marked paid.");
      if (order.status === "cancelled")
        throw new TransferRefused("This order was cancelled: record the money as a refund to the customer instead.");
      if (order.payment_status !== "bank_transfer_pending") {
        throw new TransferRefused(
          `Only an order waiting for a bank transfer can be marked paid; this one is "${PAYMENT_STATUS_LABELS[order.payment_status]}".`,
        );
      }
      const now = new Date().toISOString();
      const paid = await trx
        .updateTable("orders")
        .set({
          payment_status: "paid",
          paid_paise: Number(order.total_paise),
          paid_at: now,
          payment_reference: reference,
          payment_due_at: null,
          updated_at: now,
        })
        .where("id", "=", orderId)
        .where("payment_status", "=", "bank_transfer_pending")
        .where("status", "=", order.status)
        .executeTakeFirst();
      if (Number(paid.numUpdatedRows) !== 1) throw new TransferRefused("The order changed meanwhile; reload and try again.");
      await recordAudit(trx, {
        kind: "order.mark_paid",
        object: { type: "order", id: orderId },
        before: { payment_status: order.payment_status },
        after: { payment_status: "paid", paid_paise: Number(order.total_paise), payment_reference: reference },
      });
      const note = `Bank transfer received, reference ${reference}`;
      const confirm = order.status === "pending";
      if (confirm) {
        try {
          await changeOrderStatus(orderId, "confirmed", input.actorId, note, { within: { trx, emails } });
        } catch (error) {
          if (error instanceof StatusRefused) throw new TransferRefused(error.message);
          throw error;
        }
      } else {
        // Paid after the order moved on: the history says so under the status it has.
        await trx
          .insertInto("order_event")
          .values({ id: newId(), order_id: orderId, status: order.status, note, actor_id: input.actorId, created_at: now })
          .execute();
      }
      await queuePaymentReceivedEmail(trx, emails, orderId, confirm);
      return { confirmed: confirm };
    });
}

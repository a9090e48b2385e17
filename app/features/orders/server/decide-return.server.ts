import { type Db, getDb } from "~/platform/db/db.server";
import { returnApprovedEmail, returnRejectedEmail } from "~/features/messaging/domain/emails/return-messages";
import { formatPaiseExact } from "~/platform/core/money";
import { isPrepaidMethod } from "~/features/payments/domain/payments";
import { itemCount, PAYOUT_REFERENCE_REQUIRED, RETURN_ALREADY_DECIDED, RETURN_MISSING } from "~/features/orders/domain/returns";
import { STORE_SELLER } from "~/features/tax/domain/tax-documents";
import { lineName } from "~/features/catalog/domain/pack-label";
import { sizeName } from "~/features/catalog/domain/variants";
import { isId, newId } from "~/platform/ids";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { sendAfterCommit } from "~/features/orders/server/cancel-order.server";
import { enqueueEmail } from "~/features/messaging/server/enqueue.server";
import { createRefund, RefundRefused } from "~/features/payments/server/refunds.server";
import { issueReturnCreditNote } from "~/features/tax/server/issue-documents.server";
import { isRestockQuantity, nextReturnStage, returnStage } from "~/features/orders/domain/return-refund";
import { refusal } from "~/platform/core/refusal";
import { queueRefundSms } from "~/features/messaging/server/queue-refund-sms.server";
import { ReturnRefused } from "./request-return.server";
import { restockReturnedLine } from "./restore-stock.server";
import { recordAudit } from "~/features/audit/server/record-audit.server";

/** Who decides: an admin (any return), or a vendor (only returns of their own lines: another's reads as not found). */
export type ReturnDecider = { role: "admin" | "vendor"; id: string };

/** The returned item as the customer's email names it: in the order's language (its Hindi name and pack on a Hindi order). */
const customerItem = (r: { name: string; name_hi: string | null; variant_label: string; locale: string }) =>
  lineName({ name: r.name, nameHi: r.name_hi, variantLabel: r.variant_label }, r.locale);

/** The return with its line and order, as its decider may see it; a vendor's query carries their id. */
async function findReturn(trx: Db, returnId: string, decider: ReturnDecider) {
  if (!isId(returnId)) return undefined;
  let query = trx
    .selectFrom("return_request")
    .innerJoin("order_line", "order_line.id", "return_request.order_line_id")
    .innerJoin("orders", "orders.id", "return_request.order_id")
    .select([
      "return_request.id",
      "return_request.order_id",
      "return_request.order_line_id",
      "return_request.vendor_id",
      "return_request.quantity",
      "return_request.amount_paise",
      "return_request.status",
      "return_request.received_at",
      "order_line.name",
      "order_line.name_hi",
      "order_line.product_id",
      "order_line.variant_id",
      "order_line.variant_label",
      "orders.status as order_status",
      "orders.payment_method",
      "orders.customer_name",
      "orders.customer_email",
      "orders.locale",
    ])
    .where("return_request.id", "=", returnId);
  if (decider.role === "vendor") query = query.where("return_request.vendor_id", "=", decider.id);
  return query.executeTakeFirst();
}

/**
 * Moves a request from "requested" to its decision: a refund only once the goods are back, a
 * rejection only before. The status and the receipt are in the where, so of two deciders only one
 * moves it.
 */
async function decide(
  trx: Db,
  returnId: string,
  decider: ReturnDecider,
  set: { status: "approved" | "rejected"; decision_note: string | null },
) {
  const moved = await trx
    .updateTable("return_request")
    .set({ ...set, decided_by: decider.id, decided_at: new Date().toISOString() })
    .where("id", "=", returnId)
    .where("status", "=", "requested")
    .where("received_at", set.status === "approved" ? "is not" : "is", null)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw new ReturnRefused(RETURN_ALREADY_DECIDED, 409);
}

/** Why this return cannot take this step now, or nothing: decided already, or not at that step. */
function refuseStep(
  r: { status: "requested" | "approved" | "rejected"; received_at: string | null },
  event: "receive" | "refund" | "reject",
) {
  const stage = returnStage({ status: r.status, receivedAt: r.received_at });
  if (nextReturnStage(stage, event)) return;
  if (stage === "refunded" || stage === "rejected") throw new ReturnRefused(RETURN_ALREADY_DECIDED, 409);
  if (event === "refund") throw new ReturnRefused(refusal("orders.return_not_received"), 409);
  throw new ReturnRefused(refusal("orders.return_step"), 409);
}

type ReceiveOutcome = { restocked: number };

/**
 * Records that the goods of a return came back, before any refund: by an admin (any return) or the
 * line's vendor (their own). `restock` of them (0 to all returned: only what can be sold again) go
 * back into the size's stock in the same transaction, with the order's event. A second receipt, or
 * one of a decided return, is refused and changes nothing.
 */
export async function receiveReturn(request: { returnId: string; decider: ReturnDecider; restock: number }): Promise<ReceiveOutcome> {
  const { returnId, decider } = request;
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const r = await findReturn(trx, returnId, decider);
      if (!r) throw new ReturnRefused(RETURN_MISSING, 404);
      refuseStep(r, "receive");
      const quantity = Number(r.quantity);
      if (!isRestockQuantity(request.restock, quantity)) throw new ReturnRefused(refusal("orders.restock_quantity"), 400, "restock");
      const now = new Date().toISOString();
      const moved = await trx
        .updateTable("return_request")
        .set({ received_at: now, received_by: decider.id, restocked_quantity: request.restock })
        .where("id", "=", r.id)
        .where("status", "=", "requested")
        .where("received_at", "is", null)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new ReturnRefused(refusal("orders.return_step"), 409);
      const restocked = await restockReturnedLine(trx, r, request.restock, now);
      if (restocked !== request.restock) {
        await trx.updateTable("return_request").set({ restocked_quantity: restocked }).where("id", "=", r.id).execute();
      }
      await recordAudit(trx, {
        kind: "return.receive",
        object: { type: "order", id: r.order_id },
        before: { return: r.id, received: false },
        after: { return: r.id, received: true, restocked },
      });
      const item = sizeName(r.name, r.variant_label);
      await trx
        .insertInto("order_event")
        .values({
          id: newId(),
          order_id: r.order_id,
          status: r.order_status,
          note: `Return received: ${itemCount(quantity, item)}, ${restocked} back in stock`,
          actor_id: decider.id,
          created_at: now,
        })
        .execute();
      return { restocked };
    });
}

export type ApproveOutcome = { refundPaise: number; refundKind: "gateway" | "payout"; creditNote: string | null };

/**
 * Refunds a return whose goods came back (receiveReturn). In one transaction: the guarded move to
 * "approved" (two refunds cannot both happen), the refund (a gateway refund for an order paid online,
 * idem key "return:<id>"; else the UPI or bank payout an admin sent to the details the customer gave,
 * whose reference (UTR) they must give: a vendor never sees those details, so cannot record one), a
 * credit note for the returned quantity when the order was invoiced, the order's event, and the
 * customer's email and SMS in the order's language. After the commit, a gateway refund is sent.
 */
export async function approveReturn(request: {
  returnId: string;
  decider: ReturnDecider;
  payoutReference?: string;
}): Promise<ApproveOutcome> {
  const { returnId, decider } = request;
  const emails = await getEmailContext();
  const outcome = await getDb()
    .transaction()
    .execute(async (trx) => {
      const r = await findReturn(trx, returnId, decider);
      if (!r) throw new ReturnRefused(RETURN_MISSING, 404);
      refuseStep(r, "refund");
      const payout = !isPrepaidMethod(r.payment_method);
      if (payout && decider.role !== "admin") throw new ReturnRefused(refusal("orders.refund_by_admin"), 403);
      if (payout && !request.payoutReference) throw new ReturnRefused(PAYOUT_REFERENCE_REQUIRED, 400, "payoutReference");
      await decide(trx, r.id, decider, { status: "approved", decision_note: null });
      const amountPaise = Number(r.amount_paise);
      const refund = await createRefund(trx, {
        orderId: r.order_id,
        amountPaise,
        reason: "return",
        idemKey: `return:${r.id}`,
        actorId: decider.id,
        ...(payout ? { payoutReference: request.payoutReference } : {}),
      }).catch((error: unknown) => {
        if (error instanceof RefundRefused) throw new ReturnRefused(error.refusal, 409);
        throw error;
      });
      await trx.updateTable("return_request").set({ refund_id: refund.refundId }).where("id", "=", r.id).execute();
      await recordAudit(trx, {
        kind: "return.approve",
        object: { type: "order", id: r.order_id },
        before: { return: r.id, status: "requested" },
        after: { return: r.id, status: "approved", refund_paise: amountPaise, payout_reference: request.payoutReference ?? null },
      });
      const quantity = Number(r.quantity);
      const creditNote = await issueReturnCreditNote(trx, r.order_id, r.vendor_id ?? STORE_SELLER, [
        { orderLineId: r.order_line_id, quantity },
      ]);
      const item = sizeName(r.name, r.variant_label);
      const refunded = `${formatPaiseExact(amountPaise)} ${refund.kind === "payout" ? `refunded (reference ${request.payoutReference})` : "being refunded"}`;
      await trx
        .insertInto("order_event")
        .values({
          id: newId(),
          order_id: r.order_id,
          status: r.order_status,
          note: `Return approved: ${itemCount(quantity, item)}, ${refunded}${creditNote ? `; credit note ${creditNote.number}` : ""}`,
          actor_id: decider.id,
          created_at: new Date().toISOString(),
        })
        .execute();
      const email = returnApprovedEmail(
        emails.store,
        {
          orderId: r.order_id,
          customerName: r.customer_name,
          item: customerItem(r),
          quantity,
          refund: { amountPaise, kind: refund.kind, payoutReference: request.payoutReference ?? null },
          creditNote: creditNote?.number ?? null,
        },
        r.locale,
      );
      await enqueueEmail(trx, "return-decided", `return-decided:${r.id}`, { to: r.customer_email, ...email });
      await queueRefundSms(trx, emails, {
        orderId: r.order_id,
        key: `return:${r.id}`,
        amountPaise,
        reference: payout ? (request.payoutReference ?? null) : null,
      });
      return { refundId: refund.refundId, refundPaise: amountPaise, refundKind: refund.kind, creditNote: creditNote?.number ?? null };
    });
  if (outcome.refundKind === "gateway") await sendAfterCommit(outcome.refundId);
  return { refundPaise: outcome.refundPaise, refundKind: outcome.refundKind, creditNote: outcome.creditNote };
}

/** Rejects a return with the note the customer is emailed (the decision is guarded like an approval). */
export async function rejectReturn(request: { returnId: string; decider: ReturnDecider; note: string }): Promise<void> {
  const { returnId, decider, note } = request;
  const emails = await getEmailContext();
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const r = await findReturn(trx, returnId, decider);
      if (!r) throw new ReturnRefused(RETURN_MISSING, 404);
      refuseStep(r, "reject");
      await decide(trx, r.id, decider, { status: "rejected", decision_note: note });
      await recordAudit(trx, {
        kind: "return.reject",
        object: { type: "order", id: r.order_id },
        before: { return: r.id, status: "requested" },
        after: { return: r.id, status: "rejected" },
        reason: note,
      });
      const quantity = Number(r.quantity);
      const item = sizeName(r.name, r.variant_label);
      await trx
        .insertInto("order_event")
        .values({
          id: newId(),
          order_id: r.order_id,
          status: r.order_status,
          note: `Return rejected: ${itemCount(quantity, item)}. ${note}`.slice(0, 500),
          actor_id: decider.id,
          created_at: new Date().toISOString(),
        })
        .execute();
      const email = returnRejectedEmail(
        emails.store,
        { orderId: r.order_id, customerName: r.customer_name, item: customerItem(r), quantity, note },
        r.locale,
      );
      await enqueueEmail(trx, "return-decided", `return-decided:${r.id}`, { to: r.customer_email, ...email });
    });
}

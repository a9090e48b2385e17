import { getDb } from "~/platform/db/db.server";
import { CancelRefused, cancelOrder } from "~/features/orders/server/cancel-order.server";
import { ONDC_PREPAID } from "~/features/payments/domain/payments";
import { type BecknError, ONDC_ERRORS } from "~/features/ondc/domain/beckn";
import type { OndcOrderRow, StoreOrderView } from "./ondc-orders.server";

/**
 * The buyer's cancel through the store's one way of cancelling (cancelOrder, as its customer): until
 * it ships; the stock goes back, an invoice gets its credit note. Cash on delivery has nothing to
 * refund. An `ondc_prepaid` order's money is with the buyer app, which refunds the buyer and keeps it
 * out of what it settles with the store: recorded as the order's refund, a payout whose reference names
 * the transaction, so the store's money adds up (docs/decisions/075-ondc-orders.md). The transaction is
 * marked cancelled, and as told: on_cancel says it, so no on_status follows for it.
 */
export async function cancelOndcOrder(
  row: OndcOrderRow,
  order: StoreOrderView,
  reasonId: string,
): Promise<{ kind: "cancelled" } | { kind: "refused"; error: BecknError }> {
  const placed = await getDb().selectFrom("orders").select(["user_id", "payment_method"]).where("id", "=", order.id).executeTakeFirst();
  if (!placed?.user_id) return { kind: "refused", error: ONDC_ERRORS.orderNotFound };
  try {
    await cancelOrder({
      orderId: order.id,
      actor: { role: "customer", id: placed.user_id },
      note: `Cancelled on ONDC by the buyer app (reason ${reasonId})`,
      ...(placed.payment_method === ONDC_PREPAID ? { payoutReference: `ondc/${row.id}` } : {}),
    });
  } catch (error) {
    if (error instanceof CancelRefused)
      return { kind: "refused", error: { ...ONDC_ERRORS.cancellationNotPossible, message: error.message } };
    throw error;
  }
  await getDb()
    .updateTable("ondc_order")
    .set({ state: "cancelled", last_status_sent: "cancelled", updated_at: new Date().toISOString() })
    .where("id", "=", row.id)
    .execute();
  return { kind: "cancelled" };
}

import { getDb } from "~/platform/db/db.server";
import { RETURN_REASON_MAX, RETURN_REASON_MIN } from "~/features/orders/domain/returns";
import type { ReturnReasonCode } from "~/features/orders/domain/return-refund";
import { ReturnRefused, requestReturn } from "~/features/orders/server/request-return.server";

/**
 * A buyer app's return of an item of a delivered order, as the customer's own return request
 * (requestReturn): the line is the order's line of that pack size. Its refund is decided and paid as
 * any return's; an `ondc_prepaid` order's through the buyer app (docs/decisions/075-ondc-orders.md).
 */
export async function requestOndcReturn(
  orderId: string,
  ask: { itemId: string; quantity: number; reasonCode: ReturnReasonCode; reason: string },
): Promise<{ kind: "requested"; returnId: string } | { kind: "refused"; message: string }> {
  const db = getDb();
  const order = await db.selectFrom("orders").select(["user_id", "customer_name"]).where("id", "=", orderId).executeTakeFirst();
  const line = await db
    .selectFrom("order_line")
    .select("id")
    .where("order_id", "=", orderId)
    .where("variant_id", "=", ask.itemId)
    .executeTakeFirst();
  if (!order?.user_id || !line) return { kind: "refused", message: "No such item in the order" };
  const reason = ask.reason.padEnd(RETURN_REASON_MIN, ".").slice(0, RETURN_REASON_MAX);
  try {
    const made = await requestReturn({ id: order.user_id, name: order.customer_name }, orderId, {
      lineId: line.id,
      quantity: ask.quantity,
      reasonCode: ask.reasonCode,
      reason,
      payout: null,
    });
    return { kind: "requested", returnId: made.returnId };
  } catch (error) {
    if (error instanceof ReturnRefused) return { kind: "refused", message: error.message };
    throw error;
  }
}

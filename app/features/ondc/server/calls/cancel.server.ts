import { z } from "zod";
import { defineCall } from "./call";
import { ONDC_ERRORS } from "~/features/ondc/domain/beckn";
import { BUYER_CANCEL_REASONS } from "~/features/ondc/domain/order-object";
import { cancelOndcOrder } from "../cancel-ondc-order.server";
import { orderNow, readOrderOfCall } from "../ondc-orders.server";

const CancelMessageSchema = z.looseObject({
  order_id: z.string().trim().min(1).max(100),
  cancellation_reason_id: z.string().trim().min(1).max(10),
  descriptor: z.looseObject({ short_desc: z.string().max(500).optional() }).optional(),
});

/**
 * `cancel` → `on_cancel`: the buyer's cancel, by the store's rules for a customer's own cancel
 * (cancelOndcOrder: before it ships). A reason a buyer app may not give is 30012; a cancel the store's
 * rules refuse is 50001 (ONDC-Official/developer-docs, protocol-network-extension/error-codes.md).
 */
export const cancelCall = defineCall({
  message: CancelMessageSchema,
  async handle({ context, message }) {
    if (!BUYER_CANCEL_REASONS.includes(message.cancellation_reason_id)) return [{ error: ONDC_ERRORS.invalidCancellationReason }];
    const found = await readOrderOfCall(context, message.order_id);
    if (!found) return [{ error: ONDC_ERRORS.orderNotFound }];
    const outcome = await cancelOndcOrder(found.row, found.order, message.cancellation_reason_id);
    if (outcome.kind === "refused") return [{ error: outcome.error }];
    const after = await readOrderOfCall(context, message.order_id);
    if (!after) return [{ error: ONDC_ERRORS.orderNotFound }];
    // ONDC's on_cancel schema takes the order without its terms and documents.
    const { tags: _terms, documents: _documents, ...order } = orderNow(after);
    return [
      { message: { order: { ...order, cancellation: { cancelled_by: context.bap_id, reason: { id: message.cancellation_reason_id } } } } },
    ];
  },
});

import { defineCall } from "./call";
import { ONDC_ERRORS } from "~/features/ondc/domain/beckn";
import { OrderIdMessageSchema } from "~/features/ondc/domain/order-object";
import { orderNow, readOrderOfCall } from "../ondc-orders.server";

/**
 * `status` → `on_status`: the order as the store has it now, its state and its fulfilment's state from
 * the store's status (ONDC_ORDER_STATE, ONDC_FULFILLMENT_STATE). The same object goes to the buyer app
 * unasked when the status changes (push-ondc-status.server.ts).
 */
export const statusCall = defineCall({
  message: OrderIdMessageSchema,
  async handle({ context, message }) {
    const found = await readOrderOfCall(context, message.order_id);
    if (!found) return [{ error: ONDC_ERRORS.orderNotFound }];
    return [{ message: { order: orderNow(found) } }];
  },
});

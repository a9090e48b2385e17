import { defineCall } from "./call";
import { ONDC_ERRORS } from "~/features/ondc/domain/beckn";
import { isTrackingLink } from "~/features/orders/domain/shipments";
import { listShipments } from "~/features/orders/server/list-shipments.server";
import { readOrderOfCall } from "../ondc-orders.server";
import { OrderIdMessageSchema } from "~/features/ondc/domain/order-object";

/**
 * `track` → `on_track`: the courier's tracking page of the order's latest parcel, when the store
 * recorded one as an https address; a tracking number alone, or no parcel yet, is ONDC's 40005
 * "Tracking not enabled" (ONDC-Official/developer-docs, protocol-network-extension/error-codes.md).
 */
export const trackCall = defineCall({
  message: OrderIdMessageSchema,
  async handle({ context, message }) {
    const found = await readOrderOfCall(context, message.order_id);
    if (!found) return [{ error: ONDC_ERRORS.orderNotFound }];
    const shipments = await listShipments([found.order.id]);
    const link = shipments
      .map((s) => s.tracking)
      .filter(isTrackingLink)
      .at(-1);
    if (!link || found.order.status === "cancelled") return [{ error: ONDC_ERRORS.trackingNotEnabled }];
    return [{ message: { tracking: { url: link, status: found.order.status === "delivered" ? "inactive" : "active" } } }];
  },
});

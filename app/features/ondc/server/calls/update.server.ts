import { z } from "zod";
import { defineCall } from "./call";
import { ONDC_ERRORS } from "~/features/ondc/domain/beckn";
import { BUYER_RETURN_REASONS } from "~/features/ondc/domain/order-object";
import { requestOndcReturn } from "../return-ondc-order.server";
import { orderNow, readOrderOfCall } from "../ondc-orders.server";

const TagListSchema = z.array(z.looseObject({ code: z.string().max(40), value: z.string().max(1000) })).max(20);

const UpdateMessageSchema = z.looseObject({
  update_target: z.string().max(40),
  order: z.looseObject({
    id: z.string().trim().min(1).max(100),
    fulfillments: z
      .array(
        z.looseObject({
          type: z.string().max(40).optional(),
          tags: z
            .array(z.looseObject({ code: z.string().max(40), list: TagListSchema }))
            .max(10)
            .optional(),
        }),
      )
      .max(10)
      .optional(),
  }),
});

/**
 * `update` → `on_update`: a return, as retail 1.2 asks for one (`update_target: item`, a fulfilment of
 * type Return whose `return_request` tag names the item, its quantity and a buyer's return reason),
 * taken as the customer's own return request by the store's rules (requestReturn: a delivered order,
 * within the return window, once per line). Any other update, or a return the rules refuse, is ONDC's
 * 50002 "Updation not possible".
 */
export const updateCall = defineCall({
  message: UpdateMessageSchema,
  async handle({ context, message }) {
    const found = await readOrderOfCall(context, message.order.id);
    if (!found) return [{ error: ONDC_ERRORS.orderNotFound }];
    const asked = message.order.fulfillments
      ?.find((f) => f.type === "Return")
      ?.tags?.find((t) => t.code === "return_request")
      ?.list.reduce<Record<string, string>>((all, { code, value }) => Object.assign(all, { [code]: value }), {});
    const reason = asked?.reason_id ? BUYER_RETURN_REASONS[asked.reason_id as keyof typeof BUYER_RETURN_REASONS] : undefined;
    const quantity = Number(asked?.item_quantity);
    if (message.update_target !== "item" || !asked?.item_id || !reason || !Number.isInteger(quantity) || quantity < 1)
      return [{ error: ONDC_ERRORS.updateNotPossible }];
    const outcome = await requestOndcReturn(found.order.id, {
      itemId: asked.item_id,
      quantity,
      reasonCode: reason,
      reason: asked.reason_desc?.trim() || `Return on ONDC (reason ${asked.reason_id})`,
    });
    if (outcome.kind === "refused") return [{ error: { ...ONDC_ERRORS.updateNotPossible, message: outcome.message } }];
    const order = orderNow(found);
    const tags = [{ code: "return_request", list: Object.entries(asked).map(([code, value]) => ({ code, value })) }];
    return [
      {
        message: {
          order: {
            ...order,
            fulfillments: [
              ...order.fulfillments,
              { id: outcome.returnId, type: "Return", state: { descriptor: { code: "Return_Initiated" } }, tags },
            ],
          },
        },
      },
    ];
  },
});

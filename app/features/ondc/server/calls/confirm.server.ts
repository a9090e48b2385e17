import { z } from "zod";
import { defineCall } from "./call";
import { OndcBillingSchema, OndcEndSchema, OndcItemSchema, OndcPaymentSchema, OndcQuoteSchema } from "~/features/ondc/domain/order-object";
import { confirmOndcOrder } from "../confirm-ondc-order.server";
import { invoiceDocuments, ondcOrderObject, readStoreOrder, sellerOf, sellerStart } from "../ondc-orders.server";

const ConfirmMessageSchema = z.object({
  order: z.looseObject({
    id: z.string().trim().min(1).max(100).optional(),
    created_at: z.iso.datetime({ offset: true }).optional(),
    tags: z
      .array(z.looseObject({ code: z.string().max(60) }))
      .max(20)
      .optional(),
    items: z.array(OndcItemSchema).min(1).max(50),
    billing: OndcBillingSchema.optional(),
    fulfillments: z.array(z.looseObject({ end: OndcEndSchema.optional() })).optional(),
    payment: OndcPaymentSchema,
    quote: OndcQuoteSchema.optional(),
  }),
});

/**
 * `confirm` → `on_confirm`: the order placed through the storefront's own transaction, once per
 * transaction (confirmOndcOrder). Refusals are ONDC's codes in the callback's error and write nothing;
 * for stock that sold out since the quote that is 40002, as ONDC's error codes give it for an order the
 * seller cannot fill (ONDC-Official/developer-docs, protocol-network-extension/error-codes.md).
 */
export const confirmCall = defineCall({
  message: ConfirmMessageSchema,
  async handle({ context, message }) {
    const { order } = message;
    const end = order.fulfillments?.[0]?.end;
    const outcome = await confirmOndcOrder(context, {
      ...(order.id ? { id: order.id } : {}),
      ...(order.created_at ? { createdAt: order.created_at } : {}),
      items: order.items.map((i) => ({ id: i.id, count: i.quantity.count })),
      ...(order.billing ? { billing: order.billing } : {}),
      ...(end ? { end } : {}),
      payment: order.payment,
      ...(order.quote ? { quote: order.quote } : {}),
    });
    if (outcome.kind === "refused") return [{ error: outcome.error }];
    const { row } = outcome;
    const [seller, placed, documents, start] = await Promise.all([
      sellerOf(row.provider_id ?? ""),
      readStoreOrder(row.order_id ?? ""),
      invoiceDocuments(row.order_id ?? ""),
      sellerStart(row.provider_id ?? ""),
    ]);
    // on_confirm's order.updated_at is the instant of its own context.timestamp (ONDC's checks).
    const now = new Date().toISOString();
    const extra = { storeName: seller?.name ?? "", gstin: seller?.gstin ?? "", order: placed, documents, start, updatedAt: now };
    const shown = ondcOrderObject(row, extra);
    // The buyer app's own terms (its GSTIN) come back with ours, as ONDC's on_confirm echoes them.
    const theirs = order.tags?.filter((t) => t.code === "bap_terms") ?? [];
    return [{ message: { order: { ...shown, tags: [...shown.tags, ...theirs] } }, timestamp: now }];
  },
});

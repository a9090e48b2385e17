import { z } from "zod";
import { defineCall } from "./call";
import { deliveryFulfillmentOf, ondcQuote, sellerLocationOf, tatOf } from "~/features/ondc/domain/quote";
import { locationsOf, OndcAddressSchema, OndcItemSchema, OndcProviderSchema } from "~/features/ondc/domain/order-object";
import { quoteForOndc, shortOf } from "../ondc-quote.server";
import { openTransaction, saveQuotedStep } from "../ondc-orders.server";

const SelectMessageSchema = z.object({
  order: z.looseObject({
    provider: OndcProviderSchema,
    items: z.array(OndcItemSchema).min(1).max(50),
    fulfillments: z
      .array(
        z.looseObject({
          end: z.looseObject({
            location: z.looseObject({ gps: z.string().max(60).optional(), address: OndcAddressSchema.pick({ area_code: true }).loose() }),
          }),
        }),
      )
      .min(1),
    payment: z.looseObject({ type: z.string().max(40).optional() }).optional(),
  }),
});

/**
 * `select` → `on_select`: the store's quote for the buyer's items to their pincode
 * (docs/decisions/075-ondc-orders.md), made as the storefront prices a new customer's cart
 * (quoteForOndc), and kept on the transaction's ondc_order in paise. A size short of stock is quoted
 * at what is left, with ONDC's 40002 naming it; an unserved pincode is 30009; an unknown item 30004.
 */
export const selectCall = defineCall({
  message: SelectMessageSchema,
  async handle({ context, message }) {
    const { order } = message;
    const open = await openTransaction(context, order.provider.id);
    if ("error" in open) return [{ error: open.error }];
    const end = order.fulfillments[0]?.end.location;
    const outcome = await quoteForOndc({
      providerId: order.provider.id,
      items: order.items.map((i) => ({ id: i.id, count: i.quantity.count })),
      pincode: end?.address.area_code ?? "",
      userId: null,
    });
    if (outcome.kind === "refused") return [{ error: outcome.error }];
    const { quote, delivery } = outcome;
    const paymentType = order.payment?.type === "ON-FULFILLMENT" || order.payment?.type === "ON-ORDER" ? order.payment.type : undefined;
    await saveQuotedStep(context, "selected", {
      provider_id: order.provider.id,
      quote: JSON.stringify({ ...quote, delivery, ...(end?.gps ? { gps: end.gps } : {}), ...locationsOf(order.provider) }),
      ...(paymentType ? { payment_type: paymentType } : {}),
    });
    const reply = {
      order: {
        provider: { id: order.provider.id, locations: [{ id: sellerLocationOf(order.provider.id) }], ...locationsOf(order.provider) },
        items: quote.lines.map((l) => ({ id: l.itemId, fulfillment_id: deliveryFulfillmentOf(order.provider.id) })),
        fulfillments: [
          {
            id: deliveryFulfillmentOf(order.provider.id),
            type: "Delivery",
            tracking: false,
            "@ondc/org/provider_name": open.seller.name,
            "@ondc/org/category": "Standard Delivery",
            "@ondc/org/TAT": tatOf(delivery.tatDays),
            state: { descriptor: { code: "Serviceable" } },
          },
        ],
        quote: ondcQuote(quote, { stock: true }),
      },
    };
    const short = shortOf(quote);
    return [short ? { message: reply, error: short } : { message: reply }];
  },
});

import { z } from "zod";
import { defineCall } from "./call";
import { ONDC_ERRORS } from "~/features/ondc/domain/beckn";
import { getDb } from "~/platform/db/db.server";

/**
 * A buyer app's ratings (retail 1.2.0 `rating`): of the order, an item, the fulfilment, the provider
 * or the agent, each a value 1 to 5. Values may come as text ("4"), as ONDC's examples send them.
 */
const RatingMessageSchema = z.object({
  ratings: z
    .array(
      z.looseObject({
        rating_category: z.enum(["Order", "Item", "Fulfillment", "Provider", "Agent"]),
        id: z.string().trim().min(1).max(200),
        value: z.union([z.string().trim().max(10), z.number()]),
      }),
    )
    .min(1)
    .max(50),
});

const isRatingValue = (value: string | number) => {
  const n = typeof value === "number" ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 5;
};

/**
 * `rating` → `on_rating` (docs/decisions/076-ondc-admin.md). A rating is taken only for an order this
 * buyer app placed with us (else "Entity to rate not found", 30014); any value outside 1–5 refuses
 * the whole call ("Invalid rating value", 30015). Ratings have no customer or text, so they are not
 * product reviews: the protocol log (ondc_message) keeps them, and `on_rating` acknowledges them.
 */
export const ratingCall = defineCall({
  message: RatingMessageSchema,
  async handle(call) {
    if (!call.message.ratings.every((r) => isRatingValue(r.value))) return [{ error: ONDC_ERRORS.invalidRating }];
    const order = await getDb()
      .selectFrom("ondc_order")
      .select("order_id")
      .where("bap_id", "=", call.context.bap_id)
      .where("transaction_id", "=", call.context.transaction_id)
      .where("order_id", "is not", null)
      .executeTakeFirst();
    if (!order) return [{ error: ONDC_ERRORS.ratingNotFound }];
    return [{ message: { feedback_ack: false, rating_ack: true } }];
  },
});

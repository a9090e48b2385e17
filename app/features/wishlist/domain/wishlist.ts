import { z } from "zod";
import { refusalCode } from "~/platform/core/refusal";

/**
 * Wishlists and "Tell me when it's back" (issue 31): the limits and the one form every control posts
 * (a heart on the product page, Remove on /account/wishlist). Pure and client-safe.
 */

/** A wishlist holds at most this many products; saving one more is refused with a message. */
export const MAX_WISHLIST_ITEMS = 200;

/** A customer waits for at most this many sold-out sizes at once. */
export const MAX_OPEN_ALERTS = 100;

const id = z
  .string(refusalCode("common.form_missing"))
  .trim()
  .regex(/^[a-z0-9]{6,40}$/, refusalCode("common.form_missing"));

/**
 * What the controls post to /account/wishlist: save or remove a product, ask for (or stop waiting
 * for) a sold-out size. `returnTo` is the page the form was on (checked by safeReturnPath).
 */
export const WishlistFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("save"), productId: id }),
    z.object({ intent: z.literal("remove"), productId: id }),
    z.object({ intent: z.literal("alert"), variantId: id }),
    z.object({ intent: z.literal("cancel-alert"), variantId: id }),
  ],
  { error: refusalCode("common.unknown_intent") },
);

import { z } from "zod";
import { AddressSchema, PhoneSchema } from "../../accounts/domain/account";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, mergeCartLines, TOO_MANY_OF_ONE } from "./cart-limits";

export const OrderItemSchema = z.object({
  productId: z.string().regex(/^[a-z0-9]{6,40}$/, "Unknown product."),
  variantId: z
    .string()
    .regex(/^[a-z0-9]{6,40}$/, "Unknown product.")
    .optional(),
  quantity: z.coerce
    .number()
    .int("Quantities must be whole numbers.")
    .min(1, "Quantities must be at least 1.")
    .max(MAX_LINE_QUANTITY, TOO_MANY_OF_ONE),
});

/** What the checkout form sends. Prices and totals are never taken from the browser. */
export const CheckoutSchema = AddressSchema.extend({
  checkoutKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, "Your checkout session expired. Please reload the page."),
  paymentMethod: z.string("Please choose a payment method.").regex(/^[A-Za-z0-9_]{1,40}$/, "Please choose a payment method."),
  phone: PhoneSchema,
  items: z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "Your cart could not be read. Please reload the page." });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(OrderItemSchema)
        .min(1, "Your cart is empty.")
        .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} different products per order.`)
        // The per-product cap holds for the merged lines: the same product on several lines is one line.
        .transform((items) => mergeCartLines(items))
        .pipe(
          z.array(z.object({ productId: z.string(), variantId: z.string(), quantity: z.number().max(MAX_LINE_QUANTITY, TOO_MANY_OF_ONE) })),
        ),
    ),
});
export type CheckoutInput = z.infer<typeof CheckoutSchema>;

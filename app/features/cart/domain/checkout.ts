import { z } from "zod";
import { AddressSchema, PhoneSchema } from "../../accounts/domain/account";
import { refusalCode } from "../../../platform/core/refusal";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, mergeCartLines } from "./cart-limits";

const UNKNOWN_PRODUCT = refusalCode("checkout.unknown_product");
const TOO_MANY_OF_ONE = refusalCode("checkout.too_many_of_one");
const PAYMENT_METHOD = refusalCode("checkout.payment_method");

export const OrderItemSchema = z.object({
  productId: z.string().regex(/^[a-z0-9]{6,40}$/, UNKNOWN_PRODUCT),
  variantId: z
    .string()
    .regex(/^[a-z0-9]{6,40}$/, UNKNOWN_PRODUCT)
    .optional(),
  quantity: z.coerce
    .number()
    .int(refusalCode("checkout.whole"))
    .min(1, refusalCode("checkout.at_least_one"))
    .max(MAX_LINE_QUANTITY, TOO_MANY_OF_ONE),
});

/** What the checkout form sends. Prices and totals are never taken from the browser. */
export const CheckoutSchema = AddressSchema.extend({
  checkoutKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, refusalCode("checkout.session")),
  paymentMethod: z.string(PAYMENT_METHOD).regex(/^[A-Za-z0-9_]{1,40}$/, PAYMENT_METHOD),
  phone: PhoneSchema,
  /** "1": the tax invoices made out to the customer's business (its GSTIN, docs/decisions/051-business-buyers.md). */
  business: z.literal("1").optional(),
  /** A coupon code (issue 31), as typed; "" is none. The server decides what it gives. */
  couponCode: z
    .string()
    .trim()
    .max(40, refusalCode("checkout.coupon_format"))
    .regex(/^[A-Za-z0-9_-]*$/, refusalCode("checkout.coupon_format"))
    .optional(),
  items: z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: refusalCode("checkout.cart_unreadable") });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(OrderItemSchema)
        .min(1, refusalCode("checkout.cart_empty"))
        .max(MAX_CART_LINES, refusalCode("checkout.too_many_lines"))
        // The per-product cap holds for the merged lines: the same product on several lines is one line.
        .transform((items) => mergeCartLines(items))
        .pipe(
          z.array(z.object({ productId: z.string(), variantId: z.string(), quantity: z.number().max(MAX_LINE_QUANTITY, TOO_MANY_OF_ONE) })),
        ),
    ),
});
export type CheckoutInput = z.infer<typeof CheckoutSchema>;

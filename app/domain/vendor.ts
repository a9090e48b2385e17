import { z } from "zod";
import { AddressSchema, EmailSchema, PasswordSchema, PhoneSchema } from "./account";
import { validateGstin } from "./gstin";

export const GstinSchema = z
  .string()
  .trim()
  .min(1, "Please enter your GST number.")
  .transform((value, ctx) => {
    const result = validateGstin(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.error });
      return z.NEVER;
    }
    return result.gstin;
  });

export const VendorProfileSchema = AddressSchema.extend({
  businessName: z.string().trim().min(1, "Please enter your business name.").max(120, "Business name is too long."),
  phone: PhoneSchema,
  gstNumber: GstinSchema,
});
export type VendorProfileInput = z.infer<typeof VendorProfileSchema>;

export const VendorRegisterSchema = VendorProfileSchema.extend({ email: EmailSchema, password: PasswordSchema });
export type VendorRegisterInput = z.infer<typeof VendorRegisterSchema>;

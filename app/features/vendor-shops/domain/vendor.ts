import { z } from "zod";
import { addressFields, OwnEmailSchema, PasswordSchema, PhoneSchema } from "../../accounts/domain/account";
import { FIELD_MAX } from "../../accounts/domain/account-rules";
import { gstinStateMismatch, validateGstin } from "../../tax/domain/gstin";

export const GstinSchema = z
  .string()
  .trim()
  .min(1, "Please enter your GST number.")
  .max(40, "A GSTIN has 15 characters.")
  .transform((value, ctx) => {
    const result = validateGstin(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.error });
      return z.NEVER;
    }
    return result.gstin;
  });

export const BusinessNameSchema = z
  .string()
  .trim()
  .min(1, "Please enter your business name.")
  .max(FIELD_MAX.businessName, `Business name is too long (${FIELD_MAX.businessName} characters at most).`);

/** A GSTIN is issued in one State: its first two digits must be the GST code of the vendor's State. */
function gstinInState(input: { gstNumber: string; state: string }, ctx: z.RefinementCtx) {
  const message = gstinStateMismatch(input.gstNumber, input.state);
  if (message) ctx.addIssue({ code: "custom", path: ["gstNumber"], message });
}

/** The vendor's Edit Profile form, fields in its order. */
export const VendorProfileSchema = z
  .object({ businessName: BusinessNameSchema, phone: PhoneSchema, gstNumber: GstinSchema, ...addressFields })
  .superRefine(gstinInState);
export type VendorProfileInput = z.infer<typeof VendorProfileSchema>;

/** The Become Vendor registration form, fields in its order. */
export const VendorRegisterSchema = z
  .object({
    businessName: BusinessNameSchema,
    email: OwnEmailSchema,
    password: PasswordSchema,
    phone: PhoneSchema,
    gstNumber: GstinSchema,
    ...addressFields,
  })
  .superRefine(gstinInState);
export type VendorRegisterInput = z.infer<typeof VendorRegisterSchema>;

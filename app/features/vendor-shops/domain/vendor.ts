import { z } from "zod";
import { addressFields, OwnEmailSchema, PasswordSchema, PhoneSchema } from "../../accounts/domain/account";
import { FIELD_MAX } from "../../accounts/domain/account-rules";
import { refusalCode } from "../../../platform/core/refusal";
import { gstinStateMismatch, validateGstin } from "../../tax/domain/gstin";

export const GstinSchema = z
  .string()
  .trim()
  .min(1, refusalCode("vendor.gst_required"))
  .max(40, refusalCode("vendor.gst_too_long"))
  .transform((value, ctx) => {
    const result = validateGstin(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: refusalCode(result.error.code), params: result.error.params });
      return z.NEVER;
    }
    return result.gstin;
  });

export const BusinessNameSchema = z
  .string()
  .trim()
  .min(1, refusalCode("vendor.business_required"))
  .max(FIELD_MAX.businessName, refusalCode("vendor.business_too_long"));

/** A GSTIN is issued in one State: its first two digits must be the GST code of the vendor's State. */
function gstinInState(input: { gstNumber: string; state: string }, ctx: z.RefinementCtx) {
  const mismatch = gstinStateMismatch(input.gstNumber, input.state);
  if (mismatch) ctx.addIssue({ code: "custom", path: ["gstNumber"], message: refusalCode(mismatch.code), params: mismatch.params });
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

import { z } from "zod";
import { addressFields, NameSchema } from "../../accounts/domain/account";
import { normaliseMobile } from "../../accounts/domain/mobile";
import { refusalCode } from "../../../platform/core/refusal";

/*
 * Orders placed for a farmer by the store's phone desk (issue 33, docs/decisions/062-assisted-orders.md):
 * what the desk types to find or add the farmer.
 */

/** A mobile number as people say it on the phone, as E.164 (`+91…`), or the form's refusal. */
export const FarmerMobileSchema = z.string(refusalCode("orders.assisted_mobile")).transform((value, ctx) => {
  const e164 = normaliseMobile(value);
  if (e164 === null) {
    ctx.addIssue({ code: "custom", message: refusalCode("orders.assisted_mobile") });
    return z.NEVER;
  }
  return e164;
});

/** A farmer the desk adds: name, mobile, the language their messages are in, and where the goods go. */
export const NewFarmerSchema = z.object({
  name: NameSchema,
  mobile: FarmerMobileSchema,
  locale: z.enum(["en", "hi"], refusalCode("common.check_form")),
  ...addressFields,
});
export type NewFarmer = z.infer<typeof NewFarmerSchema>;

/** How the farmer pays (docs/decisions/063-phone-order-pay-link.md): cash on delivery, or a UPI link by SMS. */
export const AssistedPaymentSchema = z.enum(["cod", "link"], refusalCode("checkout.payment_method"));
export type AssistedPayment = z.infer<typeof AssistedPaymentSchema>;

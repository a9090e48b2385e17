import { z } from "zod";
import { indianStateByGstCode } from "../../../platform/core/indian-states";
import { type Refusal, refusal, refusalCode } from "../../../platform/core/refusal";
import { gstinStateCode } from "./gst";
import { validateGstin } from "./gstin";

/**
 * A customer buying as a business (issue 31, docs/decisions/051-business-buyers.md): the GSTIN it is
 * registered under and its legal name, printed on the tax invoices of the orders it asks for them on.
 * Such an invoice is a B2B supply in GSTR-1 (table 4), so the buyer can claim the input tax credit.
 */
export const LEGAL_NAME_MIN = 2;
export const LEGAL_NAME_MAX = 120;

export const BusinessBuyerSchema = z.object({
  legalName: z
    .string()
    .trim()
    .min(LEGAL_NAME_MIN, refusalCode("business.legal_name", { min: LEGAL_NAME_MIN, max: LEGAL_NAME_MAX }))
    .max(LEGAL_NAME_MAX, refusalCode("business.legal_name", { min: LEGAL_NAME_MIN, max: LEGAL_NAME_MAX })),
  gstin: z.string().transform((value, ctx) => {
    if (value.trim() === "") {
      ctx.addIssue({ code: "custom", message: refusalCode("vendor.gst_required") });
      return z.NEVER;
    }
    const result = validateGstin(value);
    if (result.ok) return result.gstin;
    ctx.addIssue({ code: "custom", message: refusalCode(result.error.code), params: result.error.params });
    return z.NEVER;
  }),
});
export type BusinessBuyer = z.infer<typeof BusinessBuyerSchema>;

/**
 * A business invoice is for a delivery in the State the GSTIN is registered in: its place of supply is
 * that State, and the buyer claims the credit there. Null when they match, else the refusal naming both.
 */
export function businessStateMismatch(gstin: string, delivery: { gstCode: string; name: string }): Refusal | null {
  const code = gstinStateCode(gstin);
  if (code === delivery.gstCode) return null;
  return refusal("business.state_mismatch", { registeredIn: indianStateByGstCode(code)?.name ?? code, state: delivery.name });
}

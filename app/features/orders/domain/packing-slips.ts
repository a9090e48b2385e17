import { z } from "zod";
import { refusalCode } from "../../../platform/core/refusal";
import { isIsoDay } from "../../../platform/core/india-day";

/**
 * What a packing slips download asks for (docs/decisions/058-warehouse-work.md): slips or labels, of
 * one order (`order`) or of every order placed on an India day (`day`, YYYY-MM-DD).
 */
export const PackingSlipQuerySchema = z.union([
  z.object({ kind: z.enum(["slip", "label"]).catch("slip"), order: z.string().min(1) }),
  z.object({
    kind: z.enum(["slip", "label"]).catch("slip"),
    day: z.string(refusalCode("orders.slip_day")).refine(isIsoDay, refusalCode("orders.slip_day")),
  }),
]);

import { z } from "zod";
import { refusalCode } from "../../../platform/core/refusal";

/** What a vendor's list of listings posts: pause, resume or delete one of their listings. */
export const ListingActionSchema = z.object({
  intent: z.enum(["pause", "resume", "delete"], refusalCode("common.unknown_intent")),
  id: z
    .string(refusalCode("common.form_missing"))
    .trim()
    .min(1, refusalCode("common.form_missing"))
    .max(64, refusalCode("common.form_missing")),
});

/** Which of those a listing in this state offers. */
export function listingActionsFor(status: string): { pause: boolean; resume: boolean } {
  return { pause: status === "live" || status === "unlicensed", resume: status === "paused" };
}

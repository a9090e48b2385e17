import { z } from "zod";
import { refusalCode } from "../../../platform/core/refusal";
import { normaliseMobile } from "./mobile";

/* The forms of mobile sign-in and of the account page's "Messages" (kept apart from ./mobile, which the dialog loads without Zod). */

const MOBILE_INVALID = refusalCode("account.mobile_invalid");
const CODE_INVALID = refusalCode("account.code_invalid");

export const MobileSchema = z
  .string(MOBILE_INVALID)
  .trim()
  .min(1, refusalCode("account.mobile_missing"))
  .max(20, MOBILE_INVALID)
  .transform((value, ctx) => {
    const mobile = normaliseMobile(value);
    if (mobile === null) {
      ctx.addIssue({ code: "custom", message: MOBILE_INVALID });
      return z.NEVER;
    }
    return mobile;
  });

export const CodeSchema = z
  .string(CODE_INVALID)
  .transform((c) => c.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, CODE_INVALID));

/** The dialog's two steps: send a code to a number, then check the code for that number. */
export const MobileAuthSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("send-code"), mobile: MobileSchema }),
    z.object({ intent: z.literal("verify"), mobile: MobileSchema, code: CodeSchema }),
  ],
  { error: refusalCode("common.unknown_intent") },
);

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

/** The account page's "Messages" form: two checkboxes (an unticked box is absent from the form). */
export const MessagePreferencesSchema = z.object({ smsOrderUpdates: checkbox, nonEssentialEmails: checkbox });
export type MessagePreferences = z.infer<typeof MessagePreferencesSchema>;

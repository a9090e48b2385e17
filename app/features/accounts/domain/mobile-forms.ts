import { z } from "zod";
import { CODE_INVALID, MOBILE_INVALID, normaliseMobile } from "./mobile";

/* The forms of mobile sign-in and of the account page's "Messages" (kept apart from ./mobile, which the dialog loads without Zod). */

export const MobileSchema = z
  .string(MOBILE_INVALID)
  .trim()
  .min(1, "Please enter your mobile number.")
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
  { error: "This form asked for an action the page does not know. Please reload the page and try again." },
);

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

/** The account page's "Messages" form: two checkboxes (an unticked box is absent from the form). */
export const MessagePreferencesSchema = z.object({ smsOrderUpdates: checkbox, nonEssentialEmails: checkbox });
export type MessagePreferences = z.infer<typeof MessagePreferencesSchema>;
export const SMS_NEEDS_MOBILE = "Add an Indian mobile number to your details first: SMS order updates go there.";

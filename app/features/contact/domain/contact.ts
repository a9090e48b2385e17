import { z } from "zod";
import { FIELD_MAX } from "../../accounts/domain/account-rules";
import { formatMobile, normaliseMobile } from "../../accounts/domain/mobile";

/** The problems a field of the contact form can have, each with its own sentence (contact-errors.server.ts). */
export type ContactProblem =
  | "name_required"
  | "name_too_long"
  | "email_too_long"
  | "email_invalid"
  | "phone_too_long"
  | "phone_invalid"
  | "reply_to_required"
  | "subject_required"
  | "subject_too_long"
  | "message_required"
  | "message_too_long";

const problem = (p: ContactProblem) => ({ params: { problem: p } });

const filled = (value: unknown) => typeof value === "string" && value.trim() !== "";
const givesReplyTo = (value: { email?: unknown; phone?: unknown }) => filled(value.email) || filled(value.phone);
const replyToRequired = {
  message: "Please enter an email address or a mobile number, so we can reply.",
  ...problem("reply_to_required"),
  when: ({ value }: { value: unknown }) => !givesReplyTo((value ?? {}) as { email?: unknown; phone?: unknown }),
};

/**
 * The contact form (and Contact Expert), fields in the form's order. A farmer without email gives a
 * mobile number instead: one of the two is needed to reply, each is checked when given.
 */
export const ContactSchema = z
  .object({
    kind: z.enum(["contact", "expert"]).catch("contact"),
    name: z
      .string()
      .trim()
      .min(1, "Please enter your name.")
      .max(FIELD_MAX.name, `Name is too long (${FIELD_MAX.name} characters at most).`),
    email: z
      .string()
      .trim()
      .max(FIELD_MAX.email, `Email is too long (${FIELD_MAX.email} characters at most).`)
      .default("")
      .refine((e) => e === "" || z.email().safeParse(e).success, {
        message: "Please enter a valid email address.",
        ...problem("email_invalid"),
      })
      .transform((e) => e.toLowerCase()),
    phone: z
      .string()
      .trim()
      .max(FIELD_MAX.phone, "Enter a 10-digit Indian mobile number, e.g. 98765 43210.")
      .default("")
      .refine((p) => p === "" || normaliseMobile(p) !== null, {
        message: "Enter a 10-digit Indian mobile number, e.g. 98765 43210.",
        ...problem("phone_invalid"),
      })
      .transform((p) => {
        const mobile = normaliseMobile(p);
        return mobile ? formatMobile(mobile) : "";
      }),
    subject: z
      .string()
      .trim()
      .min(1, "Please enter a subject.")
      .max(FIELD_MAX.subject, `Subject is too long (${FIELD_MAX.subject} characters at most).`),
    message: z.string().trim().min(1, "Please enter a message.").max(FIELD_MAX.message, "Message is too long (5,000 characters at most)."),
  })
  // Checked with the other fields' problems too (`when`), so an empty form says everything at once.
  .refine(givesReplyTo, { path: ["email"], ...replyToRequired })
  .refine(givesReplyTo, { path: ["phone"], ...replyToRequired });
export type ContactInput = z.infer<typeof ContactSchema>;

/**
 * Which message a refused field gets, so the form can answer in the page's language (the schema's
 * own messages are the English ones): told apart by the issue's code and field, never its words.
 */
export function contactProblem(issue: z.core.$ZodIssue): ContactProblem | null {
  const named = issue.code === "custom" ? (issue.params as { problem?: ContactProblem } | undefined)?.problem : undefined;
  if (named) return named;
  const field = issue.path[0];
  if (field !== "name" && field !== "email" && field !== "phone" && field !== "subject" && field !== "message") return null;
  if (issue.code === "too_small" && field !== "email" && field !== "phone") return `${field}_required`;
  if (issue.code === "too_big") return `${field}_too_long`;
  return null;
}

import { z } from "zod";
import { EmailSchema } from "../../accounts/domain/account";
import { FIELD_MAX } from "../../accounts/domain/account-rules";

/** The contact form (and Contact Expert), fields in the form's order. */
export const ContactSchema = z.object({
  kind: z.enum(["contact", "expert"]).catch("contact"),
  name: z.string().trim().min(1, "Please enter your name.").max(FIELD_MAX.name, `Name is too long (${FIELD_MAX.name} characters at most).`),
  email: EmailSchema,
  subject: z
    .string()
    .trim()
    .min(1, "Please enter a subject.")
    .max(FIELD_MAX.subject, `Subject is too long (${FIELD_MAX.subject} characters at most).`),
  message: z.string().trim().min(1, "Please enter a message.").max(FIELD_MAX.message, "Message is too long (5,000 characters at most)."),
});
export type ContactInput = z.infer<typeof ContactSchema>;

type ContactField = Exclude<keyof ContactInput, "kind">;
/** What is wrong with a field of the contact form, naming the message to show for it. */
export type ContactProblem = `${ContactField}_${"required" | "too_long"}` | "email_invalid";

/**
 * Which message a refused field gets, so the form can answer in the page's language (the schema's
 * own messages are the English ones): empty, too long, or (the email) not an address.
 */
export function contactProblem(issue: z.core.$ZodIssue): ContactProblem | null {
  const field = issue.path[0];
  if (field !== "name" && field !== "email" && field !== "subject" && field !== "message") return null;
  if (issue.code === "too_small") return `${field}_required`;
  if (issue.code === "too_big") return `${field}_too_long`;
  return field === "email" ? "email_invalid" : null;
}

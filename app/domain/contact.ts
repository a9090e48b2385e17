import { z } from "zod";
import { EmailSchema } from "./account";
import { FIELD_MAX } from "./account-rules";

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

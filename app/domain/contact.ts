import { z } from "zod";

export const ContactSchema = z.object({
  kind: z.enum(["contact", "expert"]).catch("contact"),
  name: z.string().trim().min(1, "Please enter your name.").max(100, "Name is too long."),
  email: z.string().trim().min(1, "Please enter your email.").max(254).pipe(z.email("Please enter a valid email address.")),
  subject: z.string().trim().min(1, "Please enter a subject.").max(150, "Subject is too long (150 characters at most)."),
  message: z.string().trim().min(1, "Please enter a message.").max(5000, "Message is too long (5,000 characters at most)."),
});
export type ContactInput = z.infer<typeof ContactSchema>;

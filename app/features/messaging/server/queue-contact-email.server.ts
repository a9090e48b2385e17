import type { Db } from "~/platform/db/db.server";
import type { ContactInput } from "~/features/contact/domain/contact";
import { contactMessageEmail } from "~/features/messaging/domain/emails/messages";
import { enqueueEmail } from "~/features/messaging/server/enqueue.server";
import type { EmailContext } from "./email-context.server";

/** Queues the admin's notification of a contact message or call-back request (none without an admin address). */
export async function queueContactMessageEmail(trx: Db, ctx: EmailContext, messageId: string, input: ContactInput) {
  if (!ctx.adminEmail) return;
  const email = contactMessageEmail(ctx.store, input);
  await enqueueEmail(trx, "admin-contact-message", `admin-contact-message:${messageId}`, { to: ctx.adminEmail, ...email });
}

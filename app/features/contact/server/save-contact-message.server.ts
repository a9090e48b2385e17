import { getDb } from "~/platform/db/db.server";
import type { ContactInput } from "~/features/contact/domain/contact";
import { newId } from "~/platform/ids";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { queueContactMessageEmail } from "~/features/messaging/server/queue-contact-email.server";

/** Stores the message and, in the same transaction, queues the admin's notification. */
export async function saveContactMessage(input: ContactInput): Promise<{ id: string }> {
  const id = newId();
  const emails = await getEmailContext();
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("contact_message")
        // No column is left NULL for a reply address not given: an empty email, or no phone.
        .values({ id, ...input, phone: input.phone || null, created_at: new Date().toISOString() })
        .execute();
      await queueContactMessageEmail(trx, emails, id, input);
    });
  return { id };
}

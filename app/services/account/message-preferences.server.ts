import { getDb } from "~/db/db.server";
import { hasRealEmail, normaliseMobile } from "~/domain/mobile";
import type { MessagePreferences } from "~/domain/mobile-forms";

/**
 * The account page's "Messages" preferences, and where an order SMS would go: the number proved by a
 * sign-in code, else the profile's phone when it is an Indian mobile (queue-order-sms.server.ts).
 */
export async function loadMessagePreferences(userId: string) {
  const row = await getDb()
    .selectFrom("user")
    .select(["email", "phoneNumber", "phone", "sms_order_updates", "non_essential_emails"])
    .where("id", "=", userId)
    .executeTakeFirst();
  const smsTo = row ? (row.phoneNumber ?? normaliseMobile(row.phone ?? "")) : null;
  const hasEmail = hasRealEmail(row?.email);
  return {
    smsTo,
    hasEmail,
    // Without an email, order updates come by SMS whatever the box says.
    smsOrderUpdates: Boolean(row?.sms_order_updates) || (!hasEmail && smsTo !== null),
    nonEssentialEmails: Boolean(row?.non_essential_emails ?? true),
  };
}

export async function saveMessagePreferences(userId: string, input: MessagePreferences) {
  await getDb()
    .updateTable("user")
    .set({ sms_order_updates: input.smsOrderUpdates, non_essential_emails: input.nonEssentialEmails })
    .where("id", "=", userId)
    .execute();
}

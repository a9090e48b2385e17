import type { SessionUser } from "~/platform/auth/session.server";
import { getDb } from "~/platform/db/db.server";
import { hasRealEmail, normaliseMobile, provenMobile } from "~/features/accounts/domain/mobile";
import type { MessagePreferences } from "~/features/accounts/domain/mobile-forms";
import { refusal } from "~/platform/core/refusal";
import { AuthFailure } from "./auth-errors.server";

/**
 * The account page's "Messages" preferences, and where an order SMS would go: a number proved by an
 * SMS code (queue-order-sms.server.ts). `unprovenMobile` is the profile's mobile while no code has
 * proved it: the page offers "Verify this number" for it.
 */
export async function loadMessagePreferences(userId: string) {
  const row = await getDb()
    .selectFrom("user")
    .select(["email", "phoneNumber", "phoneNumberVerified", "phone", "verified_phone", "sms_order_updates", "non_essential_emails"])
    .where("id", "=", userId)
    .executeTakeFirst();
  const smsTo = row ? provenMobile(row) : null;
  const profileMobile = normaliseMobile(row?.phone ?? "");
  const hasEmail = hasRealEmail(row?.email);
  return {
    smsTo,
    // Offered only while no number at all is proved: a sign-in number already carries the SMS.
    unprovenMobile: smsTo === null ? profileMobile : null,
    hasEmail,
    // Without an email, order updates come by SMS whatever the box says.
    smsOrderUpdates: Boolean(row?.sms_order_updates) || (!hasEmail && smsTo !== null),
    nonEssentialEmails: Boolean(row?.non_essential_emails ?? true),
  };
}

/**
 * Saves the preferences. An unconfirmed account may change none of them (whoever registered the
 * email may not own it: decision 030), and SMS updates need a proved number to go to.
 */
export async function saveMessagePreferences(user: Pick<SessionUser, "id" | "verified">, input: MessagePreferences) {
  if (!user.verified) throw new AuthFailure(refusal("account.verify_before_phone"), 403);
  if (input.smsOrderUpdates && (await loadMessagePreferences(user.id)).smsTo === null)
    throw new AuthFailure(refusal("account.sms_needs_mobile"), 400);
  await getDb()
    .updateTable("user")
    .set({ sms_order_updates: input.smsOrderUpdates, non_essential_emails: input.nonEssentialEmails })
    .where("id", "=", user.id)
    .execute();
}

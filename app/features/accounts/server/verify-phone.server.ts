import type { SessionUser } from "~/platform/auth/session.server";
import { getDatabase, getDb } from "~/platform/db/db.server";
import type { Locale } from "~/platform/i18n/locale";
import { normaliseMobile } from "~/features/accounts/domain/mobile";
import { refusal } from "~/platform/core/refusal";
import { signInCodeSms } from "~/features/messaging/domain/sms-messages";
import { enqueueSms } from "~/features/messaging/server/enqueue.server";
import { smsTemplate } from "~/features/messaging/server/sms-template.server";
import { nudgeOutbox } from "~/features/messaging/server/worker.server";
import { hitRateLimit, type Limit, LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { AuthFailure } from "./auth-errors.server";
import { consumePhoneCode, issuePhoneCode, sweepPhoneCodes } from "./phone-codes.server";

/*
 * "Verify this number" on the account page: order SMS go only to a number proved by a code sent to
 * it (docs/decisions/030-pre-registration-and-phones.md). The codes are the sign-in codes' store and
 * rules (decision 013: hashed, 10 minutes, 5 tries, single use), bound to the account, and the limits
 * per number and per address are the sign-in codes' own keys, so the two together cannot flood a
 * number with texts.
 */

type Who = Pick<SessionUser, "id" | "verified">;
type Meta = { ip: string; now?: number };

/** The profile's phone as an Indian mobile, for an account that may change it; else a refusal. */
async function profileMobile(user: Who) {
  // Until the email is confirmed, whoever registered it may not be its owner (decision 030).
  if (!user.verified) throw new AuthFailure(refusal("account.verify_before_phone"), 403);
  const row = await getDb().selectFrom("user").select(["phone", "verified_phone"]).where("id", "=", user.id).executeTakeFirst();
  const mobile = normaliseMobile(row?.phone ?? "");
  if (mobile === null) throw new AuthFailure(refusal("account.sms_needs_mobile"), 400);
  return { mobile, verified: row?.verified_phone === mobile };
}

/** Texts a code to the profile's mobile; one already verified gets none. Returns the number. */
export async function sendPhoneVerification(user: Who, meta: Meta & { locale?: Locale }) {
  const { mobile, verified } = await profileMobile(user);
  if (verified) return mobile;
  await within(
    [
      [`mobile-code:ip:${meta.ip}`, LIMITS.mobileCodePerAddress],
      [`mobile-code:phone:${mobile}`, LIMITS.mobileCodePerNumber],
    ],
    meta.now,
  );
  const { siteTitle } = await getGeneralSettings();
  // The one DLT-registered code template serves both uses: a new wording would need its own template.
  const { locale, templateId } = smsTemplate("sign-in-code", meta.locale ?? "en");
  await getDatabase()
    .db.transaction()
    .execute(async (trx) => {
      await sweepPhoneCodes(trx, meta.now);
      const { id, code } = await issuePhoneCode(trx, mobile, meta.now, user.id);
      const sms = signInCodeSms(siteTitle, code, locale);
      await enqueueSms(trx, "sign-in-code", `phone-verify:${id}`, { to: mobile, ...sms, ...(templateId ? { templateId } : {}) });
    });
  nudgeOutbox();
  return mobile;
}

/**
 * Checks the code for the profile's mobile as it is now: right, and the number becomes where order
 * SMS may go; wrong, used or expired, the same refusal as at sign-in. A phone changed since the code
 * was sent has no code of its own, so the old number's code proves nothing about it.
 */
export async function confirmPhoneVerification(user: Who, code: string, meta: Meta) {
  const { mobile, verified } = await profileMobile(user);
  if (verified) return mobile;
  await within(
    [
      [`signin:ip:${meta.ip}`, LIMITS.signInPerAddress],
      [`mobile-verify:phone:${mobile}`, LIMITS.mobileVerifyPerNumber],
    ],
    meta.now,
  );
  if (!(await consumePhoneCode(mobile, code, meta.now, user.id))) throw new AuthFailure(refusal("account.code_refused"), 400);
  await getDb().updateTable("user").set({ verified_phone: mobile }).where("id", "=", user.id).execute();
  return mobile;
}

/** Counts one hit on each limit; the first refusal takes back the hits already counted. */
async function within(limits: [string, Limit][], now?: number) {
  const hits: Awaited<ReturnType<typeof hitRateLimit>>[] = [];
  for (const [key, limit] of limits) {
    const hit = await hitRateLimit(key, limit, now);
    if (!hit.allowed) {
      await Promise.all(hits.map((h) => h.refund()));
      throw new AuthFailure(refusal("common.too_many_attempts", { seconds: hit.retryAfterSeconds }), 429);
    }
    hits.push(hit);
  }
}

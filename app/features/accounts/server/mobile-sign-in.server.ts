import { APIError } from "better-auth/api";
import { getAuth } from "~/platform/auth/auth.server";
import { doorAdmits, WRONG_DOOR } from "~/platform/auth/doors";
import { getDatabase } from "~/platform/db/db.server";
import type { Locale } from "~/platform/i18n/locale";
import { formatMobile, maskMobile } from "~/features/accounts/domain/mobile";
import { refusal } from "~/platform/core/refusal";
import { signInCodeSms } from "~/features/messaging/domain/sms-messages";
import { enqueueSms } from "~/features/messaging/server/enqueue.server";
import { smsTemplate } from "~/features/messaging/server/sms-template.server";
import { nudgeOutbox } from "~/features/messaging/server/worker.server";
import { hitRateLimit, type Limit, LIMITS } from "~/platform/rate-limit/rate-limit.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { log } from "~/platform/log.server";
import { AuthFailure, authRefusal, isSuspendedError, suspendedFailure } from "./auth-errors.server";
import { issuePhoneCode, sweepPhoneCodes } from "./phone-codes.server";
import { findPlaceholderHolder } from "./placeholder-holder.server";
import { endSession, type SignInResult } from "./sign-in.server";

type Meta = { ip: string; now?: number };

/**
 * Sends a sign-in code by SMS to `phone` (E.164). The answer is the same whether the number has an
 * account or not: the account is made, if need be, only when the code comes back. Limited per
 * number and per address; a refusal counts against neither. The SMS is in `locale`, the language of
 * the page that asked, when a template allows (smsTemplate).
 */
export async function requestMobileCode(phone: string, meta: Meta & { locale?: Locale }) {
  await within(
    [
      [`mobile-code:ip:${meta.ip}`, LIMITS.mobileCodePerAddress],
      [`mobile-code:phone:${phone}`, LIMITS.mobileCodePerNumber],
    ],
    meta.now,
  );
  const { siteTitle } = await getGeneralSettings();
  const { locale, templateId } = smsTemplate("sign-in-code", meta.locale ?? "en");
  const { db } = getDatabase();
  await db.transaction().execute(async (trx) => {
    await sweepPhoneCodes(trx, meta.now);
    const { id, code } = await issuePhoneCode(trx, phone, meta.now);
    const sms = signInCodeSms(siteTitle, code, locale);
    await enqueueSms(trx, "sign-in-code", `sign-in-code:${id}`, { to: phone, ...sms, ...(templateId ? { templateId } : {}) });
  });
  nudgeOutbox();
}

/**
 * Checks the code through Better Auth's phoneNumber plugin, whose `verifyOTP` hook is our code store
 * (auth.server.ts): a new number becomes a customer account (role user, a placeholder email), a
 * known one signs in, and either way the session cookie comes back in `headers`. Tries are limited
 * per number and per address on top of each code's own five.
 */
export async function verifyMobileCode(phone: string, code: string, meta: Meta & { headers: Headers }): Promise<SignInResult> {
  await within(
    [
      [`signin:ip:${meta.ip}`, LIMITS.signInPerAddress],
      [`mobile-verify:phone:${phone}`, LIMITS.mobileVerifyPerNumber],
    ],
    meta.now,
  );
  // Before the code is tried, so that it stays good for when the old account has been dealt with.
  const holder = await findPlaceholderHolder(phone);
  if (holder && !holder.removable) {
    log.warn({ to: maskMobile(phone), userId: holder.id }, "an older account holds this number's placeholder email");
    // An account from before reserved addresses were refused holds this number's placeholder email and must be kept.
    throw new AuthFailure(refusal("account.mobile_number_held"), 409);
  }
  let result: SignInResult;
  try {
    const { headers, response } = await getAuth().api.verifyPhoneNumber({
      // `phone` (the profile's contact number) is taken only when the account is created.
      body: { phoneNumber: phone, code, phone: formatMobile(phone) },
      headers: meta.headers,
      returnHeaders: true,
    });
    const user = response.user as { id: string; role?: string | null } | null | undefined;
    if (!user) throw new Error("verifyPhoneNumber returned no user");
    result = { headers, userId: user.id, role: user.role === "admin" || user.role === "vendor" ? user.role : "user" };
  } catch (error) {
    if (isSuspendedError(error)) throw suspendedFailure();
    if (error instanceof APIError && (error.body as { code?: string } | undefined)?.code === "INVALID_OTP") {
      // One answer for every wrong, used, expired or exhausted code: nothing to learn from the difference.
      throw new AuthFailure(refusal("account.code_refused"), 400);
    }
    if (isUniqueViolation(error) || (error instanceof APIError && error.statusCode >= 500)) {
      log.warn({ err: error, to: maskMobile(phone) }, "the account for a proved sign-in code could not be written");
      // The code is used up, and nothing else happened.
      throw new AuthFailure(refusal("account.mobile_sign_up_failed"), 409);
    }
    const refused = authRefusal(error);
    if (refused === null) throw error;
    throw new AuthFailure(refused, 400);
  }
  if (!doorAdmits("store", result.role)) {
    await endSession(result.headers);
    throw new AuthFailure(refusal(WRONG_DOOR.store), 403);
  }
  return result;
}

/** A unique index refused the write (another account took the number or its placeholder email meanwhile). */
function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; message?: string } | null;
  return getDatabase().engine === "postgres" ? e?.code === "23505" : /UNIQUE constraint failed/i.test(e?.message ?? "");
}

/** Counts one hit on each limit; the first refusal takes back the hits already counted and says how long to wait. */
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

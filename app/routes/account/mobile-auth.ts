import { data } from "react-router";
import type { Route } from "./+types/mobile-auth";
import { fieldErrors, firstError } from "~/domain/form-errors";
import { AUTH_UNEXPECTED, PROFILE_LOAD_FAILED } from "~/domain/messages";
import { maskMobile, type MobileAuthResult } from "~/domain/mobile";
import { MobileAuthSchema } from "~/domain/mobile-forms";
import { AuthFailure } from "~/services/account/auth-errors.server";
import { loadProfile } from "~/services/account/load-profile.server";
import { requestMobileCode, verifyMobileCode } from "~/services/account/mobile-sign-in.server";
import { clearSessionCookie } from "~/services/account/sign-in.server";
import { clientAddress } from "~/services/security/rate-limit.server";
import { requestLocale } from "~/lib/i18n.server";
import { log } from "~/lib/log.server";
import { readFields } from "~/lib/read-form.server";
import { localizeAccountMessage as say, localizeFieldErrors } from "~/lib/account-messages.server";
import { rememberedLocaleCookie } from "~/services/account/remembered-locale.server";

/**
 * The dialog's "Use mobile number instead" posts here: intent=send-code with a mobile number, then
 * intent=verify with the number and the 6-digit code (docs/decisions/013-mobile-sign-in.md).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFields(request);
  const ip = clientAddress(request);
  const parsed = MobileAuthSchema.safeParse(form);
  if (!parsed.success) {
    const fields = localizeFieldErrors(fieldErrors(parsed.error) as Record<string, string>);
    return data<MobileAuthResult>({ ok: false, error: say(firstError(fields)), fields }, { status: 400 });
  }
  const input = parsed.data;
  const { mobile } = input;
  try {
    if (input.intent === "send-code") {
      await requestMobileCode(mobile, { ip, locale: requestLocale(request) });
      return data<MobileAuthResult>({ ok: true, step: "code", mobile });
    }
    const result = await verifyMobileCode(mobile, input.code, { ip, headers: request.headers });
    const cookies = new Headers();
    for (const cookie of result.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
    const user = await loadProfile(result.userId);
    if (!user) return data<MobileAuthResult>({ ok: false, error: say(PROFILE_LOAD_FAILED) }, { status: 500, headers: cookies });
    const language = await rememberedLocaleCookie(request, result.userId);
    if (language) cookies.append("Set-Cookie", language);
    return data<MobileAuthResult>({ ok: true, step: "signed-in" }, { headers: cookies });
  } catch (error) {
    if (error instanceof AuthFailure) {
      const headers = error.status === 403 ? { "Set-Cookie": clearSessionCookie() } : undefined;
      return data<MobileAuthResult>({ ok: false, error: say(error.message) }, { status: error.status, headers });
    }
    log.error({ err: error, to: maskMobile(mobile) }, "mobile sign-in failed");
    return data<MobileAuthResult>({ ok: false, error: say(AUTH_UNEXPECTED) }, { status: 500 });
  }
}

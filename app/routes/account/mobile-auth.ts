import { data } from "react-router";
import type { Route } from "./+types/mobile-auth";
import { firstError } from "~/platform/core/form-errors";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { maskMobile, type MobileAuthResult } from "~/features/accounts/domain/mobile";
import { MobileAuthSchema } from "~/features/accounts/domain/mobile-forms";
import { loadProfile } from "~/features/accounts/server/load-profile.server";
import { requestMobileCode, verifyMobileCode } from "~/features/accounts/server/mobile-sign-in.server";
import { clearSessionCookie } from "~/features/accounts/server/sign-in.server";
import { clientAddress } from "~/platform/rate-limit/rate-limit.server";
import { requestLocale } from "~/platform/i18n/i18n.server";
import { log } from "~/platform/log.server";
import { readFields } from "~/platform/http/read-form.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { rememberedLocaleCookie } from "~/features/accounts/server/remembered-locale.server";

/**
 * The dialog's "Use mobile number instead" posts here: intent=send-code with a mobile number, then
 * intent=verify with the number and the 6-digit code (docs/decisions/013-mobile-sign-in.md).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFields(request);
  const ip = clientAddress(request);
  const parsed = MobileAuthSchema.safeParse(form);
  if (!parsed.success) {
    const fields = formErrors(parsed.error) as Record<string, string>;
    return data<MobileAuthResult>({ ok: false, error: firstError(fields), fields }, { status: 400 });
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
    if (!user)
      return data<MobileAuthResult>(
        { ok: false, error: renderRefusal(refusal("account.profile_load_failed")) },
        { status: 500, headers: cookies },
      );
    const language = await rememberedLocaleCookie(request.headers.get("cookie"), result.userId);
    if (language) cookies.append("Set-Cookie", language);
    return data<MobileAuthResult>({ ok: true, step: "signed-in" }, { headers: cookies });
  } catch (error) {
    if (error instanceof RefusalError) {
      const headers = error.status === 403 ? { "Set-Cookie": clearSessionCookie() } : undefined;
      return data<MobileAuthResult>({ ok: false, error: renderRefusal(error.refusal) }, { status: error.status, headers });
    }
    log.error({ err: error, to: maskMobile(mobile) }, "mobile sign-in failed");
    return data<MobileAuthResult>({ ok: false, error: renderRefusal(refusal("account.unexpected")) }, { status: 500 });
  }
}

import { data } from "react-router";
import type { Route } from "./+types/auth";
import { LoginSchema, RegisterSchema } from "~/features/accounts/domain/account";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { AUTH_UNEXPECTED, PROFILE_LOAD_FAILED } from "~/platform/i18n/messages";
import { AuthFailure } from "~/features/accounts/server/auth-errors.server";
import { loadProfile } from "~/features/accounts/server/load-profile.server";
import { REGISTRATION_SENT, registerCustomer } from "~/features/accounts/server/register-customer.server";
import { clearSessionCookie, signInAtDoor } from "~/features/accounts/server/sign-in.server";
import { clientAddress } from "~/platform/rate-limit/rate-limit.server";
import { log } from "~/platform/log.server";
import { readFields } from "~/platform/http/read-form.server";
import { localizeAccountMessage as say, localizeFieldErrors } from "~/features/accounts/server/account-messages.server";
import { rememberedLocaleCookie } from "~/features/accounts/server/remembered-locale.server";

type Result =
  | { ok: true; user: Awaited<ReturnType<typeof loadProfile>> }
  /** Registered (or the email was taken: the same answer): the link in the email finishes it. */
  | { ok: true; registered: true; message: string }
  | { ok: false; error: string; fields?: Record<string, string> };

/** The Login/Register dialog posts here (intent = login | register). */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFields(request);
  const intent = form.intent === "register" ? "register" : "login";
  const meta = { ip: clientAddress(request), headers: request.headers };
  try {
    if (intent === "register") {
      const parsed = RegisterSchema.safeParse(form);
      if (!parsed.success) {
        const fields = localizeFieldErrors(fieldErrors(parsed.error));
        return data<Result>({ ok: false, error: say(firstError(fields)), fields }, { status: 400 });
      }
      await registerCustomer(parsed.data, meta);
      return data<Result>({ ok: true, registered: true, message: say(REGISTRATION_SENT) });
    }
    const parsed = LoginSchema.safeParse(form);
    if (!parsed.success) {
      const fields = localizeFieldErrors(fieldErrors(parsed.error));
      return data<Result>({ ok: false, error: say(firstError(fields)), fields }, { status: 400 });
    }
    const result = await signInAtDoor("store", parsed.data, meta);
    const cookies = new Headers();
    for (const cookie of result.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
    const user = await loadProfile(result.userId);
    if (!user) return data<Result>({ ok: false, error: say(PROFILE_LOAD_FAILED) }, { status: 500, headers: cookies });
    const language = await rememberedLocaleCookie(request, result.userId);
    if (language) cookies.append("Set-Cookie", language);
    return data<Result>({ ok: true, user }, { headers: cookies });
  } catch (error) {
    if (error instanceof AuthFailure) {
      // A refused sign-in leaves no session behind: expire whatever cookie the browser holds.
      const headers = error.status === 403 ? { "Set-Cookie": clearSessionCookie() } : undefined;
      return data<Result>({ ok: false, error: say(error.message) }, { status: error.status, headers });
    }
    log.error({ err: error }, "auth action failed");
    return data<Result>({ ok: false, error: say(AUTH_UNEXPECTED) }, { status: 500 });
  }
}

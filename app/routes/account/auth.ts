import { data } from "react-router";
import { safeReturnPath } from "~/platform/http/safe-return-path";
import type { Route } from "./+types/auth";
import { LoginSchema, RegisterSchema } from "~/features/accounts/domain/account";
import { firstError } from "~/platform/core/form-errors";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { loadProfile } from "~/features/accounts/server/load-profile.server";
import { registerCustomer } from "~/features/accounts/server/register-customer.server";
import { clearSessionCookie, signInAtDoor } from "~/features/accounts/server/sign-in.server";
import { clientAddress } from "~/platform/rate-limit/rate-limit.server";
import { log } from "~/platform/log.server";
import { readFields } from "~/platform/http/read-form.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { m } from "~/platform/i18n/i18n.server";
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
        const fields = formErrors(parsed.error);
        return data<Result>({ ok: false, error: firstError(fields), fields }, { status: 400 });
      }
      // The cart or checkout the dialog was opened on: the confirmation link brings the person back there.
      await registerCustomer(parsed.data, { ...meta, next: safeReturnPath(form.next, "/") });
      return data<Result>({ ok: true, registered: true, message: m.account_registration_sent() });
    }
    const parsed = LoginSchema.safeParse(form);
    if (!parsed.success) {
      const fields = formErrors(parsed.error);
      return data<Result>({ ok: false, error: firstError(fields), fields }, { status: 400 });
    }
    const result = await signInAtDoor("store", parsed.data, meta);
    const cookies = new Headers();
    for (const cookie of result.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
    const user = await loadProfile(result.userId);
    if (!user)
      return data<Result>({ ok: false, error: renderRefusal(refusal("account.profile_load_failed")) }, { status: 500, headers: cookies });
    const language = await rememberedLocaleCookie(request.headers.get("cookie"), result.userId);
    if (language) cookies.append("Set-Cookie", language);
    return data<Result>({ ok: true, user }, { headers: cookies });
  } catch (error) {
    if (error instanceof RefusalError) {
      // A refused sign-in leaves no session behind: expire whatever cookie the browser holds.
      const headers = error.status === 403 ? { "Set-Cookie": clearSessionCookie() } : undefined;
      return data<Result>({ ok: false, error: renderRefusal(error.refusal) }, { status: error.status, headers });
    }
    log.error({ err: error }, "auth action failed");
    return data<Result>({ ok: false, error: renderRefusal(refusal("account.unexpected")) }, { status: 500 });
  }
}

import { data } from "react-router";
import type { Route } from "./+types/verification";
import { getSessionUser } from "~/platform/auth/session.server";
import { RefusalError } from "~/platform/core/refusal";
import { resendVerification } from "~/features/accounts/server/email-verification.server";
import { clientAddress } from "~/platform/rate-limit/rate-limit.server";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { m } from "~/platform/i18n/i18n.server";
import { readFields } from "~/platform/http/read-form.server";
import { safeReturnPath } from "~/platform/http/safe-return-path";

export type ResendResult = { ok: true; message: string } | { ok: false; error: string };

/** "Send a new link": the confirm-your-email banner (checkout, account page, vendor area) posts here. */
export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) return data<ResendResult>({ ok: false, error: m.account_login_required() }, { status: 401 });
  if (user.verified) return data<ResendResult>({ ok: true, message: m.account_email_already_confirmed() });
  const { next } = await readFields(request);
  try {
    await resendVerification(user, { ip: clientAddress(request), headers: request.headers, next: safeReturnPath(next, "/") });
  } catch (error) {
    if (error instanceof RefusalError)
      return data<ResendResult>({ ok: false, error: renderRefusal(error.refusal) }, { status: error.status });
    throw error;
  }
  return data<ResendResult>({ ok: true, message: m.account_new_link_sent({ email: user.email }) });
}

export function loader() {
  return data(null, { status: 405 });
}

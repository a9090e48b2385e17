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
import { redirectWithToast } from "~/platform/toast/toast.server";

export type ResendResult = { ok: true; message: string } | { ok: false; error: string };

/**
 * "Send a new link": the confirm-your-email banner (checkout, account page, vendor area) posts here.
 * The banner's scripts show the answer in place. A page drawn by the server waits for its scripts
 * (decisions 044, 046): a tap before they run posts the form as a browser does without them, and the
 * answer is then the page it came from with the message as a toast, never this route's data.
 */
export async function action({ request }: Route.ActionArgs) {
  const { next } = await readFields(request);
  const back = safeReturnPath(next, "/");
  const answer = (result: ResendResult, status = 200) =>
    request.headers.get("sec-fetch-mode") === "navigate"
      ? redirectWithToast(back, result.ok ? { description: result.message } : { description: result.error, type: "error" })
      : data<ResendResult>(result, { status });
  const user = await getSessionUser(request);
  if (!user) return answer({ ok: false, error: m.account_login_required() }, 401);
  if (user.verified) return answer({ ok: true, message: m.account_email_already_confirmed() });
  try {
    await resendVerification(user, { ip: clientAddress(request), headers: request.headers, next: back });
  } catch (error) {
    if (error instanceof RefusalError) return answer({ ok: false, error: renderRefusal(error.refusal) }, error.status);
    throw error;
  }
  return answer({ ok: true, message: m.account_new_link_sent({ email: user.email }) });
}

export function loader() {
  return data(null, { status: 405 });
}

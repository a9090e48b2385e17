import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/verify-email";
import { TextField } from "~/ui/text-field";
import { PASSWORD_MAX } from "~/features/accounts/domain/account-rules";
import { readFields } from "~/platform/http/read-form.server";
import { RefusalError } from "~/platform/core/refusal";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { m } from "~/platform/i18n/i18n.server";
import { useT } from "~/platform/i18n/i18n";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { confirmEmail, inspectLink } from "~/features/accounts/server/email-verification.server";
import { clientAddress } from "~/platform/rate-limit/rate-limit.server";
import { safeReturnPath } from "~/platform/http/safe-return-path";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "Confirm your email · Angle" },
  { name: "robots", content: "noindex" },
];

// The link's token is in the address: never cached, never sent on to another site as a Referer.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

/**
 * Opening the link changes nothing: mail scanners and link previews fetch links too, and the first
 * use signs the person in. The page asks for one click, which posts the token, and for the
 * account's password unless this browser is signed in as that account: the link alone proves the
 * mailbox, not who chose the password (docs/decisions/030-pre-registration-and-phones.md).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const title = m.account_title_verify_email();
  // Where the link brings the person back (the cart or checkout they registered from): this site only.
  const next = safeReturnPath(url.searchParams.get("next"), "/");
  const link = await inspectLink(token, { headers: request.headers });
  if (!link) return data({ token: "", needsPassword: false, title, next }, { status: 410 });
  return { token, needsPassword: link.needsPassword, title, next };
}

const DONE = {
  confirmed: () => m.account_email_confirmed(),
  already: () => m.account_email_was_confirmed(),
  changed: () => m.account_email_changed(),
} as const;

type Refusal = { expired: boolean; needsPassword: boolean; error: string };

export async function action({ request }: Route.ActionArgs) {
  const fields = await readFields(request);
  const { token = "", password = "", next } = fields;
  let result: Awaited<ReturnType<typeof confirmEmail>>;
  try {
    result = await confirmEmail(token, { headers: request.headers, ip: clientAddress(request), password: password || undefined });
  } catch (error) {
    if (error instanceof RefusalError)
      return data<Refusal>({ expired: false, needsPassword: true, error: renderRefusal(error.refusal) }, { status: error.status });
    throw error;
  }
  if (!result.ok && result.needsPassword) {
    // Posted from the form that asked for it, but left empty: say so at the field.
    const error = "password" in fields ? m.account_password_missing() : "";
    return data<Refusal>({ expired: false, needsPassword: true, error }, { status: 401 });
  }
  if (!result.ok) return data<Refusal>({ expired: true, needsPassword: false, error: "" }, { status: 410 });
  const cookies = new Headers();
  for (const cookie of result.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  // Back where the person was (the cart or checkout the link was asked from), else home; a link
  // used again signs nobody in (whoever is signed in here stays so).
  const to = result.role === "vendor" ? "/vendor-login" : result.kind === "changed" ? "/account" : safeReturnPath(next, "/");
  return redirectWithToast(to, { description: DONE[result.kind]() }, { headers: cookies });
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const expired = !loaderData.token || actionData?.expired;
  const needsPassword = loaderData.needsPassword || actionData?.needsPassword;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-900">{t("ui_account_confirm_heading")}</h1>
      {expired ? (
        <div role="alert" className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
          <p className="font-medium">{t("ui_account_link_expired")}</p>
          <p className="mt-2 text-sm">{t("ui_account_link_expired_hint")}</p>
          <p className="mt-3">
            <Link to="/?auth=login" className="font-semibold text-brand-700 underline">
              {t("ui_account_sign_in")}
            </Link>
          </p>
        </div>
      ) : (
        <Form method="post" noValidate className="mt-6 space-y-4 rounded-xl border border-stone-200 bg-white p-5">
          <p className="text-stone-700">{needsPassword ? t("ui_account_confirm_password_intro") : t("ui_account_confirm_intro")}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <input type="hidden" name="next" value={loaderData.next} />
          {needsPassword ? (
            <TextField
              label={t("ui_account_password")}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX}
              error={actionData?.error || undefined}
            />
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="h-11 w-full rounded-lg bg-brand-700 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {busy ? t("ui_account_confirming") : t("ui_account_confirm_my_email")}
          </button>
          {needsPassword ? (
            <p className="text-sm text-stone-600">
              {t("ui_account_confirm_no_password")}{" "}
              <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
                {t("ui_account_confirm_reset")}
              </Link>
            </p>
          ) : null}
        </Form>
      )}
    </div>
  );
}

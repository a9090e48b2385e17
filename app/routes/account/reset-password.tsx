import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { TextField } from "~/ui/text-field";
import { ResetPasswordSchema } from "~/features/accounts/domain/account";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/features/accounts/domain/account-rules";
import { readFields } from "~/platform/http/read-form.server";
import { formErrors } from "~/platform/i18n/render-refusal.server";
import { m } from "~/platform/i18n/i18n.server";
import { useT } from "~/platform/i18n/i18n";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { clearSessionCookie } from "~/features/accounts/server/sign-in.server";
import { findResetToken, resetPassword } from "~/features/accounts/server/password-reset.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "Choose a new password · Angle" },
  { name: "robots", content: "noindex" },
];

// The link's token is in the address: never cached, never sent on to another site as a Referer.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

/** Where each kind of account signs in. */
const SIGN_IN = { user: "/?auth=login", vendor: "/vendor-login", admin: "/admin/login" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const title = m.account_title_reset_password();
  if (!(await findResetToken(token))) return data({ valid: false as const, token: "", title }, { status: 410 });
  return { valid: true as const, token, title };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = ResetPasswordSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ expired: false, error: formErrors(parsed.error).password ?? "" }, { status: 400 });
  const result = await resetPassword(parsed.data.token, parsed.data.password);
  if (!result.ok) return data({ expired: true, error: "" }, { status: 410 });
  // Every session of the account has ended, this browser's too: sign in with the new password.
  return redirectWithToast(
    SIGN_IN[result.role],
    { description: m.account_reset_done() },
    { headers: { "Set-Cookie": clearSessionCookie() } },
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const expired = !loaderData.valid || actionData?.expired;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-900">{t("ui_account_reset_heading")}</h1>
      {expired ? (
        <div role="alert" className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4">
          <p className="font-medium text-amber-900">{t("ui_account_reset_expired")}</p>
          <p className="mt-3">
            <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
              {t("ui_account_ask_new_link")}
            </Link>
          </p>
        </div>
      ) : (
        <Form method="post" noValidate className="mt-6 space-y-4 rounded-xl border border-stone-200 bg-white p-5">
          <fieldset disabled={busy} className="space-y-4">
            <input type="hidden" name="token" value={loaderData.token} />
            <TextField
              label={t("ui_account_new_password")}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX}
              hint={t("ui_account_password_rule", { min: PASSWORD_MIN })}
              error={actionData?.error || undefined}
            />
            <button
              type="submit"
              className="h-11 w-full rounded-lg bg-brand-700 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {busy ? t("ui_account_saving") : t("ui_account_set_new_password")}
            </button>
          </fieldset>
        </Form>
      )}
    </div>
  );
}

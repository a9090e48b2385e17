import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { TextField } from "~/ui/text-field";
import { ForgotPasswordSchema } from "~/features/accounts/domain/account";
import { FIELD_MAX } from "~/features/accounts/domain/account-rules";
import { readFields } from "~/platform/http/read-form.server";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { m } from "~/platform/i18n/i18n.server";
import { useT } from "~/platform/i18n/i18n";
import { requestPasswordReset } from "~/features/accounts/server/password-reset.server";
import { clientAddress } from "~/platform/rate-limit/rate-limit.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "Forgot password · Angle" },
  { name: "robots", content: "noindex" },
];

export function loader() {
  return { title: m.account_title_forgot_password() };
}

type Result = { sent: true; message: string } | { sent: false; error: string };

export async function action({ request }: Route.ActionArgs) {
  const parsed = ForgotPasswordSchema.safeParse(await readFields(request));
  if (!parsed.success) {
    const error = formErrors(parsed.error).email ?? renderRefusal(refusal("account.email_missing"));
    return data<Result>({ sent: false, error }, { status: 400 });
  }
  try {
    await requestPasswordReset(parsed.data.email, { ip: clientAddress(request) });
  } catch (error) {
    if (error instanceof RefusalError) return data<Result>({ sent: false, error: renderRefusal(error.refusal) }, { status: error.status });
    throw error;
  }
  // The same words whether or not an account has that email (nobody can probe who is a customer).
  return data<Result>({ sent: true, message: m.account_reset_sent() });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-900">{t("ui_account_forgot_password")}</h1>
      {actionData?.sent ? (
        <p role="status" className="mt-6 rounded-lg bg-brand-50 p-4 font-medium text-brand-900">
          {actionData.message}
        </p>
      ) : (
        <>
          <p className="mt-2 text-stone-600">{t("ui_account_forgot_intro")}</p>
          <Form method="post" noValidate className="mt-6 space-y-4 rounded-xl border border-stone-200 bg-white p-5">
            <fieldset disabled={busy} className="space-y-4">
              <TextField
                label={t("ui_account_email")}
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={FIELD_MAX.email}
                error={actionData && !actionData.sent ? actionData.error : undefined}
              />
              <button
                type="submit"
                className="h-11 w-full rounded-lg bg-brand-700 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
              >
                {busy ? t("ui_account_sending") : t("ui_account_send_reset_link")}
              </button>
            </fieldset>
          </Form>
        </>
      )}
      <p className="mt-6 text-sm text-stone-700">
        <Link to="/?auth=login" className="font-semibold text-brand-700 underline">
          {t("ui_account_back_to_sign_in")}
        </Link>
      </p>
    </div>
  );
}

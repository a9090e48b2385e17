import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/set-password";
import { getSessionUser } from "~/platform/auth/session.server";
import { TextField } from "~/ui/text-field";
import { SetPasswordSchema } from "~/features/accounts/domain/account";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/features/accounts/domain/account-rules";
import { readFields } from "~/platform/http/read-form.server";
import { formErrors } from "~/platform/i18n/render-refusal.server";
import { m } from "~/platform/i18n/i18n.server";
import { useT } from "~/platform/i18n/i18n";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { setOwnPassword } from "~/features/accounts/server/change-password.server";
import { temporaryPasswordDeadline } from "~/features/accounts/server/temporary-password.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "Set your password · Angle" },
  { name: "robots", content: "noindex" },
];

/** Where each kind of account goes once its password is its own. */
const HOME = { user: "/", vendor: "/vendor-login", admin: "/admin/dashboard" } as const;

async function signedIn(request: Request) {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/?auth=login");
  return user;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await signedIn(request);
  // Only for a temporary password: everyone else changes theirs on /account, with the current one.
  if ((await temporaryPasswordDeadline(user.id)) === null) throw redirect("/account");
  return { title: m.account_title_set_password() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await signedIn(request);
  if ((await temporaryPasswordDeadline(user.id)) === null) {
    return data({ error: m.account_password_already_own() }, { status: 403 });
  }
  const parsed = SetPasswordSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: formErrors(parsed.error).password ?? "" }, { status: 400 });
  const cookies = await setOwnPassword(user, parsed.data.password, { headers: request.headers });
  const headers = new Headers();
  for (const cookie of cookies.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirectWithToast(HOME[user.role], { description: m.account_new_password_set() }, { headers });
}

export default function SetPassword({ actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-900">{t("ui_account_set_password_heading")}</h1>
      <p className="mt-2 text-stone-600">{t("ui_account_set_password_intro")}</p>
      <Form method="post" noValidate className="mt-6 space-y-4 rounded-xl border border-stone-200 bg-white p-5">
        <fieldset disabled={busy} className="space-y-4">
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
            {busy ? t("ui_account_saving") : t("ui_account_set_password")}
          </button>
        </fieldset>
      </Form>
    </div>
  );
}

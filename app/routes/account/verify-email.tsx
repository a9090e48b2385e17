import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/verify-email";
import { readFields } from "~/lib/read-form.server";
import { m } from "~/lib/i18n.server";
import { useT } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { confirmEmail, isLinkToken } from "~/services/account/email-verification.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "Confirm your email · Angle" },
  { name: "robots", content: "noindex" },
];

// The link's token is in the address: never cached, never sent on to another site as a Referer.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

/**
 * Opening the link changes nothing: mail scanners and link previews fetch links too, and the first
 * use signs the person in. The page asks for one click, which posts the token.
 */
export function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const title = m.account_title_verify_email();
  if (!isLinkToken(token)) return data({ token: "", title }, { status: 410 });
  return { token, title };
}

const DONE = {
  confirmed: () => m.account_email_confirmed(),
  already: () => m.account_email_was_confirmed(),
  changed: () => m.account_email_changed(),
} as const;

export async function action({ request }: Route.ActionArgs) {
  const { token = "" } = await readFields(request);
  const result = await confirmEmail(token, { headers: request.headers });
  if (!result.ok) return data({ expired: true }, { status: 410 });
  const cookies = new Headers();
  for (const cookie of result.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  // A link used again signs nobody in (whoever is signed in here stays so): the home page either way.
  const to = result.role === "vendor" ? "/vendor-login" : result.kind === "changed" ? "/account" : "/";
  return redirectWithToast(to, { description: DONE[result.kind]() }, { headers: cookies });
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const expired = !loaderData.token || actionData?.expired;
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
        <Form method="post" className="mt-6 space-y-4 rounded-xl border border-stone-200 bg-white p-5">
          <p className="text-stone-700">{t("ui_account_confirm_intro")}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button
            type="submit"
            disabled={busy}
            className="h-11 w-full rounded-lg bg-brand-700 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {busy ? t("ui_account_confirming") : t("ui_account_confirm_my_email")}
          </button>
        </Form>
      )}
    </div>
  );
}

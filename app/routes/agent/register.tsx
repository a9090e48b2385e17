import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/register";
import { getSessionUser } from "~/platform/auth/session.server";
import { m } from "~/platform/i18n/i18n.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { firstError } from "~/platform/core/form-errors";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { TextField } from "~/ui/text-field";
import { FormError } from "~/ui/form-error";
import { FIELD_MAX } from "~/features/accounts/domain/account-rules";
import { formatMobile } from "~/features/accounts/domain/mobile";
import { AgentRegistrationSchema } from "~/features/agents/domain/agents";
import { getAgent } from "~/features/agents/server/agents.server";
import { registerAgent } from "~/features/agents/server/register-agent.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.text.meta ?? "Become a field agent · Angle" },
  { name: "robots", content: "noindex" },
];

const text = () => ({
  meta: m.agents_register_meta(),
  title: m.agents_register_title(),
  intro: m.agents_register_intro(),
  name: m.agents_register_name(),
  mobile: m.agents_register_mobile(),
  mobileHint: m.agents_register_mobile_hint(),
  village: m.agents_register_village(),
  pincode: m.agents_register_pincode(),
  button: m.agents_register_button(),
  account: m.agents_account_link(),
  home: m.agents_home_link(),
});

/**
 * A customer asks to be a field agent (docs/decisions/065-field-agents.md). Signed out: the sign-in
 * dialog opens on this page, which it comes back to. The mobile number is the account's proven one.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) {
    if (new URL(request.url).searchParams.get("auth") === null) throw redirect("/agent/register?auth=login");
    return { text: text(), state: "signed-out" as const, message: m.agents_signed_out() };
  }
  if (user.role !== "user") return { text: text(), state: "refused" as const, message: renderRefusal(refusal("agents.customers_only")) };
  const agent = await getAgent(user.id);
  // An agent, or a request waiting: their home says where it stands.
  if (agent && agent.status !== "rejected") throw redirect("/agent");
  if (!user.mobile) return { text: text(), state: "refused" as const, message: renderRefusal(refusal("agents.mobile_unproven")) };
  return {
    text: text(),
    state: "form" as const,
    values: {
      name: agent?.name ?? user.name,
      mobile: formatMobile(user.mobile),
      village: agent?.village ?? user.address.city,
      pincode: agent?.pincode ?? user.address.pincode,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) return data({ error: renderRefusal(refusal("account.login_required")), fields: {} }, { status: 401 });
  const parsed = AgentRegistrationSchema.safeParse(await readFields(request));
  if (!parsed.success) {
    const fields = formErrors(parsed.error) as Record<string, string>;
    return data({ error: firstError(fields), fields }, { status: 400 });
  }
  try {
    await registerAgent(user, parsed.data);
  } catch (error) {
    if (error instanceof RefusalError) return data({ error: renderRefusal(error.refusal), fields: {} }, { status: error.status });
    throw error;
  }
  return redirectWithToast("/agent", { description: m.agents_register_sent() });
}

export default function AgentRegister({ loaderData: page, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { text: t } = page;
  const fields: Record<string, string | undefined> = actionData?.fields ?? {};
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold text-stone-900">{t.title}</h1>
      <p className="mt-2 text-stone-700">{t.intro}</p>
      {page.state === "form" ? (
        <Form method="post" noValidate className="mt-6 rounded-xl border border-stone-200 bg-white p-5">
          <FormError message={actionData?.error} />
          <fieldset disabled={busy} className="mt-2 space-y-4">
            <TextField
              label={t.name}
              name="name"
              autoComplete="name"
              required
              maxLength={FIELD_MAX.name}
              defaultValue={page.values.name}
              error={fields.name}
            />
            <TextField label={t.mobile} name="mobile" readOnly defaultValue={page.values.mobile} hint={t.mobileHint} />
            <TextField
              label={t.village}
              name="village"
              required
              maxLength={FIELD_MAX.city}
              defaultValue={page.values.village}
              error={fields.village}
            />
            <TextField
              label={t.pincode}
              name="pincode"
              inputMode="numeric"
              autoComplete="postal-code"
              required
              maxLength={6}
              defaultValue={page.values.pincode}
              error={fields.pincode}
            />
            <button
              type="submit"
              className="h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {t.button}
            </button>
          </fieldset>
        </Form>
      ) : (
        <div className="mt-6 rounded-xl border border-stone-200 bg-white p-5">
          <p role={page.state === "refused" ? "alert" : undefined} className="text-stone-800">
            {page.message}
          </p>
          <Link to="/account" className="mt-3 inline-block font-medium text-brand-800 underline">
            {t.account}
          </Link>
        </div>
      )}
    </div>
  );
}

import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/farmers";
import { m, currentLocale } from "~/platform/i18n/i18n.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { firstError } from "~/platform/core/form-errors";
import { RefusalError } from "~/platform/core/refusal";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { LANGUAGE_NAMES } from "~/platform/i18n/locale";
import { TextField } from "~/ui/text-field";
import { FormError } from "~/ui/form-error";
import { FIELD_MAX } from "~/features/accounts/domain/account-rules";
import { formatMobile } from "~/features/accounts/domain/mobile";
import { StateSelect } from "~/features/delivery/ui/state-select";
import { NewFarmerSchema } from "~/features/orders/domain/assisted-orders";
import { addAgentFarmer, listAgentFarmers } from "~/features/agents/server/agent-farmers.server";
import { AgentNav } from "~/features/agents/ui/agent-nav";
import { requireAgentAction, requireAgentPage } from "~/features/agents/web/require-agent.server";
import { agentNavText } from "~/features/agents/web/agent-nav-text.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.text.meta ?? "My farmers · Angle" },
  { name: "robots", content: "noindex" },
];

/**
 * An agent's farmers (docs/decisions/065-field-agents.md): theirs only, with whether they may order
 * for each, and the form that adds one by mobile number (an account is made if there is none).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { agent } = await requireAgentPage(request);
  const farmers = await listAgentFarmers(agent.userId);
  const status = { approved: m.agents_link_approved(), pending: m.agents_link_pending(), rejected: m.agents_link_rejected() };
  return {
    nav: agentNavText(),
    locale: currentLocale(),
    farmers: farmers.map((f) => ({
      ...f,
      mobile: f.mobile ? formatMobile(f.mobile) : "",
      statusText: status[f.status],
      orderLabel: m.agents_farmers_order({ name: f.name }),
    })),
    text: {
      meta: m.agents_farmers_meta(),
      title: m.agents_farmers_title(),
      intro: m.agents_farmers_intro(),
      empty: m.agents_farmers_empty(),
      add: m.agents_farmers_add(),
      name: m.agents_farmers_name(),
      mobile: m.agents_farmers_mobile(),
      language: m.agents_farmers_language(),
      street: m.agents_farmers_street(),
      city: m.agents_farmers_city(),
      state: m.agents_farmers_state(),
      pincode: m.agents_farmers_pincode(),
      button: m.agents_farmers_add_button(),
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { agent } = await requireAgentAction(request);
  const parsed = NewFarmerSchema.safeParse(await readFields(request));
  if (!parsed.success) {
    const fields = formErrors(parsed.error) as Record<string, string>;
    return data({ error: firstError(fields), fields }, { status: 400 });
  }
  try {
    const { farmer, status, created } = await addAgentFarmer(agent, parsed.data);
    const said =
      status === "pending"
        ? m.agents_farmers_added_pending({ name: farmer.name })
        : created
          ? m.agents_farmers_added_new({ name: farmer.name })
          : m.agents_farmers_added({ name: farmer.name });
    return redirectWithToast("/agent/farmers", { description: said });
  } catch (error) {
    if (error instanceof RefusalError) return data({ error: renderRefusal(error.refusal), fields: {} }, { status: error.status });
    throw error;
  }
}

const badge = { approved: "bg-green-50 text-green-800", pending: "bg-amber-50 text-amber-900", rejected: "bg-red-50 text-red-800" };

export default function AgentFarmers({ loaderData: page, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { text: t } = page;
  const fields: Record<string, string | undefined> = actionData?.fields ?? {};
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <AgentNav text={page.nav} />
      <h1 className="mt-6 text-2xl font-bold text-stone-900">{t.title}</h1>
      <p className="mt-1 text-stone-700">{t.intro}</p>
      {page.farmers.length === 0 ? (
        <p className="mt-4 text-stone-600">{t.empty}</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {page.farmers.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="agent-farmer">
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">{f.name}</p>
                <p className="text-sm text-stone-600">
                  {f.mobile} · {f.village} {f.pincode}
                </p>
                <span className={`mt-1 inline-block rounded px-2 py-0.5 text-xs font-semibold ${badge[f.status]}`}>{f.statusText}</span>
              </div>
              {f.status === "approved" ? (
                <Link
                  to={`/agent/orders/new?farmer=${f.id}`}
                  className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  {f.orderLabel}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="add-farmer" className="mt-8 rounded-xl border border-stone-200 bg-white p-5">
        <h2 id="add-farmer" className="text-xl font-semibold text-stone-900">
          {t.add}
        </h2>
        {/* A new form after each farmer added: the fields start empty again. */}
        <Form key={page.farmers.length} method="post" noValidate>
          <FormError message={actionData?.error} />
          <fieldset disabled={busy} className="mt-3 space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={t.name} name="name" required maxLength={FIELD_MAX.name} error={fields.name} />
              <TextField label={t.mobile} name="mobile" type="tel" inputMode="tel" required maxLength={20} error={fields.mobile} />
            </div>
            <div>
              <label htmlFor="farmer-locale" className="mb-1 block text-sm font-medium text-stone-800">
                {t.language}
              </label>
              <select
                id="farmer-locale"
                name="locale"
                defaultValue={page.locale}
                className="h-11 w-full rounded-lg border border-stone-300 bg-white px-2"
              >
                <option value="hi">{LANGUAGE_NAMES.hi}</option>
                <option value="en">{LANGUAGE_NAMES.en}</option>
              </select>
            </div>
            <TextField label={t.street} name="street" required maxLength={FIELD_MAX.street} error={fields.street} />
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField label={t.city} name="city" required maxLength={FIELD_MAX.city} error={fields.city} />
              <StateSelect label={t.state} error={fields.state} />
              <TextField label={t.pincode} name="pincode" inputMode="numeric" required maxLength={6} error={fields.pincode} />
            </div>
            <button
              type="submit"
              className="h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {t.button}
            </button>
          </fieldset>
        </Form>
      </section>
    </div>
  );
}

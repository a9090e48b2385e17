import { data, Form } from "react-router";
import Download from "lucide-react/icons/download";
import type { Route } from "./+types/agent-commission";
import { m } from "~/platform/i18n/i18n.server";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { refusal } from "~/platform/core/refusal";
import { indiaToday } from "~/platform/core/india-day";
import { isStatementMonth } from "~/features/commission/domain/commission";
import { agentStatement } from "~/features/commission/server/agent-statement.server";
import { showStatement } from "~/features/commission/server/show-statement.server";
import { checkApprovedAgent } from "~/features/commission/web/agent-guard.server";
import { StatementLines } from "~/features/commission/ui/statement-view";
import { LoginPrompt } from "~/features/accounts/ui/login-prompt";
import { AgentNav } from "~/features/agents/ui/agent-nav";
import { agentNavText } from "~/features/agents/web/agent-nav-text.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "My commission"} · Angle` },
  { name: "robots", content: "noindex" },
];

/**
 * /agent/commission?month=2026-11: an approved field agent's commission for a month in India
 * (docs/decisions/066-agent-commission.md), with the same statement as a spreadsheet and a PDF.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const title = m.commission_title();
  const check = await checkApprovedAgent(request);
  if (!check.ok && check.status === 401) return data({ state: "login" as const, title, message: m.commission_login() }, { status: 401 });
  if (!check.ok) {
    return data({ state: "refused" as const, title, message: renderRefusal(refusal("commission.not_agent")), form: null }, { status: 403 });
  }
  const month = new URL(request.url).searchParams.get("month")?.trim() || indiaToday().slice(0, 7);
  const form = { monthLabel: m.commission_month(), show: m.commission_show(), month };
  if (!isStatementMonth(month)) {
    return data({ state: "refused" as const, title, message: renderRefusal(refusal("commission.month")), form }, { status: 400 });
  }
  const statement = await agentStatement(check.agentId, month);
  if (!statement) throw data(null, { status: 404 });
  return {
    state: "ok" as const,
    title,
    intro: m.commission_intro(),
    nav: agentNavText(),
    form,
    downloads: { csv: m.commission_download_csv(), pdf: m.commission_download_pdf() },
    statement: showStatement(statement),
  };
}

function MonthForm({ form }: { form: { monthLabel: string; show: string; month: string } }) {
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="commission-month" className="mb-1 block text-sm font-medium text-stone-700">
          {form.monthLabel}
        </label>
        <input
          id="commission-month"
          type="month"
          name="month"
          defaultValue={form.month}
          className="h-11 rounded-lg border border-stone-300 px-3 focus:border-brand-600 focus:outline-none"
        />
      </div>
      <button type="submit" className="h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
        {form.show}
      </button>
    </Form>
  );
}

export default function AgentCommission({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "login") return <LoginPrompt title={loaderData.title} text={loaderData.message} />;
  if (loaderData.state === "refused") {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-bold text-stone-900">{loaderData.title}</h1>
        {loaderData.form ? <MonthForm form={loaderData.form} /> : null}
        <p role="alert" className="mt-4 font-medium text-red-700">
          {loaderData.message}
        </p>
      </div>
    );
  }
  const { statement: s, downloads, form } = loaderData;
  const file = (ext: "csv" | "pdf") => `/agent/commission.${ext}?month=${encodeURIComponent(s.month)}`;
  const link =
    "inline-flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800";
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <AgentNav text={loaderData.nav} />
      <h1 className="mt-4 text-2xl font-bold text-stone-900 sm:text-3xl">{loaderData.title}</h1>
      <p className="mt-2 text-stone-600">{loaderData.intro}</p>
      <MonthForm form={form} />
      <p className="mt-6 rounded-xl bg-brand-50 p-4 text-xl font-bold text-brand-900 ring-1 ring-brand-200">{s.text.earnedTotal}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <a href={file("csv")} className={link} download>
          <Download className="h-4 w-4" aria-hidden="true" />
          {downloads.csv}
        </a>
        <a href={file("pdf")} className={link} download>
          <Download className="h-4 w-4" aria-hidden="true" />
          {downloads.pdf}
        </a>
      </div>
      <h2 className="mt-8 text-xl font-semibold text-stone-900">{s.text.earnedHeading}</h2>
      <StatementLines lines={s.earned} labels={s.labels} empty={s.text.noneEarned} />
      <h2 className="mt-8 text-xl font-semibold text-stone-900">{s.text.pendingHeading}</h2>
      {s.pending.length > 0 ? <p className="mt-1 text-sm text-stone-600">{s.text.pendingText}</p> : null}
      <StatementLines lines={s.pending} labels={s.labels} empty={s.text.nonePending} />
    </div>
  );
}

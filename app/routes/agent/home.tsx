import { Link } from "react-router";
import type { Route } from "./+types/home";
import { getSessionUser } from "~/platform/auth/session.server";
import { m } from "~/platform/i18n/i18n.server";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { refusal } from "~/platform/core/refusal";
import { agentArea, getAgent } from "~/features/agents/server/agents.server";
import { ordersToday } from "~/features/agents/server/agent-orders.server";
import { AgentNav } from "~/features/agents/ui/agent-nav";
import { agentNavText } from "~/features/agents/web/agent-nav-text.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta ?? "Field agent · Angle" },
  { name: "robots", content: "noindex" },
];

/**
 * A field agent's home (docs/decisions/065-field-agents.md): where the visitor stands — signed out,
 * not an agent, waiting, refused, suspended — in a plain sentence, and for an approved agent today's
 * orders against their limit and the links to their farmers and orders.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const page = { meta: m.agents_meta(), title: m.agents_title(), intro: m.agents_intro() };
  if (!user) {
    return {
      ...page,
      state: "signed-out" as const,
      message: m.agents_signed_out(),
      link: { to: "/agent?auth=login", label: m.agents_sign_in() },
    };
  }
  if (user.role !== "user")
    return { ...page, state: "refused" as const, message: renderRefusal(refusal("agents.customers_only")), link: null };
  const agent = await getAgent(user.id);
  if (!agent) {
    return {
      ...page,
      state: "none" as const,
      message: m.agents_not_registered(),
      link: { to: "/agent/register", label: m.agents_register_link() },
    };
  }
  if (agent.status === "pending") return { ...page, state: "pending" as const, message: m.agents_status_pending(), link: null };
  if (agent.status === "rejected") {
    return {
      ...page,
      state: "rejected" as const,
      message: m.agents_status_rejected(),
      link: { to: "/agent/register", label: m.agents_register_link() },
    };
  }
  if (agent.status === "suspended") return { ...page, state: "suspended" as const, message: m.agents_status_suspended(), link: null };
  const [area, today] = await Promise.all([agentArea(agent.userId), ordersToday(agent.userId)]);
  return {
    ...page,
    state: "approved" as const,
    message: m.agents_status_approved({ area: area.join(", ") }),
    link: null,
    today: m.agents_today({ count: today, limit: agent.dailyOrderLimit }),
    nav: agentNavText(),
  };
}

export default function AgentHome({ loaderData: page }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold text-stone-900">{page.title}</h1>
      <p className="mt-2 text-stone-700">{page.intro}</p>
      {page.state === "approved" ? (
        <div className="mt-6 space-y-4">
          <AgentNav text={page.nav} />
          <p className="rounded-xl border border-stone-200 bg-white p-4 text-stone-800">{page.message}</p>
          <p className="text-lg font-semibold text-stone-900" data-testid="agent-today">
            {page.today}
          </p>
        </div>
      ) : (
        <div className="mt-6 rounded-xl border border-stone-200 bg-white p-5">
          <p className="text-stone-800" data-testid="agent-status">
            {page.message}
          </p>
          {page.link ? (
            <Link
              to={page.link.to}
              className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
            >
              {page.link.label}
            </Link>
          ) : null}
        </div>
      )}
    </div>
  );
}

import type { Route } from "./+types/orders";
import { currentLocale, m } from "~/platform/i18n/i18n.server";
import { formatDate } from "~/platform/core/dates";
import { formatPaise } from "~/platform/core/money";
import { formatOrderId } from "~/platform/core/order-id";
import { listAgentOrders } from "~/features/agents/server/agent-orders.server";
import { AgentNav } from "~/features/agents/ui/agent-nav";
import { requireAgentPage } from "~/features/agents/web/require-agent.server";
import { agentNavText } from "~/features/agents/web/agent-nav-text.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.text.meta ?? "Orders I placed · Angle" },
  { name: "robots", content: "noindex" },
];

const STATUS: Record<string, () => string> = {
  pending: m.orders_status_word_pending,
  confirmed: m.orders_status_word_confirmed,
  shipped: m.orders_status_word_shipped,
  delivered: m.orders_status_word_delivered,
  cancelled: m.orders_status_word_cancelled,
};

/** The orders an agent placed (docs/decisions/065-field-agents.md): theirs only, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const { agent } = await requireAgentPage(request);
  const locale = currentLocale();
  const orders = await listAgentOrders(agent.userId);
  return {
    nav: agentNavText(),
    text: {
      meta: m.agents_orders_meta(),
      title: m.agents_orders_title(),
      empty: m.agents_orders_empty(),
      order: m.agents_orders_order(),
      farmer: m.agents_orders_farmer(),
      total: m.agents_orders_total(),
      status: m.agents_orders_status(),
      date: m.agents_orders_date(),
    },
    orders: orders.map((o) => ({
      id: o.id,
      number: `#${formatOrderId(o.id)}`,
      farmer: o.farmer,
      total: formatPaise(o.totalPaise),
      status: STATUS[o.status]?.() ?? o.status,
      date: formatDate(o.createdAt, locale),
    })),
  };
}

export default function AgentOrders({ loaderData: page }: Route.ComponentProps) {
  const { text: t } = page;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <AgentNav text={page.nav} />
      <h1 className="mt-6 text-2xl font-bold text-stone-900">{t.title}</h1>
      {page.orders.length === 0 ? (
        <p className="mt-4 text-stone-600">{t.empty}</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl border border-stone-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-stone-50 text-stone-700">
              <tr>
                <th className="px-3 py-2">{t.order}</th>
                <th className="px-3 py-2">{t.farmer}</th>
                <th className="px-3 py-2 text-right">{t.total}</th>
                <th className="px-3 py-2">{t.status}</th>
                <th className="px-3 py-2">{t.date}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {page.orders.map((o) => (
                <tr key={o.id} data-testid="agent-order">
                  <td className="px-3 py-2 font-medium">{o.number}</td>
                  <td className="px-3 py-2">{o.farmer}</td>
                  <td className="px-3 py-2 text-right">{o.total}</td>
                  <td className="px-3 py-2">{o.status}</td>
                  <td className="whitespace-nowrap px-3 py-2">{o.date}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

import { data, Form, Link } from "react-router";
import type { Route } from "./+types/agent-commission";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { may, staffRoleOf } from "~/platform/core/staff-policy";
import { FormError } from "~/ui/form-error";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { indiaToday } from "~/platform/core/india-day";
import { formatDate } from "~/platform/core/dates";
import { formatPaiseExact } from "~/platform/core/money";
import { formatOrderId } from "~/platform/core/order-id";
import { CATEGORY_KEYS, isCategoryKey } from "~/features/catalog/domain/categories";
import { CATEGORY_LABELS } from "~/features/catalog/domain/category-labels";
import { CommissionRatesSchema, isStatementMonth, monthTitle, percentText } from "~/features/commission/domain/commission";
import { getCommissionRates, saveCommissionRates } from "~/features/commission/server/commission-rates.server";
import { agentStatement, agentTotals, type StatementLine } from "~/features/commission/server/agent-statement.server";

export const meta: Route.MetaFunction = () => [{ title: "Agent Commission · Angle Admin" }];

const PATH = "/admin/agent-commission";

/**
 * /admin/agent-commission?month=2026-11&agent=…: the rates per category (owners change them), every
 * field agent's totals for a month, and one agent's statement with its CSV and PDF
 * (docs/decisions/066-agent-commission.md).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request);
  const params = new URL(request.url).searchParams;
  const month = params.get("month")?.trim() || indiaToday().slice(0, 7);
  const rates = await getCommissionRates();
  const canEdit = may(staffRoleOf(admin.staffRole), "settings");
  const shownRates = CATEGORY_KEYS.map((key) => ({ key, label: CATEGORY_LABELS[key], percent: percentText(rates[key]) }));
  if (!isStatementMonth(month)) {
    return data(
      {
        month,
        canEdit,
        rates: shownRates,
        error: "That is not a month: use YYYY-MM from 2026-01, for example 2026-11.",
        agents: [],
        statement: null,
      },
      { status: 400 },
    );
  }
  const agentId = params.get("agent");
  const statement = agentId ? await agentStatement(agentId, month) : null;
  if (agentId && !statement) {
    return data({ month, canEdit, rates: shownRates, error: "There is no such agent.", agents: [], statement: null }, { status: 404 });
  }
  const agents = (await agentTotals(month)).map((a) => ({
    ...a,
    earned: formatPaiseExact(a.earnedPaise),
    pending: formatPaiseExact(a.pendingPaise),
  }));
  return {
    month,
    canEdit,
    rates: shownRates,
    error: null,
    agents,
    statement: statement && {
      agent: statement.agent,
      earned: statement.earned.map(shownLine),
      pending: statement.pending.map(shownLine),
      earnedTotal: formatPaiseExact(statement.earnedPaise),
      pendingTotal: formatPaiseExact(statement.pendingPaise),
    },
  };
}

function shownLine(l: StatementLine) {
  return {
    key: `${l.orderId}:${l.product}:${l.basePaise}:${l.placedAt}`,
    orderId: l.orderId,
    order: formatOrderId(l.orderId),
    farmer: l.farmer,
    when: l.deliveredAt ? formatDate(l.deliveredAt) : `placed ${formatDate(l.placedAt)}`,
    product: l.product,
    category: isCategoryKey(l.category) ? CATEGORY_LABELS[l.category] : l.category,
    quantity: l.returned ? `${l.quantity - l.returned} of ${l.quantity} kept` : String(l.quantity),
    base: formatPaiseExact(l.basePaise),
    rate: `${percentText(l.rateBp)}%`,
    commission: formatPaiseExact(l.commissionPaise),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const fields = await readFields(request);
  if (fields.intent !== "rates") return data({ error: "Unknown action.", fields: {} as Record<string, string> }, { status: 400 });
  const parsed = CommissionRatesSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const named = Object.entries(errors).map(([key, message]) => `${isCategoryKey(key) ? CATEGORY_LABELS[key] : key}: ${message}`);
    return data({ error: named[0] ?? firstError(errors), fields: errors as Record<string, string> }, { status: 400 });
  }
  await saveCommissionRates(parsed.data);
  return redirectWithToast(PATH, { description: "Commission rates saved. Orders already placed keep the rate they were placed at." });
}

const input = "h-10 w-full rounded-lg border border-stone-300 px-3 focus:border-brand-600 focus:outline-none";
const cell = "px-3 py-2 align-top";

function Lines({ lines, title, total }: { lines: ReturnType<typeof shownLine>[]; title: string; total: string }) {
  return (
    <section className="mt-4">
      <h3 className="font-semibold text-stone-900">
        {title}: {total}
      </h3>
      {lines.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">None.</p>
      ) : (
        <div className="mt-2 overflow-x-auto rounded-xl bg-white ring-1 ring-stone-200">
          <table className="w-full min-w-[44rem] text-sm">
            <thead className="bg-stone-50 text-left text-stone-600">
              <tr>
                <th className={cell}>Order</th>
                <th className={cell}>Farmer</th>
                <th className={cell}>Delivered</th>
                <th className={cell}>Product</th>
                <th className={`${cell} text-right`}>Value before GST</th>
                <th className={`${cell} text-right`}>Rate</th>
                <th className={`${cell} text-right`}>Commission</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {lines.map((l) => (
                <tr key={l.key}>
                  <td className={cell}>
                    <Link to={`/admin/orders/${l.orderId}`} className="whitespace-nowrap font-mono text-brand-800 underline">
                      {l.order}
                    </Link>
                  </td>
                  <td className={cell}>{l.farmer}</td>
                  <td className={cell}>{l.when}</td>
                  <td className={cell}>
                    {l.product}
                    <span className="block text-stone-500">
                      {l.category} · qty {l.quantity}
                    </span>
                  </td>
                  <td className={`${cell} text-right`}>{l.base}</td>
                  <td className={`${cell} text-right`}>{l.rate}</td>
                  <td className={`${cell} text-right font-semibold`}>{l.commission}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function AdminAgentCommission({ loaderData, actionData }: Route.ComponentProps) {
  const { month, canEdit, rates, agents, statement } = loaderData;
  const monthName = isStatementMonth(month) ? monthTitle(month) : month;
  const file = (ext: "csv" | "pdf") =>
    statement ? `${PATH}/statement.${ext}?agent=${encodeURIComponent(statement.agent.id)}&month=${encodeURIComponent(month)}` : "";
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Agent Commission</h1>
      <p className="mt-1 text-sm text-stone-600">
        Field agents earn a percentage of each line's value before GST (after discounts) on the orders they place, once the order is
        delivered; returned items earn nothing and cancelled orders nothing. A line keeps the rate it was placed at.
      </p>

      <section className="mt-4 rounded-xl bg-white p-4 ring-1 ring-stone-200">
        <h2 className="font-semibold text-stone-900">Rates by category</h2>
        <FormError message={actionData?.error} />
        {canEdit ? (
          <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,1fr)_auto] lg:items-end">
            <input type="hidden" name="intent" value="rates" />
            {rates.map((r) => (
              <div key={r.key}>
                <label htmlFor={`rate-${r.key}`} className="mb-1 block text-sm font-medium text-stone-700">
                  {r.label} (%)
                </label>
                <input
                  id={`rate-${r.key}`}
                  name={r.key}
                  defaultValue={r.percent}
                  inputMode="decimal"
                  required
                  maxLength={7}
                  aria-invalid={actionData?.fields?.[r.key] ? true : undefined}
                  className={input}
                />
              </div>
            ))}
            <button type="submit" className="h-10 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
              Save rates
            </button>
          </Form>
        ) : (
          <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
            {rates.map((r) => (
              <li key={r.key}>
                {r.label}: <strong>{r.percent}%</strong>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="commission-month" className="mb-1 block text-sm font-medium text-stone-700">
            Month
          </label>
          <input id="commission-month" type="month" name="month" defaultValue={month} className={input} />
        </div>
        {statement ? <input type="hidden" name="agent" value={statement.agent.id} /> : null}
        <button type="submit" className="h-10 rounded-lg border border-stone-300 bg-white px-5 font-semibold">
          Show
        </button>
      </Form>
      <FormError message={loaderData.error} />

      {statement ? (
        <section className="mt-6">
          <h2 className="text-xl font-semibold text-stone-900">
            {statement.agent.name} · {monthName}
          </h2>
          <p className="text-sm text-stone-600">
            {statement.agent.mobile} · {statement.agent.village} {statement.agent.pincode} · {statement.agent.status}
          </p>
          <div className="mt-2 flex flex-wrap gap-3 text-sm">
            <a href={file("csv")} className="font-semibold text-brand-800 underline">
              Download CSV
            </a>
            <a href={file("pdf")} className="font-semibold text-brand-800 underline">
              Download PDF
            </a>
            <Link to={`${PATH}?month=${month}`} className="text-stone-700 underline">
              All agents
            </Link>
          </div>
          <Lines lines={statement.earned} title="Earned" total={statement.earnedTotal} />
          <Lines lines={statement.pending} title="Not yet earned (not delivered)" total={statement.pendingTotal} />
        </section>
      ) : (
        <section className="mt-6">
          <h2 className="text-xl font-semibold text-stone-900">Agents · {monthName}</h2>
          {agents.length === 0 ? (
            <p className="mt-2 text-sm text-stone-600">No field agents yet.</p>
          ) : (
            <div className="mt-2 overflow-x-auto rounded-xl bg-white ring-1 ring-stone-200">
              <table className="w-full min-w-[32rem] text-sm">
                <thead className="bg-stone-50 text-left text-stone-600">
                  <tr>
                    <th className={cell}>Agent</th>
                    <th className={`${cell} text-right`}>Lines earned</th>
                    <th className={`${cell} text-right`}>Earned</th>
                    <th className={`${cell} text-right`}>Not yet earned</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-200">
                  {agents.map((a) => (
                    <tr key={a.id}>
                      <td className={cell}>
                        <Link
                          to={`${PATH}?agent=${encodeURIComponent(a.id)}&month=${month}`}
                          className="font-medium text-brand-800 underline"
                        >
                          {a.name}
                        </Link>
                        <span className="block text-stone-500">
                          {a.village} · {a.status}
                        </span>
                      </td>
                      <td className={`${cell} text-right`}>{a.lines}</td>
                      <td className={`${cell} text-right font-semibold`}>{a.earned}</td>
                      <td className={`${cell} text-right`}>{a.pending}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/agents";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { may, staffRoleOf } from "~/platform/core/staff-policy";
import { firstError } from "~/platform/core/form-errors";
import { RefusalError } from "~/platform/core/refusal";
import { formatDate } from "~/platform/core/dates";
import { adminFormErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast, samePage } from "~/platform/toast/toast.server";
import { FormError } from "~/ui/form-error";
import { formatMobile } from "~/features/accounts/domain/mobile";
import { AGENT_STATUSES, AgentAdminSchema, isAgentStatus, MAX_DAILY_LIMIT } from "~/features/agents/domain/agents";
import { decideAgent, decideAgentFarmer, listAgents, setAgentArea, setAgentLimit } from "~/features/agents/server/admin-agents.server";

export const meta: Route.MetaFunction = () => [{ title: "Field Agents · Angle Admin" }];

const STATUS_LABELS = { pending: "Waiting", approved: "Approved", rejected: "Rejected", suspended: "Suspended" } as const;

/**
 * Field agents (docs/decisions/065-field-agents.md): requests to decide, each agent's area and daily
 * limit, and farmers an agent added from outside their area. Owners and the order desk decide;
 * Support and Accounts read.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request);
  const asked = new URL(request.url).searchParams.get("status");
  const status = isAgentStatus(asked) ? asked : null;
  const agents = await listAgents(status);
  return {
    status,
    canManage: may(staffRoleOf(admin.staffRole), "agents"),
    agents: agents.map((a) => ({
      ...a,
      mobile: formatMobile(a.mobile),
      since: formatDate(a.createdAt),
      waiting: a.waiting.map((w) => ({ ...w, mobile: w.mobile ? formatMobile(w.mobile) : "" })),
    })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const parsed = AgentAdminSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: firstError(adminFormErrors(parsed.error)) }, { status: 400 });
  const form = parsed.data;
  try {
    switch (form.intent) {
      case "decide":
        await decideAgent(admin, form.agent, form.status);
        return redirectWithToast(samePage(url), { description: `Agent ${STATUS_LABELS[form.status].toLowerCase()}.` });
      case "area":
        await setAgentArea(form.agent, form.pincodes);
        return redirectWithToast(samePage(url), { description: `Area saved: ${form.pincodes.join(", ")}.` });
      case "limit":
        await setAgentLimit(form.agent, form.limit);
        return redirectWithToast(samePage(url), { description: `Daily limit set to ${form.limit} orders.` });
      case "farmer":
        await decideAgentFarmer(admin, form.agent, form.farmer, form.status);
        return redirectWithToast(samePage(url), {
          description: form.status === "approved" ? "Farmer approved for the agent." : "Farmer refused.",
        });
    }
  } catch (error) {
    if (error instanceof RefusalError) return data({ error: renderRefusal(error.refusal) }, { status: error.status });
    throw error;
  }
}

const small = "inline-flex h-9 items-center rounded-md border border-stone-300 bg-white px-3 text-sm font-semibold";
const tab = `${small} aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900`;
const DECISIONS = {
  pending: ["approved", "rejected"],
  approved: ["suspended"],
  suspended: ["approved"],
  rejected: ["approved"],
} as const;
const DECISION_LABELS = { approved: "Approve", rejected: "Reject", suspended: "Suspend", pending: "" } as const;

export default function AdminAgents({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { agents, canManage, status } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Field Agents</h1>
      <p className="mt-1 max-w-3xl text-sm text-stone-600">
        People who order for farmers around them. Approve a request, set the pincodes an agent serves (their own pincode at first) and how
        many orders a day they may place. A farmer outside an agent's area waits here until approved.
      </p>
      <nav aria-label="Agents by status" className="mt-4 flex flex-wrap gap-2 text-sm">
        <Link to="/admin/agents" aria-current={status === null ? "page" : undefined} className={tab}>
          All
        </Link>
        {AGENT_STATUSES.map((s) => (
          <Link key={s} to={`/admin/agents?status=${s}`} aria-current={status === s ? "page" : undefined} className={tab}>
            {STATUS_LABELS[s]}
          </Link>
        ))}
      </nav>
      <FormError message={actionData?.error} />
      {agents.length === 0 ? (
        <p className="mt-6 text-sm text-stone-600">No agents here.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {agents.map((a) => (
            <li key={a.userId} className="rounded-xl bg-white p-4 ring-1 ring-stone-200" data-testid="admin-agent">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h2 className="font-semibold text-stone-900">{a.name}</h2>
                  <p className="text-sm text-stone-700">
                    {a.mobile} · {a.village} {a.pincode} · since {a.since}
                  </p>
                  <p className="text-sm text-stone-700">
                    <span className="font-medium">{STATUS_LABELS[a.status]}</span> · {a.farmers} farmers · up to {a.dailyOrderLimit} orders
                    a day · area {a.area.join(", ") || "none yet"}
                  </p>
                </div>
                {canManage ? (
                  <div className="flex flex-wrap gap-2">
                    {DECISIONS[a.status].map((to) => (
                      <Form key={to} method="post">
                        <input type="hidden" name="intent" value="decide" />
                        <input type="hidden" name="agent" value={a.userId} />
                        <input type="hidden" name="status" value={to} />
                        <button type="submit" disabled={busy} className={small} aria-label={`${DECISION_LABELS[to]} ${a.name}`}>
                          {DECISION_LABELS[to]}
                        </button>
                      </Form>
                    ))}
                  </div>
                ) : null}
              </div>
              {canManage && a.status !== "rejected" ? (
                <div className="mt-3 flex flex-wrap items-end gap-4">
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="area" />
                    <input type="hidden" name="agent" value={a.userId} />
                    <label className="text-sm">
                      <span className="block font-medium text-stone-700">Area pincodes</span>
                      <input
                        name="pincodes"
                        defaultValue={(a.area.length ? a.area : [a.pincode]).join(", ")}
                        className="mt-1 h-9 w-64 rounded-md border border-stone-300 px-2"
                      />
                    </label>
                    <button type="submit" disabled={busy} className={small}>
                      Save area
                    </button>
                  </Form>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="limit" />
                    <input type="hidden" name="agent" value={a.userId} />
                    <label className="text-sm">
                      <span className="block font-medium text-stone-700">Orders a day</span>
                      <input
                        name="limit"
                        type="number"
                        min={0}
                        max={MAX_DAILY_LIMIT}
                        defaultValue={a.dailyOrderLimit}
                        className="mt-1 h-9 w-24 rounded-md border border-stone-300 px-2"
                      />
                    </label>
                    <button type="submit" disabled={busy} className={small}>
                      Save limit
                    </button>
                  </Form>
                </div>
              ) : null}
              {a.waiting.length ? (
                <div className="mt-3">
                  <h3 className="text-sm font-semibold text-stone-900">Farmers outside the area, waiting</h3>
                  <ul className="mt-1 divide-y divide-stone-200">
                    {a.waiting.map((w) => (
                      <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                        <span>
                          {w.name} · {w.mobile} · {w.pincode}
                        </span>
                        {canManage ? (
                          <span className="flex gap-2">
                            {(["approved", "rejected"] as const).map((to) => (
                              <Form key={to} method="post">
                                <input type="hidden" name="intent" value="farmer" />
                                <input type="hidden" name="agent" value={a.userId} />
                                <input type="hidden" name="farmer" value={w.id} />
                                <input type="hidden" name="status" value={to} />
                                <button
                                  type="submit"
                                  disabled={busy}
                                  className={small}
                                  aria-label={`${to === "approved" ? "Approve" : "Refuse"} ${w.name}`}
                                >
                                  {to === "approved" ? "Approve" : "Refuse"}
                                </button>
                              </Form>
                            ))}
                          </span>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

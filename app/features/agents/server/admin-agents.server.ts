import { getDatabase } from "~/platform/db/db.server";
import { refusal } from "~/platform/core/refusal";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { type AgentStatus, isAgentStatus } from "../domain/agents";
import { AgentRefused } from "./agents.server";

/*
 * The admin's side of field agents (docs/decisions/065-field-agents.md): the list by status, the
 * decision on a request, the area and daily limit, and farmers waiting outside an agent's area. Every
 * change is recorded in the audit trail in its own transaction.
 */

export type AdminAgentRow = {
  userId: string;
  name: string;
  mobile: string;
  village: string;
  pincode: string;
  status: AgentStatus;
  dailyOrderLimit: number;
  createdAt: string;
  area: string[];
  farmers: number;
  waiting: { id: string; name: string; mobile: string; pincode: string }[];
};

/** Agents of one status (all when none), newest first, with their area and the farmers waiting. */
export async function listAgents(status: AgentStatus | null): Promise<AdminAgentRow[]> {
  const { db } = getDatabase();
  const agents = await db
    .selectFrom("agent")
    .selectAll()
    .$if(status !== null, (qb) => qb.where("status", "=", status ?? ""))
    .orderBy("created_at", "desc")
    .limit(200)
    .execute();
  if (agents.length === 0) return [];
  const ids = agents.map((a) => a.user_id);
  const [areas, counts, waiting] = await Promise.all([
    db.selectFrom("agent_area").select(["agent_id", "pincode"]).where("agent_id", "in", ids).orderBy("pincode").execute(),
    db
      .selectFrom("agent_farmer")
      .select((eb) => ["agent_id", eb.fn.countAll<number>().as("n")])
      .where("agent_id", "in", ids)
      .where("status", "=", "approved")
      .groupBy("agent_id")
      .execute(),
    db
      .selectFrom("agent_farmer as af")
      .innerJoin("user as u", "u.id", "af.farmer_id")
      .select(["af.agent_id", "u.id", "u.name", "u.phoneNumber", "u.pincode"])
      .where("af.agent_id", "in", ids)
      .where("af.status", "=", "pending")
      .orderBy("af.created_at")
      .execute(),
  ]);
  return agents.map((a) => ({
    userId: a.user_id,
    name: a.name,
    mobile: a.mobile,
    village: a.village,
    pincode: a.pincode,
    status: isAgentStatus(a.status) ? a.status : "pending",
    dailyOrderLimit: Number(a.daily_order_limit),
    createdAt: a.created_at,
    area: areas.filter((r) => r.agent_id === a.user_id).map((r) => r.pincode),
    farmers: Number(counts.find((c) => c.agent_id === a.user_id)?.n ?? 0),
    waiting: waiting
      .filter((w) => w.agent_id === a.user_id)
      .map((w) => ({ id: w.id, name: w.name, mobile: w.phoneNumber ?? "", pincode: w.pincode ?? "" })),
  }));
}

const NOT_FOUND = () => new AgentRefused(refusal("agents.not_found"), 404);

/**
 * Approves, rejects, suspends or reinstates an agent. At their first approval an agent with no area
 * serves their own pincode. Suspension blocks the agent's pages and orders; it ends nothing else.
 */
export async function decideAgent(admin: { id: string }, agentId: string, status: AgentStatus): Promise<void> {
  const { db } = getDatabase();
  await db.transaction().execute(async (trx) => {
    const agent = await trx.selectFrom("agent").select(["status", "pincode"]).where("user_id", "=", agentId).executeTakeFirst();
    if (!agent) throw NOT_FOUND();
    if (agent.status === status) return;
    const now = new Date().toISOString();
    await trx.updateTable("agent").set({ status, decided_by: admin.id, decided_at: now }).where("user_id", "=", agentId).execute();
    if (status === "approved") {
      const area = await trx.selectFrom("agent_area").select("pincode").where("agent_id", "=", agentId).executeTakeFirst();
      if (!area) await trx.insertInto("agent_area").values({ agent_id: agentId, pincode: agent.pincode }).execute();
    }
    await recordAudit(trx, {
      kind: `agent.${status === "approved" ? "approve" : status === "rejected" ? "reject" : status === "suspended" ? "suspend" : "reopen"}`,
      object: { type: "agent", id: agentId },
      before: { status: agent.status },
      after: { status },
    });
  });
}

/** Replaces the pincodes an agent serves. */
export async function setAgentArea(agentId: string, pincodes: readonly string[]): Promise<void> {
  const { db } = getDatabase();
  await db.transaction().execute(async (trx) => {
    const agent = await trx.selectFrom("agent").select("user_id").where("user_id", "=", agentId).executeTakeFirst();
    if (!agent) throw NOT_FOUND();
    const before = (await trx.selectFrom("agent_area").select("pincode").where("agent_id", "=", agentId).orderBy("pincode").execute()).map(
      (r) => r.pincode,
    );
    await trx.deleteFrom("agent_area").where("agent_id", "=", agentId).execute();
    await trx
      .insertInto("agent_area")
      .values(pincodes.map((pincode) => ({ agent_id: agentId, pincode })))
      .execute();
    await recordAudit(trx, {
      kind: "agent.area",
      object: { type: "agent", id: agentId },
      before: { pincodes: before.join(", ") },
      after: { pincodes: [...pincodes].join(", ") },
    });
  });
}

/** Sets how many orders an agent may place in an India day. */
export async function setAgentLimit(agentId: string, limit: number): Promise<void> {
  const { db } = getDatabase();
  await db.transaction().execute(async (trx) => {
    const agent = await trx.selectFrom("agent").select("daily_order_limit").where("user_id", "=", agentId).executeTakeFirst();
    if (!agent) throw NOT_FOUND();
    await trx.updateTable("agent").set({ daily_order_limit: limit }).where("user_id", "=", agentId).execute();
    await recordAudit(trx, {
      kind: "agent.limit",
      object: { type: "agent", id: agentId },
      before: { daily_order_limit: Number(agent.daily_order_limit) },
      after: { daily_order_limit: limit },
    });
  });
}

/** Approves or refuses a farmer an agent added from outside their area. */
export async function decideAgentFarmer(
  admin: { id: string },
  agentId: string,
  farmerId: string,
  status: "approved" | "rejected",
): Promise<void> {
  const { db } = getDatabase();
  await db.transaction().execute(async (trx) => {
    const link = await trx
      .selectFrom("agent_farmer")
      .select("status")
      .where("agent_id", "=", agentId)
      .where("farmer_id", "=", farmerId)
      .executeTakeFirst();
    if (!link) throw NOT_FOUND();
    if (link.status === status) return;
    await trx
      .updateTable("agent_farmer")
      .set({ status, decided_by: admin.id, decided_at: new Date().toISOString() })
      .where("agent_id", "=", agentId)
      .where("farmer_id", "=", farmerId)
      .execute();
    await recordAudit(trx, {
      kind: `agent.farmer_${status === "approved" ? "approve" : "reject"}`,
      object: { type: "agent", id: agentId },
      before: { [`farmer ${farmerId}`]: link.status },
      after: { [`farmer ${farmerId}`]: status },
    });
  });
}

import { getDatabase } from "~/platform/db/db.server";
import { RefusalError, type Refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import { type AgentStatus, isAgentStatus } from "../domain/agents";

/*
 * Field agents (docs/decisions/065-field-agents.md): a customer account with an `agent` row, which an
 * admin approves. Reading one.
 */

export type Agent = {
  userId: string;
  name: string;
  mobile: string;
  village: string;
  pincode: string;
  status: AgentStatus;
  dailyOrderLimit: number;
  createdAt: string;
};

/** A refusal of an agent's page or form, said in the agent's language. */
export class AgentRefused extends RefusalError {
  constructor(refused: Refusal, status = 409) {
    super(refused, { status, english: english(refused) });
  }
}

/** The agent row of this account, or null. */
export async function getAgent(userId: string): Promise<Agent | null> {
  const { db } = getDatabase();
  const row = await db.selectFrom("agent").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.user_id,
    name: row.name,
    mobile: row.mobile,
    village: row.village,
    pincode: row.pincode,
    status: isAgentStatus(row.status) ? row.status : "pending",
    dailyOrderLimit: Number(row.daily_order_limit),
    createdAt: row.created_at,
  };
}

/** The pincodes an agent serves. */
export async function agentArea(agentId: string): Promise<string[]> {
  const { db } = getDatabase();
  const rows = await db.selectFrom("agent_area").select("pincode").where("agent_id", "=", agentId).orderBy("pincode").execute();
  return rows.map((r) => r.pincode);
}

/** The first instant (UTC, ISO) of an India day: its midnight at UTC+5:30. */
export const indiaDayStart = (day: string) => new Date(`${day}T00:00:00+05:30`).toISOString();

import { getSessionUser } from "~/platform/auth/session.server";
import { getDb } from "~/platform/db/db.server";

export type AgentCheck = { ok: true; agentId: string } | { ok: false; status: 401 | 403 };

/**
 * Who may read an agent's own commission: a signed-in account with an approved `agent` row. Not
 * signed in: 401; anyone else (a customer, a pending or suspended agent, staff): 403.
 */
export async function checkApprovedAgent(request: Request): Promise<AgentCheck> {
  const user = await getSessionUser(request);
  if (!user) return { ok: false, status: 401 };
  const agent = await getDb()
    .selectFrom("agent")
    .select("user_id")
    .where("user_id", "=", user.id)
    .where("status", "=", "approved")
    .executeTakeFirst();
  return agent ? { ok: true, agentId: agent.user_id } : { ok: false, status: 403 };
}

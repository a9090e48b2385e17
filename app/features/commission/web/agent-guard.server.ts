import { getSessionUser } from "~/platform/auth/session.server";
import { approvedAgent } from "~/features/agents/web/require-agent.server";

export type AgentCheck = { ok: true; agentId: string } | { ok: false; status: 401 | 403 };

/**
 * Who may read an agent's own commission: the field agents' own guard (a signed-in customer whose
 * agent row is approved, docs/decisions/065-field-agents.md). Not signed in: 401; anyone else (a
 * customer, a pending or suspended agent, staff): 403.
 */
export async function checkApprovedAgent(request: Request): Promise<AgentCheck> {
  const found = await approvedAgent(request);
  if (found) return { ok: true, agentId: found.agent.userId };
  return { ok: false, status: (await getSessionUser(request)) ? 403 : 401 };
}

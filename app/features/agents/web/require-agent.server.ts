import { data, redirect } from "react-router";
import { refusal } from "~/platform/core/refusal";
import { getSessionUser, type SessionUser } from "~/platform/auth/session.server";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { type Agent, getAgent } from "../server/agents.server";

/**
 * The one guard of an approved field agent's pages (docs/decisions/065-field-agents.md): a signed-in
 * customer whose agent row is approved. Anyone else goes to /agent, which says where they stand
 * (sign in, register, waiting, refused, suspended); a form posted by them is refused with 403.
 */
export async function requireAgentPage(request: Request): Promise<{ user: SessionUser; agent: Agent }> {
  const found = await approvedAgent(request);
  if (!found) throw redirect("/agent");
  return found;
}

/** As requireAgentPage, for an action: 403 and the refusal in the page's language. */
export async function requireAgentAction(request: Request): Promise<{ user: SessionUser; agent: Agent }> {
  const found = await approvedAgent(request);
  if (!found) throw data({ error: renderRefusal(refusal("agents.not_approved")) }, { status: 403 });
  return found;
}

/** The signed-in customer and their agent row when it is approved; else null (signed out, staff, not approved). */
export async function approvedAgent(request: Request): Promise<{ user: SessionUser; agent: Agent } | null> {
  const user = await getSessionUser(request);
  if (user?.role !== "user") return null;
  const agent = await getAgent(user.id);
  return agent?.status === "approved" ? { user, agent } : null;
}

import { getDatabase } from "~/platform/db/db.server";
import { refusal } from "~/platform/core/refusal";
import { isId } from "~/platform/ids";
import type { NewFarmer } from "~/features/orders/domain/assisted-orders";
import { addFarmer, type Farmer, getFarmer } from "~/features/orders/server/assisted-orders.server";
import type { LinkStatus } from "../domain/agents";
import { type Agent, AgentRefused } from "./agents.server";

/*
 * An agent's farmers (docs/decisions/065-field-agents.md): `agent_farmer` rows of that agent only. A
 * farmer whose pincode is in the agent's area is theirs at once; one outside it waits for an admin.
 * A farmer may be on two agents' lists; neither sees the other's.
 */

export type AgentFarmerRow = { id: string; name: string; mobile: string; village: string; pincode: string; status: LinkStatus };

const asLink = (status: string): LinkStatus => (status === "approved" || status === "rejected" ? status : "pending");

/** The agent's farmers, newest first. */
export async function listAgentFarmers(agentId: string): Promise<AgentFarmerRow[]> {
  const { db } = getDatabase();
  const rows = await db
    .selectFrom("agent_farmer as af")
    .innerJoin("user as u", "u.id", "af.farmer_id")
    .select(["u.id", "u.name", "u.phoneNumber", "u.street", "u.pincode", "af.status"])
    .where("af.agent_id", "=", agentId)
    .orderBy("af.created_at", "desc")
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    mobile: r.phoneNumber ?? "",
    // Their address is the agent's to see once the farmer is theirs.
    village: r.status === "approved" ? (r.street ?? "") : "",
    pincode: r.pincode ?? "",
    status: asLink(r.status),
  }));
}

/**
 * Adds a farmer to the agent's list: found by their number, or an account made for them as the phone
 * desk makes one (with the SMS that tells them, in their language). Linked at once when the account is
 * new and the farmer's pincode is in the agent's area; else (outside the area, or a number that already
 * had an account) pending an admin's decision, with the address hidden until then. A farmer already on the list
 * keeps their link as it is. An agent cannot add their own number.
 */
export async function addAgentFarmer(agent: Agent, input: NewFarmer): Promise<{ farmer: Farmer; status: LinkStatus; created: boolean }> {
  if (input.mobile === agent.mobile) throw new AgentRefused(refusal("agents.farmer_self"), 409);
  const { farmer, created } = await addFarmer(input);
  if (farmer.id === agent.userId) throw new AgentRefused(refusal("agents.farmer_self"), 409);
  const { db } = getDatabase();
  const inArea = await db
    .selectFrom("agent_area")
    .select("pincode")
    .where("agent_id", "=", agent.userId)
    .where("pincode", "=", farmer.pincode)
    .executeTakeFirst();
  await db
    .insertInto("agent_farmer")
    .values({
      agent_id: agent.userId,
      farmer_id: farmer.id,
      // A number that already had an account is someone the agent did not sign up: an admin checks
      // first (the farmer may not know this agent), as for a farmer outside the area.
      status: inArea && created ? "approved" : "pending",
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(["agent_id", "farmer_id"]).doNothing())
    .execute();
  const link = await db
    .selectFrom("agent_farmer")
    .select("status")
    .where("agent_id", "=", agent.userId)
    .where("farmer_id", "=", farmer.id)
    .executeTakeFirstOrThrow();
  return { farmer, status: asLink(link.status), created };
}

/**
 * One of the agent's farmers they may order for, or the refusal: not on their list (404, the same
 * answer as no such farmer), or waiting for or refused an admin's approval (409).
 */
export async function farmerOfAgent(agentId: string, farmerId: string | null | undefined): Promise<Farmer> {
  if (!farmerId || !isId(farmerId)) throw new AgentRefused(refusal("agents.farmer_unknown"), 404);
  const { db } = getDatabase();
  const link = await db
    .selectFrom("agent_farmer")
    .select("status")
    .where("agent_id", "=", agentId)
    .where("farmer_id", "=", farmerId)
    .executeTakeFirst();
  if (!link) throw new AgentRefused(refusal("agents.farmer_unknown"), 404);
  if (link.status === "pending") throw new AgentRefused(refusal("agents.farmer_pending"), 409);
  if (link.status !== "approved") throw new AgentRefused(refusal("agents.farmer_rejected"), 409);
  const farmer = await getFarmer(farmerId);
  if (!farmer) throw new AgentRefused(refusal("agents.farmer_unknown"), 404);
  return farmer;
}

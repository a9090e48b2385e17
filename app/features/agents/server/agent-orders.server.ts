import { getDatabase, type Db } from "~/platform/db/db.server";
import { refusal } from "~/platform/core/refusal";
import { indiaToday } from "~/platform/core/india-day";
import { placeAssistedOrder } from "~/features/orders/server/assisted-orders.server";
import { AgentRefused, indiaDayStart } from "./agents.server";
import { farmerOfAgent } from "./agent-farmers.server";

/*
 * Orders a field agent places for their farmers (docs/decisions/065-field-agents.md), through the
 * phone desk's placeAssistedOrder: as the farmer, at the farmer's prices, cash on delivery, the
 * farmer told by SMS with the link to refuse it; the agent is who placed it.
 */

/** How many orders the agent placed today (an India day), whatever became of them. */
export function ordersToday(agentId: string): Promise<number> {
  return countOrdersToday(getDatabase().db, agentId);
}

async function countOrdersToday(db: Db, agentId: string): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("placed_by", "=", agentId)
    .where("created_at", ">=", indiaDayStart(indiaToday()))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * In the order's transaction: the agent is still approved and under their daily limit. Their row is
 * locked first (PostgreSQL; SQLite's writes are serial), so two orders at once are counted one after
 * the other and the limit is never passed.
 */
function withinDailyLimit(agentId: string) {
  return async (trx: Db) => {
    const agent = await trx
      .selectFrom("agent")
      .select(["status", "daily_order_limit"])
      .where("user_id", "=", agentId)
      .$if(getDatabase().engine === "postgres", (qb) => qb.forUpdate())
      .executeTakeFirst();
    if (agent?.status !== "approved") throw new AgentRefused(refusal("agents.not_approved"), 403);
    const limit = Number(agent.daily_order_limit);
    if ((await countOrdersToday(trx, agentId)) >= limit) throw new AgentRefused(refusal("agents.daily_limit", { limit }), 429);
  };
}

/** Places the order for one of the agent's approved farmers; a refusal is the agent's or placeOrder's. */
export async function placeAgentOrder(
  agentId: string,
  farmerId: string,
  order: { items: { productId: string; variantId: string; quantity: number }[]; checkoutKey: string },
) {
  const farmer = await farmerOfAgent(agentId, farmerId);
  const placed = await placeAssistedOrder({ id: agentId }, farmer, { ...order, check: withinDailyLimit(agentId) });
  return { ...placed, farmer };
}

export type AgentOrderRow = { id: string; farmer: string; totalPaise: number; status: string; createdAt: string };

/** The latest 100 orders the agent placed, newest first. */
export async function listAgentOrders(agentId: string): Promise<AgentOrderRow[]> {
  const { db } = getDatabase();
  const rows = await db
    .selectFrom("orders as o")
    .leftJoin("user as u", "u.id", "o.user_id")
    .select(["o.id", "u.name", "o.total_paise", "o.status", "o.created_at"])
    .where("o.placed_by", "=", agentId)
    .orderBy("o.created_at", "desc")
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    farmer: r.name ?? "",
    totalPaise: Number(r.total_paise),
    status: r.status,
    createdAt: r.created_at,
  }));
}

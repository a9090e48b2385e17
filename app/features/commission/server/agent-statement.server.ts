import { sql } from "kysely";
import { type Db, getDb } from "~/platform/db/db.server";
import { earnedOf, keptBaseOf, monthBounds } from "../domain/commission";

/** One line of a statement: the sale, and what it earns (earned lines) or would earn (pending ones). */
export type StatementLine = {
  orderId: string;
  farmer: string;
  placedAt: string;
  /** When the order was delivered (its first "delivered" event); null while it is on its way. */
  deliveredAt: string | null;
  product: string;
  productHi: string | null;
  category: string;
  quantity: number;
  /** Units whose return was approved: they earn nothing. */
  returned: number;
  basePaise: number;
  rateBp: number;
  commissionPaise: number;
};

export type AgentStatement = {
  agent: { id: string; name: string; mobile: string; village: string; pincode: string; status: string };
  month: string;
  earned: StatementLine[];
  earnedPaise: number;
  /** Placed by the month's end, not delivered yet (nor cancelled): not yet earned. */
  pending: StatementLine[];
  pendingPaise: number;
};

/**
 * An agent's statement for a month in India (docs/decisions/066-agent-commission.md): the lines of
 * their orders delivered in that month, less what came back (a return approved for part of a line
 * earns for the units kept, prorated, rounded down), and the lines still on their way. A cancelled
 * order earns nothing and is not listed. Null when there is no such agent.
 */
export async function agentStatement(agentId: string, month: string, db: Db = getDb()): Promise<AgentStatement | null> {
  // An account id as Better Auth makes them; anything else (a NUL from an address bar) names no agent.
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(agentId)) return null;
  const agent = await db
    .selectFrom("agent")
    .select(["user_id as id", "name", "mobile", "village", "pincode", "status"])
    .where("user_id", "=", agentId)
    .executeTakeFirst();
  if (!agent) return null;
  const rows = await statementRows(db, month, agentId);
  const earned = rows.filter((r) => r.deliveredAt !== null && r.commissionPaise + r.basePaise > 0);
  const pending = rows.filter((r) => r.deliveredAt === null);
  return {
    agent,
    month,
    earned,
    earnedPaise: earned.reduce((sum, r) => sum + r.commissionPaise, 0),
    pending,
    pendingPaise: pending.reduce((sum, r) => sum + r.commissionPaise, 0),
  };
}

export type AgentTotals = {
  id: string;
  name: string;
  village: string;
  status: string;
  lines: number;
  earnedPaise: number;
  pendingPaise: number;
};

/** Every agent's totals for a month (the owner's page), agents with nothing included, by name. */
export async function agentTotals(month: string, db: Db = getDb()): Promise<AgentTotals[]> {
  const agents = await db
    .selectFrom("agent")
    .select(["user_id as id", "name", "village", "status"])
    .orderBy("name")
    .orderBy("user_id")
    .execute();
  const rows = await statementRows(db, month, null);
  return agents.map((agent) => {
    const mine = rows.filter((r) => r.agentId === agent.id);
    const earned = mine.filter((r) => r.deliveredAt !== null && r.commissionPaise + r.basePaise > 0);
    return {
      ...agent,
      lines: earned.length,
      earnedPaise: earned.reduce((sum, r) => sum + r.commissionPaise, 0),
      pendingPaise: mine.filter((r) => r.deliveredAt === null).reduce((sum, r) => sum + r.commissionPaise, 0),
    };
  });
}

/** The month's earned lines and the pending ones, of one agent or all. */
async function statementRows(db: Db, month: string, agentId: string | null): Promise<(StatementLine & { agentId: string })[]> {
  const { startIso, endIso } = monthBounds(month);
  const rows = await db
    .selectFrom("agent_commission as c")
    .innerJoin("order_line as l", "l.id", "c.order_line_id")
    .innerJoin("orders as o", "o.id", "c.order_id")
    .select((eb) => [
      "c.agent_id",
      "c.order_id",
      "c.category",
      "c.rate_bp",
      "c.base_paise",
      "c.commission_paise",
      "l.name",
      "l.name_hi",
      "l.quantity",
      "o.customer_name",
      "o.created_at",
      "o.status",
      eb
        .selectFrom("order_event as e")
        .select((e) => e.fn.min<string>("e.created_at").as("at"))
        .whereRef("e.order_id", "=", "c.order_id")
        .where("e.status", "=", "delivered")
        .as("delivered_at"),
      eb
        .selectFrom("return_request as r")
        .select(sql<number>`coalesce(sum(r.quantity), 0)`.as("n"))
        .whereRef("r.order_line_id", "=", "c.order_line_id")
        .where("r.status", "=", "approved")
        .as("returned"),
    ])
    .$if(agentId !== null, (qb) => qb.where("c.agent_id", "=", agentId ?? ""))
    .where("o.status", "!=", "cancelled")
    .where("o.created_at", "<", endIso)
    .orderBy("o.created_at")
    .orderBy("c.order_line_id")
    .execute();
  return rows.flatMap((r) => {
    const delivered = r.status === "delivered" && r.delivered_at ? String(r.delivered_at) : null;
    if (delivered && (delivered < startIso || delivered >= endIso)) return [];
    const quantity = Number(r.quantity);
    const returned = delivered ? Math.min(quantity, Number(r.returned ?? 0)) : 0;
    return [
      {
        agentId: r.agent_id,
        orderId: r.order_id,
        farmer: r.customer_name,
        placedAt: r.created_at,
        deliveredAt: delivered,
        product: r.name,
        productHi: r.name_hi,
        category: r.category,
        quantity,
        returned,
        basePaise: keptBaseOf(Number(r.base_paise), quantity, returned),
        rateBp: Number(r.rate_bp),
        commissionPaise: earnedOf(Number(r.commission_paise), quantity, returned),
      },
    ];
  });
}

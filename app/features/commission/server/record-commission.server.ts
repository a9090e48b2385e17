import type { Db } from "~/platform/db/db.server";
import { commissionOf } from "../domain/commission";
import { getCommissionRates } from "./commission-rates.server";

type PlacedLine = { id: string; order_id: string; product_id: string; taxable_paise: number };

/**
 * In the order's transaction: when the person who placed it is an approved field agent, one row per
 * line with its product's category, the rate as it is now and the commission on the line's taxable
 * value (after discounts, before GST). A kit's parts are lines of their own, each of its category.
 * Anyone else (the phone desk, a pending or suspended agent): nothing.
 */
export async function recordAgentCommission(trx: Db, placedBy: string, lines: readonly PlacedLine[]): Promise<void> {
  const agent = await trx
    .selectFrom("agent")
    .select("user_id")
    .where("user_id", "=", placedBy)
    .where("status", "=", "approved")
    .executeTakeFirst();
  if (!agent || lines.length === 0) return;
  const products = await trx
    .selectFrom("product")
    .select(["id", "category"])
    .where("id", "in", [...new Set(lines.map((l) => l.product_id))])
    .execute();
  const categoryOf = new Map(products.map((p) => [p.id, p.category]));
  const rates: Record<string, number> = await getCommissionRates(trx);
  const now = new Date().toISOString();
  await trx
    .insertInto("agent_commission")
    .values(
      lines.map((line) => {
        const category = categoryOf.get(line.product_id) ?? "";
        const rate_bp = rates[category] ?? 0;
        return {
          order_line_id: line.id,
          order_id: line.order_id,
          agent_id: agent.user_id,
          category,
          rate_bp,
          base_paise: line.taxable_paise,
          commission_paise: commissionOf(line.taxable_paise, rate_bp),
          created_at: now,
        };
      }),
    )
    .execute();
}

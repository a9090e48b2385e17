import { recordAudit } from "~/features/audit/server/record-audit.server";
import { CATEGORY_KEYS, isCategoryKey } from "~/features/catalog/domain/categories";
import { type Db, getDb } from "~/platform/db/db.server";
import { type CommissionRates, NO_RATES, percentText } from "../domain/commission";

/** The owner's rates, in basis points; a category never set has none (0). */
export async function getCommissionRates(db: Db = getDb()): Promise<CommissionRates> {
  const rows = await db.selectFrom("commission_rate").select(["category", "rate_bp"]).execute();
  const rates = { ...NO_RATES };
  for (const row of rows) if (isCategoryKey(row.category)) rates[row.category] = Number(row.rate_bp);
  return rates;
}

/**
 * Saves every category's rate, with one audit entry of what changed (as percentages), in one
 * transaction. Lines already recorded keep the rate they were placed at.
 */
export async function saveCommissionRates(rates: CommissionRates): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const before = await getCommissionRates(trx);
      const now = new Date().toISOString();
      for (const category of CATEGORY_KEYS) {
        const rate_bp = rates[category];
        await trx
          .insertInto("commission_rate")
          .values({ category, rate_bp, updated_at: now })
          .onConflict((oc) => oc.column("category").doUpdateSet({ rate_bp, updated_at: now }))
          .execute();
      }
      await recordAudit(trx, {
        kind: "settings.commission",
        object: { type: "settings", id: "commission" },
        before: asPercents(before),
        after: asPercents(rates),
      });
    });
}

const asPercents = (rates: CommissionRates) => Object.fromEntries(CATEGORY_KEYS.map((key) => [`${key} %`, percentText(rates[key])]));

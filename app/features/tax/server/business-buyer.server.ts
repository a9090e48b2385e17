import type { Db } from "~/platform/db/db.server";
import { getDb } from "~/platform/db/db.server";
import type { BusinessBuyer } from "~/features/tax/domain/business-buyer";

/**
 * A customer's business details for tax invoices (docs/decisions/051-business-buyers.md): one row per
 * account, the customer's own. The order copies them when it is placed with "Tax invoice for my
 * business" ticked; changing or removing them later changes no order.
 */
export async function getBusinessBuyer(userId: string, db: Db = getDb()): Promise<BusinessBuyer | null> {
  const row = await db.selectFrom("customer_business").select(["legal_name", "gstin"]).where("user_id", "=", userId).executeTakeFirst();
  return row ? { legalName: row.legal_name, gstin: row.gstin } : null;
}

/** Saves (or replaces) a customer's business details, already checked by BusinessBuyerSchema. */
export async function saveBusinessBuyer(userId: string, business: BusinessBuyer, at: Date = new Date()): Promise<void> {
  const values = { legal_name: business.legalName, gstin: business.gstin, updated_at: at.toISOString() };
  await getDb()
    .insertInto("customer_business")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}

export async function removeBusinessBuyer(userId: string): Promise<void> {
  await getDb().deleteFrom("customer_business").where("user_id", "=", userId).execute();
}

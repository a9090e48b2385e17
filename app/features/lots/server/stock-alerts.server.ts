import { type Db, getDb } from "~/platform/db/db.server";
import { addDays, indiaToday } from "~/platform/core/india-day";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import type { StockAlerts } from "~/features/lots/domain/stock-alerts";

/** Whose alerts: every seller's (the admin), or one vendor's own products. */
export type AlertScope = { vendorId: string } | "all";

/** Each list's longest: a page and an email show this many, the rest are counted on the page. */
export const MAX_ALERTS = 500;

/**
 * The stock alerts of a scope, as of India's `today`: sizes at or below their reorder level (of
 * products not archived), and lots with units on hand, not recalled, expiring on or before today
 * plus the store's warning days — soonest first.
 */
export async function listStockAlerts(scope: AlertScope, today: string = indiaToday(), db: Db = getDb()): Promise<StockAlerts> {
  const { expiryWarningDays } = await getGeneralSettings(db);
  const vendorId = scope === "all" ? null : scope.vendorId;
  const lowStock = await db
    .selectFrom("product_variant as v")
    .innerJoin("product as p", "p.id", "v.product_id")
    .leftJoin("vendor", "vendor.user_id", "p.vendor_id")
    .select(["p.id", "p.name", "v.label", "v.sku", "v.stock", "v.reorder_level", "vendor.business_name"])
    .where("v.reorder_level", "is not", null)
    .whereRef("v.stock", "<=", "v.reorder_level")
    .where("p.status", "!=", "archived")
    .$if(vendorId !== null, (qb) => qb.where("p.vendor_id", "=", vendorId ?? ""))
    .orderBy("v.stock")
    .orderBy("p.name")
    .orderBy("v.position")
    .limit(MAX_ALERTS)
    .execute();
  const expiring = await db
    .selectFrom("lot")
    .innerJoin("product_variant as v", "v.id", "lot.variant_id")
    .innerJoin("product as p", "p.id", "lot.product_id")
    .leftJoin("vendor", "vendor.user_id", "p.vendor_id")
    .select(["p.id", "p.name", "v.label", "lot.number", "lot.expires_on", "lot.quantity", "vendor.business_name"])
    .where("lot.quantity", ">", 0)
    .where("lot.recalled_at", "is", null)
    .where("lot.expires_on", "is not", null)
    .where("lot.expires_on", "<=", addDays(today, expiryWarningDays))
    .$if(vendorId !== null, (qb) => qb.where("p.vendor_id", "=", vendorId ?? ""))
    .orderBy("lot.expires_on")
    .orderBy("p.name")
    .orderBy("lot.number")
    .limit(MAX_ALERTS)
    .execute();
  return {
    withinDays: expiryWarningDays,
    lowStock: lowStock.map((r) => ({
      productId: r.id,
      productName: r.name,
      label: r.label,
      sku: r.sku,
      stock: Number(r.stock),
      reorderLevel: Number(r.reorder_level),
      seller: r.business_name,
    })),
    expiring: expiring.map((r) => ({
      productId: r.id,
      productName: r.name,
      label: r.label,
      lotNumber: r.number,
      expiresOn: r.expires_on ?? "",
      quantity: Number(r.quantity),
      seller: r.business_name,
    })),
  };
}

/** The vendors with at least one product whose size has a reorder level or a lot: those the daily email may write to. */
export async function vendorsWithStockToWatch(db: Db = getDb()): Promise<{ id: string; email: string; locale: string | null }[]> {
  return db
    .selectFrom("user")
    .innerJoin("vendor", "vendor.user_id", "user.id")
    .select(["user.id", "user.email", "user.locale"])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("product as p")
          .select("p.id")
          .whereRef("p.vendor_id", "=", "user.id")
          .where((inner) =>
            inner.or([
              inner.exists(inner.selectFrom("lot").select("lot.id").whereRef("lot.product_id", "=", "p.id")),
              inner.exists(
                inner
                  .selectFrom("product_variant as v")
                  .select("v.id")
                  .whereRef("v.product_id", "=", "p.id")
                  .where("v.reorder_level", "is not", null),
              ),
            ]),
          ),
      ),
    )
    .orderBy("user.id")
    .execute();
}

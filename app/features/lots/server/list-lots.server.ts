import { sql } from "kysely";
import { getDb } from "~/platform/db/db.server";
import { containsInsensitive } from "~/platform/db/like.server";
import { indiaToday } from "~/platform/core/india-day";
import { isId } from "~/platform/ids";
import type { LotRow, LotView, RecallActor } from "~/features/lots/domain/recall";
import { sellableLot } from "./lot-stock.server";

/** How many lots the lots page lists: the newest first, a search narrows them. */
export const LOTS_SHOWN = 100;

/** Whose lots: an admin's every lot, a vendor's those of their own products. */
const ownedBy = (actor: RecallActor) => (actor.role === "vendor" ? actor.id : null);

function lotsQuery(actor: RecallActor) {
  const vendorId = ownedBy(actor);
  return getDb()
    .selectFrom("lot")
    .innerJoin("product", "product.id", "lot.product_id")
    .innerJoin("product_variant as v", "v.id", "lot.variant_id")
    .select([
      "lot.id",
      "lot.number",
      "lot.quantity",
      "lot.expires_on",
      "lot.received_at",
      "lot.recalled_at",
      "product.name as product",
      "v.label as size",
      "v.sku",
    ])
    .select(sql<boolean>`case when ${sellableLot(indiaToday())} then 1 else 0 end`.as("sellable"))
    .$if(vendorId !== null, (qb) => qb.where("product.vendor_id", "=", vendorId ?? ""));
}

type Row = Awaited<ReturnType<ReturnType<typeof lotsQuery>["execute"]>>[number];

const toRow = (r: Row): LotRow => ({
  id: r.id,
  number: r.number,
  product: r.product,
  size: r.size,
  sku: r.sku,
  quantity: Number(r.quantity),
  expiresOn: r.expires_on,
  receivedAt: r.received_at,
  state: r.recalled_at ? "recalled" : Number(r.sellable) === 1 ? "selling" : "resting",
});

/** The actor's lots whose number or pack size's SKU contains `q` (all when blank), newest first. */
export async function listLots(actor: RecallActor, q: string): Promise<LotRow[]> {
  const search = q.trim().slice(0, 64);
  const rows = await lotsQuery(actor)
    .$if(search !== "", (qb) => qb.where((eb) => eb.or([containsInsensitive("lot.number", search), containsInsensitive("v.sku", search)])))
    .orderBy("lot.received_at", "desc")
    .orderBy("lot.id")
    .limit(LOTS_SHOWN)
    .execute();
  return rows.map(toRow);
}

/** One of the actor's lots with its recall, or null (another vendor's lot reads as none). */
export async function getLot(actor: RecallActor, lotId: string | undefined): Promise<LotView | null> {
  if (!isId(lotId)) return null;
  const row = await lotsQuery(actor)
    .leftJoin("lot_recall as r", "r.lot_id", "lot.id")
    .select(["lot.product_id", "lot.received_quantity", "lot.recall_reason", "r.held_orders", "r.told_customers"])
    .where("lot.id", "=", lotId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...toRow(row),
    productId: row.product_id,
    receivedQuantity: Number(row.received_quantity),
    recalledAt: row.recalled_at,
    recallReason: row.recall_reason,
    heldOrders: Number(row.held_orders ?? 0),
    toldCustomers: Number(row.told_customers ?? 0),
  };
}

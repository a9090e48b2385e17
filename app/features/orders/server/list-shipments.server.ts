import { type Db, getDb } from "~/platform/db/db.server";
import type { ShipmentView } from "~/features/orders/domain/shipments";
import { lineName } from "~/features/catalog/domain/pack-label";

export type OrderShipment = ShipmentView & { orderId: string; vendorId: string | null };

/**
 * The parcels of these orders, oldest first, each with the lines it carries. `vendorId` keeps a
 * vendor's own parcels only; `locale` names the lines in the reader's language. Callers have already
 * checked who may see the orders.
 */
export async function listShipments(
  orderIds: readonly string[],
  options: { vendorId?: string; db?: Db; locale?: string } = {},
): Promise<OrderShipment[]> {
  if (orderIds.length === 0) return [];
  const db = options.db ?? getDb();
  let query = db
    .selectFrom("shipment")
    .select(["id", "order_id", "vendor_id", "courier", "tracking", "shipped_at"])
    .where("order_id", "in", [...orderIds]);
  if (options.vendorId !== undefined) query = query.where("vendor_id", "=", options.vendorId);
  const shipments = await query.orderBy("shipped_at").orderBy("id").execute();
  if (shipments.length === 0) return [];
  const lines = await db
    .selectFrom("order_line")
    .select(["shipment_id", "name", "name_hi", "variant_label", "quantity"])
    .where(
      "shipment_id",
      "in",
      shipments.map((s) => s.id),
    )
    .orderBy("name")
    .orderBy("id")
    .execute();
  return shipments.map((s) => ({
    id: s.id,
    orderId: s.order_id,
    vendorId: s.vendor_id,
    courier: s.courier,
    tracking: s.tracking,
    shippedAt: s.shipped_at,
    items: lines
      .filter((l) => l.shipment_id === s.id)
      .map(
        (l) => `${lineName({ name: l.name, nameHi: l.name_hi, variantLabel: l.variant_label }, options.locale ?? "en")} × ${l.quantity}`,
      ),
  }));
}

import { getDb } from "~/platform/db/db.server";
import { type SellerToShip, STORE_LINES } from "~/features/orders/domain/shipments";
import type { OrderShipment } from "./list-shipments.server";

const STORE_NAME = "The store";

/**
 * For the admin's order page: each parcel with the name of the seller it came from, and the sellers
 * with lines still to ship (the store first, then vendors by name).
 */
export async function describeFulfilment(
  lines: readonly { vendor_id: string | null; shipment_id: string | null; quantity: number }[],
  shipments: readonly OrderShipment[],
) {
  const vendorIds = [...new Set([...lines.map((l) => l.vendor_id), ...shipments.map((s) => s.vendorId)].filter((v) => v !== null))];
  const vendors = vendorIds.length
    ? await getDb().selectFrom("vendor").select(["user_id", "business_name"]).where("user_id", "in", vendorIds).execute()
    : [];
  const nameOf = (vendorId: string | null) =>
    vendorId === null ? STORE_NAME : (vendors.find((v) => v.user_id === vendorId)?.business_name ?? "A former vendor");
  const toShip = new Map<string, SellerToShip>();
  for (const line of lines) {
    if (line.shipment_id !== null) continue;
    const seller = line.vendor_id ?? STORE_LINES;
    const entry = toShip.get(seller) ?? { seller, name: nameOf(line.vendor_id), items: 0 };
    entry.items += Number(line.quantity);
    toShip.set(seller, entry);
  }
  const sellersToShip = [...toShip.values()].sort((a, b) =>
    a.seller === STORE_LINES ? -1 : b.seller === STORE_LINES ? 1 : a.name.localeCompare(b.name),
  );
  return {
    shipments: shipments.map((s) => ({ ...s, sellerName: nameOf(s.vendorId) })),
    sellersToShip,
  };
}

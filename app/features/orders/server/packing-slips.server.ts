import { type Db, getDb } from "~/platform/db/db.server";
import { shownContact } from "~/features/accounts/domain/contact";
import type { LineLot } from "~/features/lots/domain/line-lots";
import { listLineLots } from "~/features/lots/server/line-lots.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { sizeName } from "~/features/catalog/domain/variants";
import { withKitName } from "~/features/kits/domain/kit-line-name";
import { AWAITING_PAYMENT } from "~/features/payments/domain/payments";
import { isId } from "~/platform/ids";

/** Who asks for slips: an admin (every line of an order) or a vendor (their own lines only). */
export type Packer = { role: "admin" | "vendor"; id: string };

/** What one packing slip and shipping label print (docs/decisions/058-warehouse-work.md). */
export type PackingSlip = {
  orderId: string;
  placedAt: string;
  /** Who ships the parcel, and from where. */
  from: { name: string; address: string[] };
  shipTo: { name: string; phone: string | null; street: string; city: string; state: string; pincode: string };
  lines: { name: string; sku: string | null; quantity: number; lots: LineLot[] }[];
  /** Cash to collect on delivery, for a cash-on-delivery order not yet paid; null otherwise. */
  codPaise: number | null;
  ewayBillNo: string | null;
};

/** Orders that are packed: not cancelled, and not waiting for an online payment. */
const PACKABLE_STATUSES = ["pending", "confirmed", "shipped", "delivered"] as const;

/** One order's slip, or null when it does not exist or holds none of the vendor's lines (the same answer). */
export async function packingSlipOf(orderId: string, packer: Packer): Promise<PackingSlip | null> {
  if (!isId(orderId)) return null;
  const [slip] = await packingSlips(getDb(), packer, { orderIds: [orderId] });
  return slip ?? null;
}

/** The slips of every order placed on an India day (UTC instants `startIso` to `endIso`), oldest first. */
export function packingSlipsOfDay(range: { startIso: string; endIso: string }, packer: Packer): Promise<PackingSlip[]> {
  return packingSlips(getDb(), packer, { range });
}

async function packingSlips(
  db: Db,
  packer: Packer,
  which: { orderIds: string[] } | { range: { startIso: string; endIso: string } },
): Promise<PackingSlip[]> {
  let query = db.selectFrom("orders").selectAll();
  if ("orderIds" in which) query = query.where("id", "in", which.orderIds);
  else
    query = query
      .where("created_at", ">=", which.range.startIso)
      .where("created_at", "<", which.range.endIso)
      .where("status", "in", [...PACKABLE_STATUSES])
      .where("payment_status", "not in", [...AWAITING_PAYMENT]);
  if (packer.role === "vendor") {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("order_line")
          .select("order_line.id")
          .whereRef("order_line.order_id", "=", "orders.id")
          .where("order_line.vendor_id", "=", packer.id),
      ),
    );
  }
  const orders = await query.orderBy("created_at").orderBy("id").execute();
  if (orders.length === 0) return [];
  let linesQuery = db
    .selectFrom("order_line")
    .selectAll()
    .where(
      "order_id",
      "in",
      orders.map((o) => o.id),
    );
  if (packer.role === "vendor") linesQuery = linesQuery.where("vendor_id", "=", packer.id);
  const lines = await linesQuery.orderBy("name").orderBy("id").execute();
  const lots = await listLineLots(
    db,
    lines.map((l) => l.id),
  );
  const from = await sender(db, packer);
  return orders.map((o) => {
    const own = lines.filter((l) => l.order_id === o.id);
    // Cash the courier collects: the whole order's total, or for a vendor's parcel its lines with their GST.
    const cod = o.payment_method === "cod" && o.payment_status === "cod";
    const lineAmounts = own.reduce(
      (sum, l) => sum + Number(l.taxable_paise) + Number(l.cgst_paise) + Number(l.sgst_paise) + Number(l.igst_paise),
      0,
    );
    const contact = shownContact({ name: o.customer_name, phone: o.customer_phone });
    return {
      orderId: o.id,
      placedAt: o.created_at,
      from,
      shipTo: { name: contact.label, phone: contact.phone ?? null, street: o.street, city: o.city, state: o.state, pincode: o.pincode },
      lines: own.map((l) => ({
        name: withKitName(sizeName(l.name, l.variant_label), l, "en"),
        sku: l.sku,
        quantity: Number(l.quantity),
        lots: lots.get(l.id) ?? [],
      })),
      codPaise: cod ? (packer.role === "admin" ? Number(o.total_paise) - Number(o.paid_paise) : lineAmounts) : null,
      ewayBillNo: o.eway_bill_no,
    };
  });
}

/** The parcel's sender: the store (its legal name and registered address) or the vendor's business. */
async function sender(db: Db, packer: Packer): Promise<PackingSlip["from"]> {
  if (packer.role === "vendor") {
    const v = await db
      .selectFrom("vendor")
      .select(["business_name", "street", "city", "state", "pincode"])
      .where("user_id", "=", packer.id)
      .executeTakeFirst();
    if (v) return { name: v.business_name, address: [v.street, `${v.city}, ${v.state} ${v.pincode}`] };
  }
  const settings = await getGeneralSettings(db);
  return {
    name: settings.storeLegalName,
    address: settings.storeGstAddress
      .split(/\n+/)
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

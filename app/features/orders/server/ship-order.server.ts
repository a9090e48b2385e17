import { getDb } from "~/platform/db/db.server";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { AWAITING_PAYMENT, isAwaitingPayment } from "~/features/payments/domain/payments";
import { ALL_LINES, ShipFormSchema, STORE_LINES, shipmentNote } from "~/features/orders/domain/shipments";
import { RefusalError, type Refusal, refusal } from "~/platform/core/refusal";
import { english, firstRefusal } from "~/platform/i18n/render-refusal.server";
import { isId, newId } from "~/platform/ids";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { queueShipmentEmail } from "~/features/messaging/server/queue-fulfilment-emails.server";
import { queueOrderStatusEmail } from "~/features/messaging/server/queue-order-emails.server";
import { ewayBillShippingRefusal } from "./eway-bill.server";

/** Why a shipment was refused, for the person shipping; `status` is the HTTP answer. */
export class ShipmentRefused extends RefusalError {
  declare readonly status: 400 | 404 | 409;
  constructor(refused: Refusal, status: 400 | 404 | 409 = 409) {
    super(refused, { status, english: english(refused) });
  }
}

/** Who ships: an admin (any seller's lines) or a vendor (their own lines only). */
export type Shipper = { role: "admin" | "vendor"; id: string };

export type ShipOrderInput = {
  orderId: string;
  courier: string;
  tracking: string;
  /** An admin's choice: every remaining line (the default), the store's ("store"), or one vendor's (their id). A vendor's is ignored. */
  seller?: string;
};

const ORDER_NOT_FOUND_FOR_SHIPPING = refusal("orders.order_gone");
const CHANGED = refusal("orders.changed_reload");

/**
 * Records a parcel: the seller's lines of the order not shipped yet go into one shipment per seller
 * (courier and tracking), all in one transaction. When no line of the order is left unshipped, the
 * order moves from confirmed to shipped (guarded on the status it moved from, with a history row)
 * and the customer's "shipped" email lists every parcel; otherwise the customer hears about this
 * parcel. Only a confirmed order that is not waiting for its online payment, and has its e-way bill
 * number when its value needs one, can ship. A vendor's
 * ownership is part of the query: another vendor's order reads as not found, and their lines are
 * never touched.
 */
export async function shipOrder(shipper: Shipper, input: ShipOrderInput): Promise<{ shipmentIds: string[]; orderShipped: boolean }> {
  const parsed = ShipFormSchema.safeParse({ courier: input.courier, tracking: input.tracking, seller: input.seller });
  if (!parsed.success) throw new ShipmentRefused(firstRefusal(parsed.error), 400);
  const { courier, tracking } = parsed.data;
  const seller = shipper.role === "vendor" ? shipper.id : parsed.data.seller;
  if (!isId(input.orderId)) throw new ShipmentRefused(ORDER_NOT_FOUND_FOR_SHIPPING, 404);
  const orderId = input.orderId;
  const emails = await getEmailContext();
  return getDb()
    .transaction()
    .execute(async (trx) => {
      let orderQuery = trx.selectFrom("orders").select(["id", "status", "payment_status"]).where("id", "=", orderId);
      if (shipper.role === "vendor") {
        orderQuery = orderQuery.where((eb) =>
          eb.exists(
            eb
              .selectFrom("order_line")
              .select("order_line.id")
              .whereRef("order_line.order_id", "=", "orders.id")
              .where("order_line.vendor_id", "=", shipper.id),
          ),
        );
      }
      const order = await orderQuery.executeTakeFirst();
      if (!order) throw new ShipmentRefused(ORDER_NOT_FOUND_FOR_SHIPPING, 404);
      if (order.status !== "confirmed" && order.status !== "pending") {
        throw new ShipmentRefused(refusal("orders.ship_status", { status: order.status }));
      }
      if (isAwaitingPayment(order.payment_status)) throw new ShipmentRefused(refusal("orders.awaiting_payment"));
      if (order.status === "pending") throw new ShipmentRefused(refusal("vendor.confirm_before_shipping"));
      // A recalled lot still on the order is swapped or the order cancelled first (docs/decisions/059-recalls.md).
      const held = await trx
        .selectFrom("recall_hold")
        .innerJoin("lot", "lot.id", "recall_hold.lot_id")
        .select("lot.number")
        .where("recall_hold.order_id", "=", orderId)
        .where("recall_hold.resolved_at", "is", null)
        .executeTakeFirst();
      if (held) throw new ShipmentRefused(refusal("recalls.ship_held", { lot: held.number }));
      // Goods above the e-way bill threshold do not move without one (docs/decisions/058-warehouse-work.md).
      const noEwayBill = await ewayBillShippingRefusal(trx, orderId);
      if (noEwayBill) throw new ShipmentRefused(noEwayBill);

      const now = new Date().toISOString();
      // Claims the order row, still confirmed and not waiting for payment: a cancel racing this waits for it (or wins).
      const claimed = await trx
        .updateTable("orders")
        .set({ updated_at: now })
        .where("id", "=", orderId)
        .where("status", "=", "confirmed")
        .where("payment_status", "not in", [...AWAITING_PAYMENT])
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new ShipmentRefused(CHANGED);

      let linesQuery = trx
        .selectFrom("order_line")
        .select(["id", "vendor_id"])
        .where("order_id", "=", orderId)
        .where("shipment_id", "is", null);
      if (seller === STORE_LINES) linesQuery = linesQuery.where("vendor_id", "is", null);
      else if (seller !== ALL_LINES) linesQuery = linesQuery.where("vendor_id", "=", seller);
      const lines = await linesQuery.orderBy("id").execute();
      if (lines.length === 0) {
        throw new ShipmentRefused(
          refusal(
            shipper.role === "vendor" ? "orders.shipped_yours" : seller === ALL_LINES ? "orders.shipped_all" : "orders.shipped_those",
          ),
        );
      }

      // One parcel per seller: a shipment belongs to the store (vendor_id null) or to one vendor.
      const bySeller = new Map<string | null, string[]>();
      for (const line of lines) bySeller.set(line.vendor_id, [...(bySeller.get(line.vendor_id) ?? []), line.id]);
      const shipmentIds: string[] = [];
      for (const [vendorId, lineIds] of bySeller) {
        const id = newId();
        await trx
          .insertInto("shipment")
          .values({ id, order_id: orderId, vendor_id: vendorId, courier, tracking, actor_id: shipper.id, shipped_at: now })
          .execute();
        const packed = await trx
          .updateTable("order_line")
          .set({ shipment_id: id })
          .where("id", "in", lineIds)
          .where("order_id", "=", orderId)
          .where("shipment_id", "is", null)
          .executeTakeFirst();
        if (Number(packed.numUpdatedRows) !== lineIds.length) throw new ShipmentRefused(CHANGED);
        shipmentIds.push(id);
      }
      await recordAudit(trx, {
        kind: "order.ship",
        object: { type: "order", id: orderId },
        before: { shipment: null },
        after: { shipment: { courier, tracking, lines: lines.length } },
      });

      const left = await trx
        .selectFrom("order_line")
        .select((eb) => eb.fn.sum<number>("quantity").as("n"))
        .where("order_id", "=", orderId)
        .where("shipment_id", "is", null)
        .executeTakeFirstOrThrow();
      const remaining = Number(left.n ?? 0);
      if (remaining > 0) {
        for (const id of shipmentIds) await queueShipmentEmail(trx, emails, orderId, id, remaining);
        return { shipmentIds, orderShipped: false };
      }
      const moved = await trx
        .updateTable("orders")
        .set({ status: "shipped", updated_at: now })
        .where("id", "=", orderId)
        .where("status", "=", "confirmed")
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new ShipmentRefused(CHANGED);
      await trx
        .insertInto("order_event")
        .values({
          id: newId(),
          order_id: orderId,
          status: "shipped",
          note: shipmentNote(courier, tracking).slice(0, 500),
          actor_id: shipper.id,
          created_at: now,
        })
        .execute();
      await queueOrderStatusEmail(trx, emails, orderId, "shipped");
      return { shipmentIds, orderShipped: true };
    });
}
